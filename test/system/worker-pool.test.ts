import { randomBytes } from "node:crypto";
import { get as httpGet } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { createSeller } from "../harness/sandbox";
import { freePort, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { signInOverHttp } from "../harness/http-sign-in";

// DASHBOARD_WORKERS=2: the built server as a primary and two workers sharing one port and one SQLite file.
const METRICS_TOKEN = randomBytes(24).toString("hex");
let sandbox: RunningSandbox;
let dashboard: DashboardProcess;
let folder: string;
let logText = "";

type LogLine = { msg: string; pid: number; route?: string; worker?: number };
const logLines = (): LogLine[] =>
  logText
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
const answeringPids = () =>
  new Set(
    logLines()
      .filter((line) => line.msg === "request")
      .map((line) => line.pid),
  );
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${dashboard.url}${path}`, { headers });
const scrape = async () => (await freshGet("/api/metrics", { authorization: `Bearer ${METRICS_TOKEN}` })).body;
const sample = (text: string, series: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`${series} `))
      ?.split(" ")[1] ?? Number.NaN,
  );
/**
 * On a connection of its own: node:cluster hands out connections, not requests, in turn, so these reach both workers
 * (and never one that was just killed, as a kept-alive connection could).
 */
const freshGet = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) =>
    httpGet(`${dashboard.url}${path}`, { agent: false, headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    }).on("error", reject),
  );
const freshStatus = async (path: string) => (await freshGet(path)).status;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "worker-pool-"));
  sandbox = await startSandbox({ port: 0, db: ":memory:" });
  dashboard = await startDashboard({
    port: await freePort(),
    sandboxUrl: sandbox.url,
    dashboardDb: join(folder, "dashboard.db"),
    stdio: "pipe",
    env: { METRICS_TOKEN, DASHBOARD_WORKERS: "2" },
  });
  dashboard.process.stdout?.on("data", (chunk: Buffer) => (logText += chunk.toString()));
  // Both workers listen before the test starts counting who answers.
  for (const deadline = Date.now() + 60_000; answeringPids().size < 2 && Date.now() < deadline;)
    await freshStatus("/api/health");
}, 120_000);

afterAll(async () => {
  await dashboard?.stop();
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("a pool of two workers", () => {
  it("answers on one port from two processes, and signs a seller in whichever worker takes each step", async () => {
    expect(answeringPids().size).toBe(2);
    expect(answeringPids().has(dashboard.process.pid as number)).toBe(false);
    const seller = await createSeller(sandbox.url, { listings: 3 });
    const { cookie } = await signInOverHttp(dashboard.url, seller);
    for (let read = 0; read < 4; read++) {
      const response = await get("/api/listings?state=active&page=1", { cookie });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { listings: unknown[] }).listings).toHaveLength(3);
    }
  });

  it("serves metrics summed over both workers, whichever worker the scrape reaches", async () => {
    const series = 'http_requests_total{method="GET",route="/api/health",status="200"}';
    const before = sample(await scrape(), series);
    for (let call = 0; call < 20; call++) expect(await freshStatus("/api/health")).toBe(200);
    for (let scrapeCount = 0; scrapeCount < 4; scrapeCount++) expect(sample(await scrape(), series)).toBe(before + 20);
    const text = await scrape();
    expect(text.split("\n").filter((line) => line.startsWith("active_sessions "))).toHaveLength(1);
    expect(sample(text, "active_sessions")).toBeGreaterThanOrEqual(1);
  });

  it("replaces a worker that dies, and keeps answering meanwhile", async () => {
    const [victim] = answeringPids();
    process.kill(victim as number, "SIGKILL");
    // A connection the primary hands over in the moment before it sees the exit is lost with the worker, as with any crash.
    for (
      const deadline = Date.now() + 30_000;
      !logLines().some((line) => line.msg === "a worker exited: starting another") && Date.now() < deadline;
    )
      await sleep(100);
    expect(logLines().find((line) => line.msg === "a worker exited: starting another")).toMatchObject({
      pid: dashboard.process.pid,
      worker: victim,
    });
    for (let call = 0; call < 10; call++) expect(await freshStatus("/api/health")).toBe(200);
    const before = answeringPids().size;
    for (const deadline = Date.now() + 60_000; answeringPids().size === before && Date.now() < deadline;)
      await freshStatus("/api/health");
    expect(answeringPids().size).toBe(3);
  }, 120_000);

  it("stops on SIGTERM: every worker drains and the primary exits 0", async () => {
    const exited = new Promise<number | null>((resolve) => dashboard.process.once("exit", (code) => resolve(code)));
    process.kill(dashboard.process.pid as number, "SIGTERM");
    expect(await exited).toBe(0);
    const stopped = logLines()
      .filter((line) => line.msg === "stopped")
      .map((line) => line.pid);
    expect(new Set(stopped).size).toBe(2);
    for (const pid of stopped) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});
