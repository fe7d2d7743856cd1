import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database } from "../../lib/db/database";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../harness/throwaway-postgres";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { createSeller, sandboxControl, storedListing, type CreatedSeller } from "../harness/sandbox";
import { freePort, registerDashboardApp, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { signInOverHttp } from "../harness/http-sign-in";
import { startPacedChange } from "../harness/paced-change";
import { startHaproxy, type RunningProxy } from "../harness/reverse-proxy";

// Issue 13, docs/deploy.md: PostgreSQL, two instances behind HAProxy; the instance working a 200-listing change is
// SIGKILLed mid-way and the other takes its lease over and finishes: every listing changed exactly once, none lost.
const LISTINGS = 200;
const ENGRAVE = "Name to engrave, survived a crash";
const METRICS_TOKEN = randomBytes(24).toString("hex");
let postgres: ThrowawayPostgres;
let sandbox: RunningSandbox;
let database: Database;
let proxy: RunningProxy;
let seller: CreatedSeller;
const instances = new Map<string, DashboardProcess>();

type Logged = { method: string; path: string; status: number };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(200)) {
    const found = await probe();
    if (found !== undefined) return found;
  }
  throw new Error(`gave up waiting: ${what}`);
}

beforeAll(async () => {
  postgres = await startThrowawayPostgres();
  sandbox = await startSandbox({ port: 0, db: ":memory:" });
  database = await openDatabase(postgres.url);
  const [proxyPort, ...ports] = [await freePort(), await freePort(), await freePort()] as [number, number, number];
  const publicUrl = `http://localhost:${proxyPort}`;
  const app = await registerDashboardApp(sandbox.url, [proxyPort], "Dashboard behind HAProxy");
  const authSecret = randomBytes(32).toString("base64url");
  const names = ["web-1", "web-2"];
  const started = await Promise.all(
    ports.map((port, index) =>
      startDashboard({
        port,
        sandboxUrl: sandbox.url,
        app,
        authSecret,
        databaseUrl: postgres.url,
        publicUrl,
        stdio: "ignore",
        env: { INSTANCE_NAME: names[index] as string, BULK_LEASE_MS: "8000", METRICS_TOKEN },
      }),
    ),
  );
  started.forEach((instance, index) => instances.set(names[index] as string, instance));
  proxy = await startHaproxy(
    proxyPort,
    ports.map((port, index) => ({ name: names[index] as string, port })),
  );
  seller = await createSeller(sandbox.url, { listings: LISTINGS });
}, 180_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all([...instances.values()].map((instance) => instance.stop()));
  await database?.close();
  await sandbox?.close();
  await postgres?.stop();
});

it("SIGKILL of the instance holding a 200-listing change mid-way: the other takes its lease and finishes, every listing changed exactly once, history complete", async () => {
  const { cookie } = await signInOverHttp(proxy.url, seller);
  const app = [...instances.values()][0]?.app as { keystring: string };
  const { requests: earlier } = (await sandboxControl(sandbox.url, "/requests")).body as { requests: { id: number }[] };
  const since = earlier.at(-1)?.id ?? 0;
  // At 10 requests a second the job takes about 25 s, long enough to kill an instance in the middle.
  const { plans, planId: jobId } = await startPacedChange(
    database,
    { url: sandbox.url, keystring: app.keystring },
    seller,
    ENGRAVE,
  );

  const done = async () => (await plans.counts(jobId)).outcomes.done ?? 0;
  await waitFor("40 listings done", async () => ((await done()) >= 40 ? true : undefined));
  const holder = await waitFor("an instance holding a lease on the job", async () => {
    const [row] = await database.query<{ lease_owner: string }>(
      "SELECT lease_owner FROM change_plan_items WHERE plan_id = $1 AND lease_owner IS NOT NULL LIMIT 1",
      [jobId],
    );
    return row?.lease_owner.split("/")[0];
  });
  const victim = instances.get(holder) as DashboardProcess;
  const [survivorName, survivor] = [...instances].find(([name]) => name !== holder) as [string, DashboardProcess];
  const doneAtKill = await done();
  victim.process.kill("SIGKILL");
  await new Promise((resolve) => victim.process.once("exit", resolve));
  instances.delete(holder);
  expect(doneAtKill).toBeLessThan(LISTINGS);

  // Sellers keep being served through the proxy while one instance is gone.
  for (let n = 0; n < 4; n++)
    expect((await fetch(`${proxy.url}/api/changes/${jobId}/progress`, { headers: { cookie } })).status).toBe(200);

  await waitFor(
    "the change applied",
    async () => ((await plans.find(jobId))?.status === "applied" ? true : undefined),
    150_000,
  );
  expect((await plans.counts(jobId)).outcomes).toEqual({ done: LISTINGS });
  const progress = (await (
    await fetch(`${proxy.url}/api/changes/${jobId}/progress`, { headers: { cookie } })
  ).json()) as { status: string };
  expect(progress.status).toBe("applied");

  const metrics = await (
    await fetch(`${survivor.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const survivorDone = Number(/^bulk_items_total\{outcome="done"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
  // Everything left at the kill (less at most the 4 writes then in flight) was finished by the survivor.
  expect(survivorDone, `${survivorName} settled ${survivorDone}`).toBeGreaterThanOrEqual(LISTINGS - doneAtKill - 4);

  const log = ((await sandboxControl(sandbox.url, `/requests?since=${since}`)).body.requests as Logged[]).filter(
    (entry) => entry.method === "POST" && entry.path.endsWith("/personalization"),
  );
  const writes = new Map<number, number>();
  for (const entry of log.filter((each) => each.status === 201)) {
    const listingId = Number(/\/listings\/(\d+)\/personalization$/.exec(entry.path)?.[1]);
    writes.set(listingId, (writes.get(listingId) ?? 0) + 1);
  }
  expect([...writes.keys()].sort()).toEqual([...seller.listing_ids].sort());
  expect([...writes.entries()].filter(([, count]) => count !== 1)).toEqual([]);
  const stored = await Promise.all(
    seller.listing_ids.map(async (listingId) =>
      JSON.stringify((await storedListing(sandbox.url, listingId)).personalization),
    ),
  );
  expect(stored.filter((personalization) => !personalization.includes("survived a crash"))).toEqual([]);
  const [history] = await database.query<{ n: number }>(
    "SELECT COUNT(DISTINCT listing_id) AS n FROM personalization_history WHERE job_id = $1 AND action = 'bulk-apply'",
    [jobId],
  );
  expect(Number(history?.n)).toBe(LISTINGS);
}, 300_000);
