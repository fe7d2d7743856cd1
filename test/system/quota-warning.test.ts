import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { freePort, startDashboard, type DashboardProcess } from "../harness/dashboard-process";

// docs/deploy.md: past 80% of the app's day quota the operator sees it in the log (once a day), the metrics and readiness.
const METRICS_TOKEN = randomBytes(24).toString("hex");
const DAY_QUOTA = 20;
let sandbox: RunningSandbox;
let dashboard: DashboardProcess;
let folder: string;
let logText = "";

type Quota = { spent: number; limit: number; warning: string | null; runsOutAt: string | null };

const ready = async () => {
  const response = await fetch(`${dashboard.url}/api/health/ready`);
  return { status: response.status, quota: ((await response.json()) as { quota: Quota | null }).quota };
};
const scrape = async () =>
  (await fetch(`${dashboard.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
const warnings = () =>
  logText
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === "marketplace quota past 80%");

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "quota-warning-"));
  sandbox = await startSandbox({ port: 0, db: ":memory:", perDay: DAY_QUOTA });
  dashboard = await startDashboard({
    port: await freePort(),
    sandboxUrl: sandbox.url,
    dashboardDb: join(folder, "dashboard.db"),
    stdio: "pipe",
    env: { METRICS_TOKEN },
  });
  dashboard.process.stdout?.on("data", (chunk: Buffer) => (logText += chunk.toString()));
}, 120_000);

afterAll(async () => {
  await dashboard?.stop();
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

it("warns once past 80% of a small day quota: a warn line, the gauges and readiness, while the instance stays ready", async () => {
  // Each readiness check pings the marketplace: one request of the day quota, whose count its answer carries.
  let answer = await ready();
  while ((answer.quota?.spent ?? 0) < 0.8 * DAY_QUOTA - 1) answer = await ready();
  expect(answer.quota).toMatchObject({ spent: 15, limit: DAY_QUOTA, warning: null });
  expect(warnings()).toEqual([]);
  expect(gauge(await scrape(), "marketplace_quota_spent_ratio")).toBe(0.75);

  answer = await ready();
  expect(answer.status).toBe(200);
  expect(answer.quota).toMatchObject({ spent: 16, limit: DAY_QUOTA });
  expect(answer.quota?.warning).toMatch(/spent 16 of its 20 marketplace requests of the last 24 hours \(80%\)/);
  expect(answer.quota?.warning).toMatch(/runs out at about \d\d:00 UTC/);
  expect(Date.parse(answer.quota?.runsOutAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

  await ready();
  await ready();
  const metrics = await scrape();
  expect(gauge(metrics, "marketplace_quota_spent_ratio")).toBe(0.9);
  expect(gauge(metrics, "marketplace_quota_runs_out_timestamp_seconds")).toBeGreaterThan(0);
  for (const deadline = Date.now() + 5_000; warnings().length === 0 && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(warnings()).toHaveLength(1);
  expect(warnings()[0]).toMatchObject({ level: 40, spent: 16, limit: DAY_QUOTA });
  expect(logText).not.toContain(dashboard.app.shared_secret);
}, 60_000);
