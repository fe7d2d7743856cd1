import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../test/harness/dashboard-process";
import { sandboxControl } from "../../test/harness/sandbox";
import { sandboxMarketplaceConfig } from "../../test/harness/seller-marketplace";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { openDatabase, type Database } from "../db/database";
import { checkApiKeyOnce, MARKETPLACE_FAILED_SINCE, marketplaceState, NOT_CHECKED_YET } from "../marketplace/key-check";
import type { MarketplaceConfig } from "../marketplace/config";
import { recordMarketplaceCall } from "../observability/marketplace-call";
import { DATABASE_DOWN, readiness } from "./readiness";

const sandbox = useSeededSandbox();
let database: Database;

beforeAll(async () => {
  database = await openDatabase(":memory:");
});
afterAll(() => database.close());
beforeEach(() => {
  (globalThis as { apiKeyCheck?: unknown }).apiKeyCheck = undefined;
});

const ready = () => readiness({ database: async () => database, marketplace: marketplaceState });
const checkKey = (overrides: Partial<MarketplaceConfig> = {}) =>
  checkApiKeyOnce(database, sandboxMarketplaceConfig(sandbox.url, overrides));
const loggedRequests = async () => (await sandboxControl(sandbox.url, "/requests")).body.requests as unknown[];
const clearLog = () => sandboxControl(sandbox.url, "/requests", undefined, "DELETE");

describe("readiness answers from the last known state, never with a marketplace request", () => {
  it("is not ready before the API key was checked, saying when it is", async () => {
    const answer = await ready();
    expect(answer.ready).toBe(false);
    expect(answer.checks.marketplace).toMatchObject({ ok: false, error: NOT_CHECKED_YET });
  });

  it("1,000 readiness checks after the key's check cause no marketplace request, and say nothing of quota or timing", async () => {
    expect(await checkKey()).toMatchObject({ ok: true });
    await clearLog();
    const answers = await Promise.all(Array.from({ length: 1_000 }, ready));
    expect(answers.every((answer) => answer.ready)).toBe(true);
    expect(await loggedRequests()).toEqual([]);
    expect(Object.keys(answers[0]!).sort()).toEqual(["checks", "ready"]);
  });

  it("checks the key once for checks asked at the same time: they share one ping", async () => {
    await clearLog();
    const checks = await Promise.all(Array.from({ length: 20 }, () => checkKey()));
    expect(checks.every((check) => check.ok)).toBe(true);
    expect(await loggedRequests()).toHaveLength(1);
  });

  it("is not ready after a request the marketplace failed since the key's check, and ready at the next success", async () => {
    await checkKey();
    const call = { operation: "getListing", startedAt: Date.now() };
    await new Promise((resolve) => setTimeout(resolve, 2));
    recordMarketplaceCall({ ...call, status: 0, outcome: "unreachable" });
    expect((await ready()).checks.marketplace).toMatchObject({ ok: false, error: MARKETPLACE_FAILED_SINCE });
    await new Promise((resolve) => setTimeout(resolve, 2));
    recordMarketplaceCall({ ...call, status: 200 });
    expect((await ready()).ready).toBe(true);
  });
});

describe("readiness says why the marketplace refused the app's key at its last check", () => {
  it("is not ready with a keystring the marketplace does not know, naming the setting and never the key", async () => {
    const keystring = "unknownkeystring0000000";
    await checkKey({ keystring });
    const answer = await ready();
    expect(answer.ready).toBe(false);
    expect(answer.checks.store.ok).toBe(true);
    expect(answer.checks.marketplace.error).toMatch(/does not recognise the app's API key.*MARKETPLACE_KEYSTRING/);
    expect(JSON.stringify(answer)).not.toContain(keystring);
  });

  it("is not ready with a wrong shared secret, naming the setting and never the secret", async () => {
    const sharedSecret = "not-the-apps-shared-secret";
    await checkKey({ sharedSecret });
    const answer = await ready();
    expect(answer.ready).toBe(false);
    expect(answer.checks.marketplace.error).toMatch(/refused the app's shared secret.*MARKETPLACE_SHARED_SECRET/);
    expect(JSON.stringify(answer)).not.toContain(sharedSecret);
    expect(JSON.stringify(answer)).not.toContain(sandboxMarketplaceConfig(sandbox.url).keystring);
  });
});

describe("readiness while the database does not answer", () => {
  it("is not ready naming the database, and sends nothing to the marketplace", async () => {
    await checkKey();
    const closed = `postgres://postgres@localhost:${await freePort()}/postgres`;
    await clearLog();
    const answer = await readiness({ database: () => openDatabase(closed), marketplace: marketplaceState });
    expect(answer).toEqual({
      ready: false,
      reason: expect.stringContaining(DATABASE_DOWN),
      checks: {
        store: expect.objectContaining({ ok: false, error: expect.stringContaining("ECONNREFUSED") }),
        migrations: expect.objectContaining({ ok: false }),
        marketplace: expect.objectContaining({ ok: false, error: "not asked while the database does not answer" }),
        specRadar: expect.objectContaining({ ok: true, status: "not checked yet" }),
      },
    });
    expect(await loggedRequests()).toEqual([]);
  });
});
