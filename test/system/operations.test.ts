import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { advanceClock, createSeller, sandboxControl } from "../harness/sandbox";
import { freePort, SERVER_COMMAND, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { signInOverHttp } from "../harness/http-sign-in";

// Issue 13: health, readiness, metrics and structured logs of the built dashboard, over HTTP, against a real sandbox.
const METRICS_TOKEN = randomBytes(24).toString("hex");
const AUTH_SECRET = randomBytes(32).toString("base64url");
let sandbox: RunningSandbox;
let dashboard: DashboardProcess;
let folder: string;
let logText = "";

type LogLine = Record<string, unknown> & { msg: string };
const logLines = (): LogLine[] =>
  logText
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${dashboard.url}${path}`, { headers });
const scrape = async () => (await get("/api/metrics", { authorization: `Bearer ${METRICS_TOKEN}` })).text();
const sample = (text: string, series: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`${series} `))
      ?.split(" ")[1] ?? Number.NaN,
  );
const sandboxLogSize = async () => ((await sandboxControl(sandbox.url, "/requests")).body.requests as unknown[]).length;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "operations-"));
  sandbox = await startSandbox({ port: 0, db: ":memory:" });
  dashboard = await startDashboard({
    port: await freePort(),
    sandboxUrl: sandbox.url,
    authSecret: AUTH_SECRET,
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

describe("health", () => {
  it("GET /api/health answers 200 JSON and asks neither the store nor the marketplace", async () => {
    const before = await sandboxLogSize();
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ status: "ok" });
    expect(await sandboxLogSize()).toBe(before);
  });

  it("GET /api/health/ready is 200 when the store answers, every migration is applied and the marketplace answers its ping, with each check's latency", async () => {
    const response = await get("/api/health/ready");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      status: string;
      checks: Record<string, { ok: boolean; ms: number; applied?: number; expected?: number }>;
    };
    expect(body.status).toBe("ready");
    expect(Object.keys(body.checks).sort()).toEqual(["marketplace", "migrations", "store"]);
    for (const check of Object.values(body.checks)) {
      expect(check.ok).toBe(true);
      expect(typeof check.ms).toBe("number");
    }
    expect(body.checks.migrations?.applied).toBe(body.checks.migrations?.expected);
  });

  it("GET /api/health/ready is 503 naming the marketplace while it does not answer, and 200 again once it does", async () => {
    await sandboxControl(sandbox.url, "/outage", { seconds: 4 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const down = await get("/api/health/ready");
    expect(down.status).toBe(503);
    const body = (await down.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
    expect(body.status).toBe("not ready");
    expect(body.checks.marketplace?.ok).toBe(false);
    expect(body.checks.marketplace?.error).toMatch(/ping failed/);
    expect(body.checks.store?.ok).toBe(true);
    let status = 503;
    for (
      const deadline = Date.now() + 20_000;
      status !== 200 && Date.now() < deadline;
      await new Promise((resolve) => setTimeout(resolve, 500))
    ) {
      status = (await get("/api/health/ready")).status;
    }
    expect(status).toBe(200);
  }, 30_000);
});

describe("metrics", () => {
  it("refuses a request without the bearer token with 401 and a body that says what to send", async () => {
    const response = await get("/api/metrics");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(((await response.json()) as { error: string }).error).toMatch(/Authorization: Bearer/);
  });

  it("refuses a wrong bearer token with 401", async () => {
    expect((await get("/api/metrics", { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}x` })).status).toBe(401);
  });

  it("serves Prometheus text: marketplace calls by operation and status, latency histograms, requests, token refreshes, active sessions", async () => {
    const seller = await createSeller(sandbox.url, { listings: 3 });
    const { cookie } = await signInOverHttp(dashboard.url, seller);
    expect((await get("/api/listings?state=active&page=1&fresh=1", { cookie })).status).toBe(200);
    await advanceClock(sandbox.url, 3700);
    expect((await get("/api/listings?state=active&page=1&fresh=1", { cookie })).status).toBe(200);

    const response = await get("/api/metrics", { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    // A request is counted when its response has gone out whole, which may be just after the client has read it.
    const listingsServed = 'http_requests_total{method="GET",route="/api/listings",status="200"}';
    let text = await response.text();
    for (
      const deadline = Date.now() + 10_000;
      sample(text, listingsServed) < 2 && Date.now() < deadline;
      await new Promise((resolve) => setTimeout(resolve, 100))
    )
      text = await scrape();
    expect(sample(text, 'marketplace_calls_total{operation="getMe",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'marketplace_calls_total{operation="getListingsByShop",status="200"}')).toBeGreaterThanOrEqual(
      2,
    );
    expect(
      sample(text, 'marketplace_call_duration_seconds_count{operation="getListingsByShop"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'marketplace_token_refreshes_total{outcome="refreshed"}')).toBe(1);
    expect(sample(text, listingsServed)).toBe(2);
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE bulk_items_total counter");
    expect(sample(text, "active_sessions")).toBe(1);
    // An idle server's render line stays where it starts: nobody waited, so it had no reason to grow.
    expect(sample(text, "page_render_places")).toBe(4);
    expect(sample(text, "pages_in_line")).toBe(0);
  }, 60_000);
});

describe("structured logs", () => {
  it("write one JSON line per request (id, route, status, latency) and per marketplace call (operation, status, latency, rate limit left)", async () => {
    const response = await get("/api/health/ready", { "x-request-id": "probe-42" });
    expect(response.headers.get("x-request-id")).toBe("probe-42");
    const probeLines = () => logLines().filter((line) => line.requestId === "probe-42");
    for (
      const deadline = Date.now() + 10_000;
      !probeLines().some((line) => line.msg === "request") && Date.now() < deadline;
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = probeLines();
    expect(lines.find((line) => line.msg === "request")).toMatchObject({
      method: "GET",
      route: "/api/health/ready",
      status: 200,
    });
    expect(typeof lines.find((line) => line.msg === "request")?.ms).toBe("number");
    const ping = lines.find((line) => line.msg === "marketplace call");
    expect(ping).toMatchObject({ operation: "ping", status: 200 });
    expect(typeof ping?.ms).toBe("number");
    expect(typeof ping?.remainingThisSecond).toBe("number");
    expect(typeof ping?.remainingToday).toBe("number");
  });

  it("never hold a token, the shared secret, the session secret or a cookie, through a sign-in, reads and a token refresh", async () => {
    const seller = await createSeller(sandbox.url, { listings: 2 });
    const signedIn = await signInOverHttp(dashboard.url, seller, "/listings");
    const store = new Sqlite(join(folder, "dashboard.db"), { readonly: true });
    const tokensOf = () =>
      store.prepare("SELECT access_token, refresh_token FROM seller_tokens WHERE user_id = ?").get(seller.user_id) as {
        access_token: string;
        refresh_token: string;
      };
    const first = tokensOf();
    expect((await get("/listings", { cookie: signedIn.cookie })).status).toBe(200);
    await advanceClock(sandbox.url, 3700);
    expect((await get("/api/listings?state=active&page=1&fresh=1", { cookie: signedIn.cookie })).status).toBe(200);
    const second = tokensOf();
    store.close();
    expect(second.access_token).not.toBe(first.access_token);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const secrets = [
      first.access_token,
      first.refresh_token,
      second.access_token,
      second.refresh_token,
      dashboard.app.shared_secret,
      AUTH_SECRET,
      METRICS_TOKEN,
      ...signedIn.jar.values(),
    ];
    expect(secrets.every((secret) => secret.length >= 16)).toBe(true);
    expect(logLines().filter((line) => line.msg === "marketplace call").length).toBeGreaterThan(3);
    expect(secrets.filter((secret) => logText.includes(secret))).toEqual([]);
  }, 60_000);
});

describe("configuration errors at start", () => {
  it("name each missing or malformed setting and how to fix it, and exit non-zero before serving", () => {
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "production",
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      MARKETPLACE_API_URL: "not a url",
      MARKETPLACE_AUTH_URL: sandbox.url,
      MARKETPLACE_SHARED_SECRET: "s",
      MARKETPLACE_TIMEOUT_MS: "soon",
      AUTH_SECRET: "short",
      AUTH_URL: "http://localhost:3000",
    };
    const [command, ...args] = SERVER_COMMAND;
    const result = spawnSync(command, args, { env, encoding: "utf8", timeout: 60_000 });
    expect(result.status).not.toBe(0);
    expect(result.status).not.toBeNull();
    expect(result.stderr).toContain("MARKETPLACE_API_URL must be the marketplace's base URL");
    expect(result.stderr).toContain("MARKETPLACE_KEYSTRING is required");
    expect(result.stderr).toContain("MARKETPLACE_TIMEOUT_MS must be a whole number of milliseconds");
    expect(result.stderr).toContain("AUTH_SECRET must be at least 32 characters");
    expect(result.stderr).not.toContain("MARKETPLACE_AUTH_URL");
  }, 60_000);
});
