import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { freePort, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { signInOverHttp } from "../harness/http-sign-in";
import { createSeller } from "../harness/sandbox";

// docs/deploy.md: past 80% of the app's day quota the operator sees it in the log (once a day) and the metrics, behind
// their token; readiness, which anyone may ask, says nothing of it and stays ready.
const METRICS_TOKEN = randomBytes(24).toString("hex");
const DAY_QUOTA = 20;
let sandbox: RunningSandbox;
let dashboard: DashboardProcess;
let folder: string;
let logText = "";

const ready = async () => {
  const response = await fetch(`${dashboard.url}/api/health/ready`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const scrape = async () =>
  (await fetch(`${dashboard.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
const gauge = (text: string, series: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`${series} `))
      ?.split(" ")[1],
  );
const spent = async () => gauge(await scrape(), 'marketplace_quota_requests{count="spent"}');
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

it("warns once past 80% of a small day quota: a warn line and the gauges, while readiness stays ready and silent about it", async () => {
  // A seller's reads spend the day quota; each answer carries the whole app's count.
  const seller = await createSeller(sandbox.url, { listings: 1 });
  const { cookie } = await signInOverHttp(dashboard.url, seller);
  const read = () => fetch(`${dashboard.url}/api/listings?state=active&page=1&fresh=1`, { headers: { cookie } });
  for (let reads = 0; !((await spent()) >= 0.8 * DAY_QUOTA); reads++) {
    expect(reads).toBeLessThan(DAY_QUOTA);
    expect(warnings()).toEqual([]);
    expect((await read()).status).toBe(200);
  }
  const metrics = await scrape();
  expect(gauge(metrics, "marketplace_quota_spent_ratio")).toBeGreaterThanOrEqual(0.8);
  expect(gauge(metrics, 'marketplace_quota_requests{count="limit"}')).toBe(DAY_QUOTA);
  expect(gauge(metrics, "marketplace_quota_runs_out_timestamp_seconds")).toBeGreaterThan(Date.now() / 1000 - 60);

  const answer = await ready();
  expect(answer.status).toBe(200);
  expect(Object.keys(answer.body).sort()).toEqual(["checks", "status"]);

  await read();
  for (const deadline = Date.now() + 5_000; warnings().length === 0 && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(warnings()).toHaveLength(1);
  expect(warnings()[0]).toMatchObject({ level: 40, limit: DAY_QUOTA });
  expect(warnings()[0]?.spent).toBeGreaterThanOrEqual(0.8 * DAY_QUOTA);
  expect(String(warnings()[0]?.msg)).toBe("marketplace quota past 80%");
  expect(logText).not.toContain(dashboard.app.shared_secret);
}, 60_000);
