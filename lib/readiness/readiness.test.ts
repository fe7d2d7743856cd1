import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/harness/dashboard-process";
import { sandboxControl } from "../../test/harness/sandbox";
import { sandboxMarketplaceConfig } from "../../test/harness/seller-marketplace";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { openDatabase, type Database } from "../db/database";
import type { MarketplaceConfig } from "../marketplace/config";
import { createLogger } from "../observability/logger";
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

describe("readiness tells the operator when the app's day quota is past 80%", () => {
  it("shows the quota after each ping, warns at 8 of a day quota of 10, and logs the warning once", async () => {
    const globalWatch = globalThis as { marketplaceQuota?: unknown; dashboardLogger?: unknown };
    globalWatch.marketplaceQuota = undefined;
    const lines: Record<string, unknown>[] = [];
    const previousLogger = globalWatch.dashboardLogger;
    globalWatch.dashboardLogger = createLogger({ write: (line: string) => void lines.push(JSON.parse(line)) });
    try {
      const limits = { keystring: sandboxMarketplaceConfig(sandbox.url).keystring, per_second: 100, per_day: 10 };
      expect((await sandboxControl(sandbox.url, "/rate-limits", limits)).status).toBe(200);
      for (let ping = 1; ping <= 7; ping++) await readyWith({});
      const at80 = await readyWith({});
      expect(at80.quota).toMatchObject({ spent: 8, limit: 10 });
      expect(at80.quota?.warning).toMatch(/spent 8 of its 10 marketplace requests of the last 24 hours \(80%\)/);
      const before = await readyWith({});
      expect(before.ready).toBe(true);
      expect(before.quota).toMatchObject({ spent: 9, limit: 10, warning: expect.stringMatching(/\(90%\)/) });
      const warnings = lines.filter((line) => line.msg === "marketplace quota past 80%");
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, spent: 8, limit: 10 });
      expect(JSON.stringify(lines)).not.toContain(sandboxMarketplaceConfig(sandbox.url).sharedSecret);
    } finally {
      globalWatch.dashboardLogger = previousLogger;
    }
  });

  it("says nothing at 70% of the day quota", async () => {
    (globalThis as { marketplaceQuota?: unknown }).marketplaceQuota = undefined;
    const limits = { keystring: sandboxMarketplaceConfig(sandbox.url).keystring, per_second: 100, per_day: 10 };
    await sandboxControl(sandbox.url, "/rate-limits", limits);
    for (let ping = 1; ping <= 6; ping++) await readyWith({});
    expect((await readyWith({})).quota).toMatchObject({ spent: 7, limit: 10, warning: null });
  });
});
