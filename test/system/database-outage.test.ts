import { createInterface } from "node:readline";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DATABASE_DOWN, DATABASE_DOWN_PAGE, DATABASE_DOWN_SIGN_IN } from "../../lib/actions/database-down";
import { openDatabase, type Database } from "../../lib/db/database";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { registerDashboardApp, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { signInOverHttp, signInUpToCallback } from "../harness/http-sign-in";
import { startPacedChange } from "../harness/paced-change";
import { createSeller, sandboxControl, storedListing, type CreatedSeller } from "../harness/sandbox";
import { callServerAction } from "../harness/server-action";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../harness/throwaway-postgres";
import { collectRequests, type LoggedRequest } from "../harness/write-audit";

// docs/deploy.md, "When the database is down": PostgreSQL stops while a change is mid-way. Nothing is sent to the
// marketplace until it is back, readiness says why, a seller's save says so and signs nobody out, and the change then
// finishes by itself with every listing written exactly once. A sign-in and the pages say the dashboard's storage is the
// reason, and send nothing to the marketplace either.
const LISTINGS = 300;
const PER_SECOND = 10;
const OUTAGE_MS = 10_000;
const ENGRAVE = "Name to engrave, written once";
const PORTS = { dashboard: 20_110, sandbox: 20_111, postgres: 20_112 };

let postgres: ThrowawayPostgres;
let sandbox: RunningSandbox;
let database: Database;
let dashboard: DashboardProcess;
let seller: CreatedSeller;
const logLines: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(200)) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
  }
  throw new Error(`gave up waiting: ${what}`);
}

const lastLoggedId = async () =>
  ((await sandboxControl(sandbox.url, "/requests")).body as { requests: LoggedRequest[] }).requests.at(-1)?.id ?? 0;

const readiness = async () => {
  const response = await fetch(`${dashboard.url}/api/health/ready`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  postgres = await startThrowawayPostgres({ port: PORTS.postgres });
  sandbox = await startSandbox({ port: PORTS.sandbox, db: ":memory:" });
  database = await openDatabase(postgres.url);
  const app = await registerDashboardApp(sandbox.url, [PORTS.dashboard], "Dashboard through a database outage");
  dashboard = await startDashboard({
    port: PORTS.dashboard,
    sandboxUrl: sandbox.url,
    app,
    databaseUrl: postgres.url,
    stdio: "pipe",
    env: { INSTANCE_NAME: "web-1" },
  });
  createInterface({ input: dashboard.process.stdout! }).on("line", (line) => logLines.push(line));
  seller = await createSeller(sandbox.url, { listings: LISTINGS });
}, 240_000);

afterAll(async () => {
  await dashboard?.stop();
  await database?.close();
  await sandbox?.close();
  await postgres?.stop();
});

