import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { advanceClock, createSeller, sandboxControl } from "../harness/sandbox";
import { SERVER_COMMAND, SERVER_ENV } from "../../scripts/server-command";
import { freePort, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { signInOverHttp } from "../harness/http-sign-in";
import { startHaproxy, type RunningProxy } from "../harness/reverse-proxy";

// Health, readiness, metrics and structured logs of the built dashboard, over HTTP, against a real sandbox;
// the access log and request ids of HAProxy in front of it, configured from docs/deploy.md.
const METRICS_TOKEN = randomBytes(24).toString("hex");
const AUTH_SECRET = randomBytes(32).toString("base64url");
let sandbox: RunningSandbox;
let dashboard: DashboardProcess;
let proxy: RunningProxy;
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
type LoggedRequest = { id: number; method: string; path: string };
const lastLoggedId = async () =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as LoggedRequest[]).at(-1)?.id ?? 0;
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
  proxy = await startHaproxy(await freePort(), [{ name: "web-1", port: Number(new URL(dashboard.url).port) }]);
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await dashboard?.stop();
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

// docs/security.md, "What a caller without a session can cause": each route a stranger can reach, 20 times.
const ANONYMOUS_GETS = [
  "/api/health",
  "/api/health/ready",
  "/api/metrics",
  "/api/auth/csrf",
  "/api/auth/providers",
  "/api/auth/session",
  "/api/auth/callback/marketplace?code=guessed-code&state=guessed-state",
  "/api/listings?state=active&page=1&fresh=1",
  "/api/listings/1",
  "/api/listings/counts",
  "/api/listings/1/neighbours",
  "/api/listings/1/history",
  "/api/changes/1",
  "/api/changes/1/progress",
  "/api/changes/1/listings",
  "/api/changes/export",
  "/api/mirror",
  "/api/orders/sheet",
  "/api/production/proof/1/1",
  "/api/shop-needs",
  "/api/templates",
  "/",
  "/sign-in",
  "/sign-in?error=Configuration",
  "/listings",
  "/listings/1",
  "/listings/grid?ids=1,2,3",
  "/changes",
  "/changes/1",
  "/bulk-jobs/1",
  "/inbox",
  "/orders",
  "/orders/sheet",
  "/production",
  "/production/pick-list",
  "/no-such-page",
];
const ANONYMOUS_POSTS = ["/api/webhooks/marketplace", "/api/changes/import", "/api/auth/signin/marketplace"];

