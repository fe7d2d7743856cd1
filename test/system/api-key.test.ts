import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { DEMO_APP } from "../../sandbox/store/seed";
import { freePort, startDashboard, type DashboardApp, type DashboardProcess } from "../harness/dashboard-process";

// The built dashboard with a key the sandbox refuses: it starts, logs why, and its readiness says why, without the key.
let sandbox: RunningSandbox;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "api-key-"));
  sandbox = await startSandbox({ port: 0, db: ":memory:" });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

type Readiness = { status: string; checks: Record<string, { ok: boolean; error?: string }> };

const METRICS_TOKEN = randomBytes(24).toString("hex");

/** `app` undefined: an app registered for the dashboard's port, whose key the sandbox accepts. */
async function withDashboard(
  app: DashboardApp | undefined,
  check: (dashboard: DashboardProcess, log: () => string) => Promise<void>,
) {
  let logText = "";
  const dashboard = await startDashboard({
    port: await freePort(),
    sandboxUrl: sandbox.url,
    app,
    authSecret: randomBytes(32).toString("base64url"),
    dashboardDb: join(folder, `${app?.name ?? "registered"}.db`),
    stdio: "pipe",
    env: { METRICS_TOKEN },
  });
  dashboard.process.stdout?.on("data", (chunk: Buffer) => (logText += chunk.toString()));
  try {
    await check(dashboard, () => logText);
  } finally {
    await dashboard.stop();
  }
}

async function readinessOf(dashboard: DashboardProcess) {
  const response = await fetch(`${dashboard.url}/api/health/ready`);
  return { status: response.status, text: await response.text() };
}

describe("the app's key and its last successful request", () => {
  it("a key the marketplace accepts: readiness is 200, and the date of the last successful request is a metrics gauge only", async () => {
    await withDashboard(undefined, async (dashboard) => {
      const { status, text } = await readinessOf(dashboard);
      expect(status).toBe(200);
      expect(Object.keys(JSON.parse(text) as object).sort()).toEqual(["checks", "status"]);
      const metrics = await fetch(`${dashboard.url}/api/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      }).then((response) => response.text());
      const gauge = /^marketplace_last_successful_request_timestamp_seconds (\d+)$/m.exec(metrics)?.[1];
      expect(Date.now() / 1000 - Number(gauge)).toBeLessThan(60);
    });
  }, 120_000);

  it("a keystring the sandbox does not know: readiness is 503 saying the key is not recognised, and the server keeps running", async () => {
    const app = { keystring: "unknownkeystring000000000", shared_secret: "unknown-secret-000000", name: "unknown" };
    await withDashboard(app, async (dashboard, log) => {
      const { status, text } = await readinessOf(dashboard);
      expect(status).toBe(503);
      const body = JSON.parse(text) as Readiness;
      expect(body.status).toBe("not ready");
      expect(body.checks.marketplace?.error).toMatch(
        /does not recognise the app's API key \(401\).*MARKETPLACE_KEYSTRING/,
      );
      expect(text).not.toContain(app.keystring);
      expect(text).not.toContain(app.shared_secret);
      expect(log()).toMatch(/does not recognise the app's API key/);
      expect(log()).not.toContain(app.shared_secret);
      expect(dashboard.process.exitCode).toBeNull();
    });
  }, 120_000);

  it("a wrong shared secret: readiness is 503 saying the secret is refused", async () => {
    const app = { keystring: DEMO_APP.keystring, shared_secret: "not-the-apps-shared-secret", name: "wrong-secret" };
    await withDashboard(app, async (dashboard) => {
      const { status, text } = await readinessOf(dashboard);
      expect(status).toBe(503);
      expect((JSON.parse(text) as Readiness).checks.marketplace?.error).toMatch(
        /refused the app's shared secret \(403\).*MARKETPLACE_SHARED_SECRET/,
      );
      expect(text).not.toContain(app.shared_secret);
      expect(text).not.toContain(app.keystring);
    });
  }, 120_000);
});