it("PostgreSQL stopped mid-change: no marketplace request while it is down, readiness, a save, a sign-in and the pages say why, then the change finishes by itself with every listing written once", async () => {
  const { cookie } = await signInOverHttp(dashboard.url, seller);
  // Another sign-in, back from the marketplace's consent once the database is down.
  const returning = await signInUpToCallback(dashboard.url, await createSeller(sandbox.url, { listings: 1 }));
  const requests = collectRequests((path) => sandboxControl(sandbox.url, path), await lastLoggedId());
  const keystring = dashboard.app.keystring;
  const { plans, review, planId } = await startPacedChange(
    database,
    { url: sandbox.url, keystring },
    seller,
    ENGRAVE,
    PER_SECOND,
  );
  const done = async () => (await review.counts(planId)).outcomes.done ?? 0;
  await waitFor("a fifth of the change done", async () => ((await done()) >= LISTINGS / 5 ? true : undefined));

  postgres.halt();
  // A request sent before the stop may still be answered: the log is read from after it.
  await sleep(1_000);
  const downFrom = await lastLoggedId();

  const down = await readiness();
  expect(down.status).toBe(503);
  expect(down.body).toMatchObject({
    status: "not ready",
    reason: expect.stringMatching(/^The database does not answer, so this instance sends nothing to the marketplace/),
    checks: {
      store: { ok: false },
      marketplace: { ok: false, error: "not asked while the database does not answer" },
    },
  });

  const listingId = seller.listing_ids[0] as number;
  const question = { instructions: "Typed during the outage", maxAllowedCharacters: 20, required: true };
  const save = await callServerAction(
    `${dashboard.url}/listings/${listingId}`,
    "updatePersonalizationAction",
    [{ listingId, question }],
    cookie,
  );
  expect(save.status).toBe(200);
  expect(save.result).toEqual({ ok: false, formError: DATABASE_DOWN });
  const read = await fetch(`${dashboard.url}/api/listings?state=active&page=1`, { headers: { cookie } });
  expect(read.status).toBe(503);

  // The sign-in's return and a new sign-in's start: sent back to the sign-in page, which says why.
  const landed = await returning.land();
  expect(landed.status).toBe(303);
  expect(landed.headers.get("location")).toMatch(/\/sign-in\?error=DatabaseDown$/);
  const start = await fetch(`${dashboard.url}/api/auth/signin/marketplace`, { method: "POST", redirect: "manual" });
  expect(start.headers.get("location")).toMatch(/\/sign-in\?error=DatabaseDown$/);
  const signInPage = await fetch(`${dashboard.url}/sign-in?error=DatabaseDown`);
  expect(signInPage.status).toBe(503);
  expect(await signInPage.text()).toContain(DATABASE_DOWN_SIGN_IN);

  // The pages: the product's sentence with 503, signed in or not, rather than Next's generic 500.
  for (const path of ["/listings", `/listings/${listingId}`, "/orders", "/inbox"]) {
    const page = await fetch(`${dashboard.url}${path}`, { headers: { cookie }, redirect: "manual" });
    expect(page.status, path).toBe(503);
    expect(page.headers.get("content-type"), path).toMatch(/^text\/html/);
    expect(await page.text(), path).toContain(DATABASE_DOWN_PAGE);
  }
  expect((await fetch(`${dashboard.url}/listings`, { redirect: "manual" })).status).toBe(503);

  await sleep(OUTAGE_MS);
  expect(dashboard.process.exitCode).toBeNull();
  const whileDown = ((await sandboxControl(sandbox.url, `/requests?since=${downFrom}`)).body as { requests: [] })
    .requests;
  expect(whileDown, "requests the marketplace received while the database was down").toEqual([]);
  postgres.restart();
  expect(await done()).toBeLessThan(LISTINGS);

  await waitFor("ready again", async () => ((await readiness()).status === 200 ? true : undefined), 30_000);
  await waitFor(
    "the change applied",
    async () => ((await plans.find(planId))?.status === "applied" ? true : undefined),
    180_000,
  );
  const { seen, gaps } = await requests.stop();
  expect(gaps, "requests the sandbox's log dropped before they were read").toBe(0);

  // Nothing lost: every row done and every listing holding the change.
  const rows = await database.query<{ outcome: string }>("SELECT outcome FROM change_plan_items WHERE plan_id = $1", [
    planId,
  ]);
  expect(rows.filter((row) => row.outcome !== "done")).toEqual([]);
  expect(rows).toHaveLength(LISTINGS);
  const missing: number[] = [];
  for (const id of seller.listing_ids)
    if (!JSON.stringify((await storedListing(sandbox.url, id)).personalization).includes(ENGRAVE)) missing.push(id);
  expect(missing).toEqual([]);

  // Nothing doubled: one write a listing, as the marketplace logged them.
  const writes = new Map<string, number>();
  for (const entry of seen)
    if (entry.method === "POST" && entry.path.endsWith("/personalization"))
      writes.set(entry.path, (writes.get(entry.path) ?? 0) + 1);
  expect(writes.size).toBe(LISTINGS);
  expect([...writes].filter(([, count]) => count !== 1)).toEqual([]);
  expect(seen.filter((entry) => entry.status >= 400)).toEqual([]);
  const pending = await database.query(
    "SELECT listing_id FROM personalization_history WHERE job_id = $1 AND outcome = 'pending'",
    [planId],
  );
  expect(pending).toEqual([]);

  // The seller was not signed out by the outage.
  expect((await fetch(`${dashboard.url}/api/listings?state=active&page=1`, { headers: { cookie } })).status).toBe(200);

  // Logged once with its reason, and once back; no error logged by each piece of work that waited.
  const said = (text: string) => logLines.filter((line) => line.includes(text));
  expect(said("the database does not answer")).toHaveLength(1);
  expect(said("the database answers again")).toHaveLength(1);
  expect(said("a batch of a change failed")).toEqual([]);
}, 400_000);
