import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../test/harness/dashboard-process";
import { sandboxControl } from "../../test/harness/sandbox";
import { sandboxMarketplaceConfig } from "../../test/harness/seller-marketplace";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { openDatabase, type Database } from "../db/database";
import { KEEP_ALIVE_AFTER_MS, keepAlive } from "./keep-alive";
import { lastRequestStore } from "./last-request";
import { pingMarketplace } from "./ping";

const sandbox = useSeededSandbox();
const DAY = 24 * 60 * 60 * 1000;
// Later than any real request of this process, which the store also counts, so that only the injected clock decides.
const START = Date.parse("2030-01-01T00:00:00Z");

let database: Database;
let now: number;

beforeEach(async () => {
  database = await openDatabase(":memory:");
  now = START;
});
afterEach(() => database.close());

const pings = async () =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as { path: string; status: number }[]).filter(
    (entry) => entry.path === "/v3/application/openapi-ping",
  );

const keeperOn = (apiUrl: () => string) =>
  keepAlive({
    store: lastRequestStore(database),
    ping: () => pingMarketplace(sandboxMarketplaceConfig(apiUrl())),
    now: () => now,
  });

describe("the keep-alive", () => {
  it("pings only once the app has had no successful request for a week, and keeps the time of that ping", async () => {
    const store = lastRequestStore(database);
    const keeper = keeperOn(() => sandbox.url);
    await store.note(START);
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");

    now = START + 6 * DAY;
    expect(await keeper.tick()).toEqual({ pinged: false, lastSuccessAt: START });
    expect(await pings()).toHaveLength(0);

    now = START + KEEP_ALIVE_AFTER_MS;
    expect(await keeper.tick()).toEqual({ pinged: true, ok: true, lastSuccessAt: now });
    expect(await pings()).toEqual([expect.objectContaining({ status: 200 })]);
    expect(await store.read()).toBe(now);

    now += DAY;
    expect(await keeper.tick()).toMatchObject({ pinged: false });
    expect(await pings()).toHaveLength(1);
  });

  it("tries again at the next check when the ping finds no marketplace, keeping the last success as it was", async () => {
    const store = lastRequestStore(database);
    const closed = `http://localhost:${await freePort()}`;
    let apiUrl = closed;
    const keeper = keeperOn(() => apiUrl);
    await store.note(START);

    now = START + 8 * DAY;
    expect(await keeper.tick()).toEqual({ pinged: true, ok: false, lastSuccessAt: START });
    expect(await store.read()).toBe(START);

    apiUrl = sandbox.url;
    now += 60_000;
    expect(await keeper.tick()).toEqual({ pinged: true, ok: true, lastSuccessAt: now });
  });

  it("checks the key again within the week while readiness's last known state of the marketplace is a failure", async () => {
    const store = lastRequestStore(database);
    await store.note(START);
    let due = true;
    const keeper = keepAlive({
      store,
      ping: () => pingMarketplace(sandboxMarketplaceConfig(sandbox.url)),
      checkDue: async () => due,
      now: () => now,
    });
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
    now = START + DAY;
    expect(await keeper.tick()).toEqual({ pinged: true, ok: true, lastSuccessAt: now });
    due = false;
    now += 60_000;
    expect(await keeper.tick()).toMatchObject({ pinged: false });
    expect(await pings()).toHaveLength(1);
  });

  it("keeps one last successful request for every instance: a later time is never replaced by an earlier one", async () => {
    const first = lastRequestStore(database);
    const second = lastRequestStore(database);
    await first.note(START + DAY);
    await second.note(START);
    expect(await first.read()).toBe(START + DAY);
  });
});
