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

type Started = { process: ChildProcess; output: string; dashboardUrl: string; sandboxUrl: string };
let folder: string;
const running: Started[] = [];

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "start-phase-"));
});

afterAll(async () => {
  for (const started of running) {
    if (started.process.exitCode !== null) continue;
    const exited = new Promise((resolve) => started.process.once("exit", resolve));
    process.kill(-(started.process.pid as number), "SIGTERM");
    await exited;
  }
  rmSync(folder, { recursive: true, force: true });
});

async function npmStart(phase: string): Promise<Started> {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_DB: join(folder, `${phase}-sandbox.db`),
    DASHBOARD_DB: join(folder, `${phase}-dashboard.db`),
    // As a copy of .env.example sets it: --phase wins.
    MARKETPLACE_PERSONALIZATION: "multi",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  for (const name of ["MARKETPLACE_API_URL", "MARKETPLACE_AUTH_URL", "AUTH_URL", "DATABASE_URL"]) delete env[name];
  const child = spawn("npx", ["tsx", "scripts/start.ts", "--", "--phase", phase], {
    env,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const started: Started = {
    process: child,
    output: "",
    dashboardUrl: `http://localhost:${port}`,
    sandboxUrl: `http://localhost:${sandboxPort}`,
  };
  running.push(started);
  child.stdout?.on("data", (chunk: Buffer) => (started.output += chunk.toString()));
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${started.output}`);
    if (
      await fetch(`${started.dashboardUrl}/sign-in`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return started;
  }
  throw new Error(`npm start did not answer within 90 s:\n${started.output}`);
}

async function editorPage(started: Started) {
  const { cookie } = await signInOverHttp(started.dashboardUrl, DEMO_SELLERS.ada, `/listings/${LISTING}`);
  const page = await fetch(`${started.dashboardUrl}/listings/${LISTING}`, { headers: { cookie } });
  expect(page.status).toBe(200);
  return page.text();
}

describe("npm start -- --phase P", () => {
  it("migration: pins the sandbox and shows that period's single-question editor, over a multi setting from .env", async () => {
    const started = await npmStart("migration");
    const phase = (await (await fetch(`${started.sandboxUrl}/__sandbox/phase`)).json()) as { phase: string };
    expect(phase).toMatchObject({ phase: "migration", pinned: true });
    expect(started.output).toContain(
      "--phase migration: the dashboard runs with MARKETPLACE_PERSONALIZATION=single, not multi as configured.",
    );
    const html = await editorPage(started);
    expect(html).toContain("Instructions for buyers");
    expect(html).toContain("Save question<");
    expect(html).not.toContain("Save questions");
  }, 120_000);

  it("multi-question: several questions, and an add-on price only from add-on-prices (2026-07-20)", async () => {
    const before = await editorPage(await npmStart("multi-question"));
    expect(before).toContain("Save questions");
    expect(before).not.toContain("Add-on price");
    expect(await editorPage(await npmStart("add-on-prices"))).toContain("Add-on price");
  }, 180_000);
});
