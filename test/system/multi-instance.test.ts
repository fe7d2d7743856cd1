import { afterAll, beforeAll, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { DEMO_SELLERS } from "../../sandbox/store/seed";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../harness/throwaway-postgres";
import { freePort, registerDashboardApp, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { signInOverHttp } from "../harness/http-sign-in";

// Two dashboard instances behind one "load balancer" share PostgreSQL; a refresh is spent once across both.
let postgres: ThrowawayPostgres;
let sandbox: RunningSandbox;
let instances: DashboardProcess[] = [];

beforeAll(async () => {
  postgres = await startThrowawayPostgres();
  sandbox = await startSandbox({ port: 0, db: ":memory:" });
  const ports = [await freePort(), await freePort()];
  const app = await registerDashboardApp(sandbox.url, ports, "Dashboard behind a load balancer");
  const authSecret = randomBytes(32).toString("base64url");
  instances = await Promise.all(
    ports.map((port) =>
      startDashboard({ port, sandboxUrl: sandbox.url, app, authSecret, databaseUrl: postgres.url, stdio: "ignore" }),
    ),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await sandbox?.close();
  await postgres?.stop();
});

type Logged = { id: number; path: string; status: number; grant_type: string | null; bearer_user: number | null };

async function requestLog(): Promise<Logged[]> {
  return ((await (await fetch(`${sandbox.url}/__sandbox/requests`)).json()) as { requests: Logged[] }).requests;
}

it("after expiry, 20 parallel requests across two instances on PostgreSQL cause exactly one refresh grant, and all succeed", async () => {
  const [first, second] = instances as [DashboardProcess, DashboardProcess];
  const seller = DEMO_SELLERS.ada;
  const { cookie } = await signInOverHttp(first.url, seller);
  const warm = await fetch(`${second.url}/api/listings?state=active&page=1&fresh=1`, { headers: { cookie } });
  expect(warm.status).toBe(200);
  // The shop's mirror fills in the background after the first view; its reads are not the ones counted below.
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${second.url}/api/mirror`, { headers: { cookie } })).json()) as { status: string })
          .status,
      { timeout: 20_000 },
    )
    .toBe("filled");

  await fetch(`${sandbox.url}/__sandbox/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advance_seconds: 3700 }),
  });
  const before = (await requestLog()).at(-1)?.id ?? 0;
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      fetch(`${(n % 2 ? first : second).url}/api/listings?state=active&page=${(n % 3) + 1}&fresh=1`, {
        headers: { cookie },
      }),
    ),
  );
  expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
  const bodies = (await Promise.all(responses.map((response) => response.json()))) as Array<{ count: number }>;
  expect(bodies.every((body) => body.count === 15)).toBe(true);

  const since = (await requestLog()).filter((entry) => entry.id > before);
  const grants = since.filter((entry) => entry.grant_type === "refresh_token");
  expect(grants).toHaveLength(1);
  expect(grants[0]?.status).toBe(200);
  expect(since.filter((entry) => entry.path.endsWith("/listings") && entry.status === 200)).toHaveLength(20);
}, 60_000);

it("both instances keep the tokens in PostgreSQL, not in the cookie", async () => {
  const pg = await import("pg");
  const client = new pg.default.Client(postgres.url);
  await client.connect();
  const rows = (await client.query("SELECT user_id, length(access_token) AS length FROM seller_tokens")).rows as Array<{
    user_id: string;
    length: number;
  }>;
  await client.end();
  expect(rows.map((row) => Number(row.user_id))).toEqual([DEMO_SELLERS.ada.user_id]);
  expect(rows[0]?.length).toBeGreaterThan(20);
});

it("a session signed out on one instance is dead on the other, and the seller's other session lives on (sessions in PostgreSQL)", async () => {
  const [first, second] = instances as [DashboardProcess, DashboardProcess];
  const seller = DEMO_SELLERS.ada;
  const laptop = await signInOverHttp(first.url, seller);
  const phone = await signInOverHttp(second.url, seller);
  const listings = (url: string, cookie: string) =>
    fetch(`${url}/api/listings?state=active&page=1`, { headers: { cookie } }).then((response) => response.status);
  expect(await listings(second.url, laptop.cookie)).toBe(200);

  const { csrfToken } = (await (
    await fetch(`${first.url}/api/auth/csrf`, { headers: { cookie: laptop.cookie } })
  ).json()) as { csrfToken: string };
  const signedOut = await fetch(`${first.url}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: laptop.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken }).toString(),
  });
  expect(signedOut.status).toBe(302);

  expect(await listings(second.url, laptop.cookie)).toBe(401);
  expect(await listings(first.url, laptop.cookie)).toBe(401);
  expect(await listings(first.url, phone.cookie)).toBe(200);

  const pg = await import("pg");
  const client = new pg.default.Client(postgres.url);
  await client.connect();
  const plain = (
    await client.query(
      "SELECT COUNT(*) AS plain FROM seller_tokens WHERE access_token LIKE $1 OR refresh_token LIKE $1",
      [`${seller.user_id}.%`],
    )
  ).rows[0] as { plain: string };
  await client.end();
  expect(Number(plain.plain)).toBe(0);
}, 60_000);
