import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/harness/dashboard-process";
import { sandboxControl } from "../../test/harness/sandbox";
import { sandboxMarketplaceConfig } from "../../test/harness/seller-marketplace";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { openDatabase, type Database } from "../db/database";
import type { MarketplaceConfig } from "../marketplace/config";
import { DATABASE_DOWN, readiness } from "./readiness";

const sandbox = useSeededSandbox();
let database: Database;

beforeAll(async () => {
  database = await openDatabase(":memory:");
});
afterAll(() => database.close());

const readyWith = (overrides: Partial<MarketplaceConfig>) =>
  readiness({ database: async () => database, config: () => sandboxMarketplaceConfig(sandbox.url, overrides) });

describe("readiness says why the marketplace refuses the app's key", () => {
  it("is ready with the registered key, and gives the date of the app's last successful request", async () => {
    const before = Date.now();
    const ready = await readyWith({});
    expect(ready.ready).toBe(true);
    expect(Date.parse(ready.lastSuccessfulMarketplaceRequest ?? "")).toBeGreaterThanOrEqual(before);
  });

  it("is not ready with a keystring the marketplace does not know, naming the setting and never the key", async () => {
    const keystring = "unknownkeystring0000000";
    const ready = await readyWith({ keystring });
    expect(ready.ready).toBe(false);
    expect(ready.checks.store.ok).toBe(true);
    expect(ready.checks.marketplace).toMatchObject({ ok: false });
    expect(ready.checks.marketplace.error).toMatch(/does not recognise the app's API key.*MARKETPLACE_KEYSTRING/);
    expect(JSON.stringify(ready)).not.toContain(keystring);
  });

  it("is not ready with a wrong shared secret, naming the setting and never the secret", async () => {
    const sharedSecret = "not-the-apps-shared-secret";
    const ready = await readyWith({ sharedSecret });
    expect(ready.ready).toBe(false);
    expect(ready.checks.marketplace.error).toMatch(/refused the app's shared secret.*MARKETPLACE_SHARED_SECRET/);
    expect(JSON.stringify(ready)).not.toContain(sharedSecret);
    expect(JSON.stringify(ready)).not.toContain(sandboxMarketplaceConfig(sandbox.url).keystring);
  });
});

describe("readiness while the database does not answer", () => {
  it("is not ready naming the database, and does not spend a request on the marketplace's ping", async () => {
    const closed = `postgres://postgres@localhost:${await freePort()}/postgres`;
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
    const ready = await readiness({
      database: () => openDatabase(closed),
      config: () => sandboxMarketplaceConfig(sandbox.url),
    });
    expect(ready).toMatchObject({
      ready: false,
      reason: expect.stringContaining(DATABASE_DOWN),
      checks: {
        store: { ok: false, error: expect.stringContaining("ECONNREFUSED") },
        marketplace: { ok: false, error: "not asked while the database does not answer" },
      },
      lastSuccessfulMarketplaceRequest: null,
    });
    expect((await sandboxControl(sandbox.url, "/requests")).body.requests).toEqual([]);
  });
});
