import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SELLERS } from "../../sandbox/store/seed";
import { freePort } from "../harness/dashboard-process";
import { signInOverHttp } from "../harness/http-sign-in";

// `npm start -- --phase migration`, run as a person runs it (scripts/start.ts, the embedded sandbox and the built
// dashboard): the sandbox is pinned to the migration period and the dashboard shows that period's editor.
const LISTING = 1_000_000_001;
let folder: string;
let start: ChildProcess;
let output = "";
let dashboardUrl: string;
let sandboxUrl: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "start-phase-"));
  const [port, sandboxPort] = [await freePort(), await freePort()];
  dashboardUrl = `http://localhost:${port}`;
  sandboxUrl = `http://localhost:${sandboxPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_DB: join(folder, "sandbox.db"),
    DASHBOARD_DB: join(folder, "dashboard.db"),
    // As a copy of .env.example sets it: --phase wins.
    MARKETPLACE_PERSONALIZATION: "multi",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  for (const name of ["MARKETPLACE_API_URL", "MARKETPLACE_AUTH_URL", "AUTH_URL", "DATABASE_URL"]) delete env[name];
  start = spawn("npx", ["tsx", "scripts/start.ts", "--", "--phase", "migration"], {
    env,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
  });
  start.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    if (start.exitCode !== null) throw new Error(`npm start exited with ${start.exitCode}:\n${output}`);
    if (
      await fetch(`${dashboardUrl}/sign-in`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
  }
  throw new Error(`npm start did not answer within 90 s:\n${output}`);
}, 120_000);

afterAll(async () => {
  if (start?.exitCode === null) {
    const exited = new Promise((resolve) => start.once("exit", resolve));
    process.kill(-(start.pid as number), "SIGTERM");
    await exited;
  }
  rmSync(folder, { recursive: true, force: true });
});

describe("npm start -- --phase migration", () => {
  it("pins the sandbox to the migration period and says the dashboard follows it", async () => {
    const phase = (await (await fetch(`${sandboxUrl}/__sandbox/phase`)).json()) as { phase: string; pinned: boolean };
    expect(phase).toMatchObject({ phase: "migration", pinned: true });
    expect(output).toContain(
      "--phase migration: the dashboard runs with MARKETPLACE_PERSONALIZATION=single, not multi as configured.",
    );
  });

  it("shows the migration period's single-question editor, not today's several questions", async () => {
    const { cookie } = await signInOverHttp(dashboardUrl, DEMO_SELLERS.ada, `/listings/${LISTING}`);
    const page = await fetch(`${dashboardUrl}/listings/${LISTING}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Instructions for buyers");
    expect(html).toContain("Save question<");
    expect(html).not.toContain("Save questions");
  });
});