describe("a caller without a session", () => {
  it("reaches no route that sends a request to the marketplace, and none answers 5xx", async () => {
    const before = await lastLoggedId();
    const answers: string[] = [];
    for (let round = 0; round < 20; round++)
      await Promise.all([
        ...ANONYMOUS_GETS.map(async (path) => {
          const response = await fetch(`${dashboard.url}${path}`, { redirect: "manual" });
          await response.arrayBuffer();
          if (response.status >= 500) answers.push(`GET ${path}: ${response.status}`);
        }),
        ...ANONYMOUS_POSTS.map(async (path) => {
          const response = await fetch(`${dashboard.url}${path}`, {
            method: "POST",
            redirect: "manual",
            headers: { "content-type": "application/json" },
            body: "{}",
          });
          await response.arrayBuffer();
          if (response.status >= 500) answers.push(`POST ${path}: ${response.status}`);
        }),
      ]);
    expect(answers).toEqual([]);
    const caused = (await sandboxControl(sandbox.url, `/requests?since=${before}`)).body.requests as LoggedRequest[];
    expect(caused.map((entry) => `${entry.method} ${entry.path}`)).toEqual([]);
  }, 120_000);
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
    expect(Object.keys(body.checks).sort()).toEqual(["marketplace", "migrations", "specRadar", "store"]);
    for (const check of Object.values(body.checks)) {
      expect(check.ok).toBe(true);
      expect(typeof check.ms).toBe("number");
    }
    expect(body.checks.migrations?.applied).toBe(body.checks.migrations?.expected);
  });

  it("1,000 anonymous GET /api/health/ready cause no marketplace request, and say nothing of quota or timing", async () => {
    const before = await sandboxLogSize();
    const statuses: number[] = [];
    const bodies = new Set<string>();
    for (let round = 0; round < 20; round++)
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          const response = await get("/api/health/ready");
          statuses.push(response.status);
          const body = (await response.json()) as Record<string, unknown>;
          bodies.add(Object.keys(body).sort().join(","));
        }),
      );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses).toHaveLength(1_000);
    expect([...bodies]).toEqual(["checks,status"]);
    expect(await sandboxLogSize()).toBe(before);
  }, 120_000);

  it("GET /api/health/ready is 503 naming the marketplace once a request finds it down, and 200 again once one succeeds", async () => {
    const seller = await createSeller(sandbox.url, { listings: 1 });
    const { cookie } = await signInOverHttp(dashboard.url, seller);
    const read = () => get("/api/listings?state=active&page=1&fresh=1", { cookie });
    await sandboxControl(sandbox.url, "/outage", { seconds: 4 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await read()).status).not.toBe(200);
    const down = await get("/api/health/ready");
    expect(down.status).toBe(503);
    const body = (await down.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
    expect(body.status).toBe("not ready");
    expect(body.checks.marketplace?.ok).toBe(false);
    expect(body.checks.marketplace?.error).toMatch(/the marketplace failed the latest request/);
    expect(body.checks.store?.ok).toBe(true);
    let status = 503;
    for (
      const deadline = Date.now() + 20_000;
      status !== 200 && Date.now() < deadline;
      await new Promise((resolve) => setTimeout(resolve, 500))
    ) {
      await read();
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

  it("serves Prometheus text: marketplace calls by operation and status, latency histograms, token refreshes, change items, active sessions", async () => {
    const seller = await createSeller(sandbox.url, { listings: 3 });
    const { cookie } = await signInOverHttp(dashboard.url, seller);
    expect((await get("/api/listings?state=active&page=1&fresh=1", { cookie })).status).toBe(200);
    await advanceClock(sandbox.url, 3700);
    expect((await get("/api/listings?state=active&page=1&fresh=1", { cookie })).status).toBe(200);

    const response = await get("/api/metrics", { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(sample(text, 'marketplace_calls_total{operation="getMe",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'marketplace_calls_total{operation="getListingsByShop",status="200"}')).toBeGreaterThanOrEqual(
      2,
    );
    expect(
      sample(text, 'marketplace_call_duration_seconds_count{operation="getListingsByShop"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'marketplace_token_refreshes_total{outcome="refreshed"}')).toBe(1);
    expect(text).toContain("# TYPE change_items_total counter");
    expect(text).toContain("# TYPE process_resident_memory_bytes gauge");
    // This seller and the one of readiness's marketplace outage above.
    expect(sample(text, "active_sessions")).toBe(2);
    expect(await scrape()).toContain("marketplace_calls_total");
  }, 60_000);
});

describe("structured logs", () => {
  it("HAProxy gives each request a fresh id (a client's own is replaced), answers with it, and logs one line per request without its query", async () => {
    const response = await fetch(`${proxy.url}/api/health?probe=secret-query-value`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id") ?? "";
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const second = (await fetch(`${proxy.url}/api/health`, { headers: { "x-request-id": requestId } })).headers;
    expect(second.get("x-request-id")).not.toBe(requestId);
    const line = () =>
      proxy
        .log()
        .split("\n")
        .find((each) => each.includes(requestId)) ?? "";
    for (const deadline = Date.now() + 10_000; !line() && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(line()).toMatch(/ GET \/api\/health 200 \d+ \d+ ms dashboard_instances\/web-1 /);
    expect(proxy.log()).not.toContain("secret-query-value");
  });

  it("write one JSON line per marketplace call (operation, status, latency, rate limit left)", async () => {
    // The API key's check at start is one.
    const ping = () => logLines().find((line) => line.msg === "marketplace call" && line.operation === "ping");
    for (const deadline = Date.now() + 10_000; !ping() && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ping()).toMatchObject({ operation: "ping", status: 200 });
    expect(typeof ping()?.ms).toBe("number");
    expect(typeof ping()?.remainingThisSecond).toBe("number");
    expect(typeof ping()?.remainingToday).toBe("number");
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
  it("name each missing or malformed setting and how to fix it, and exit 78 as the server starts", async () => {
    const env: NodeJS.ProcessEnv = {
      ...SERVER_ENV,
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(await freePort()),
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
    expect(result.status).toBe(78);
    expect(result.stderr).toContain("MARKETPLACE_API_URL must be the marketplace's base URL");
    expect(result.stderr).toContain("MARKETPLACE_KEYSTRING is required");
    expect(result.stderr).toContain("MARKETPLACE_TIMEOUT_MS must be a whole number of milliseconds");
    expect(result.stderr).toContain("AUTH_SECRET must be at least 32 characters");
    expect(result.stderr).not.toContain("MARKETPLACE_AUTH_URL");
  }, 60_000);
});
