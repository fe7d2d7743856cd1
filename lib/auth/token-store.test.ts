import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/database";
import { MIGRATIONS } from "../db/migrations";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../db/throwaway-postgres";
import { tokenStore, type SellerTokens } from "./token-store";

const pair = (userId: number, n: number): SellerTokens => ({
  userId,
  accessToken: `${userId}.access-${n}`,
  refreshToken: `${userId}.refresh-${n}`,
  accessExpiresAt: 1_800_000_000_000 + n,
  scopes: ["listings_r", "listings_w", "shops_r"],
});

let postgres: ThrowawayPostgres;
beforeAll(async () => {
  postgres = await startThrowawayPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

describe.each([
  ["SQLite", () => ":memory:"],
  ["PostgreSQL", () => postgres.url],
])("token store on %s", (_engine, location) => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(location());
  });
  afterAll(async () => {
    await db.close();
  });

  it("stores a pair keyed by marketplace user and replaces it on the next sign-in", async () => {
    const store = tokenStore(db);
    await store.save(pair(101, 1));
    expect(await store.read(101)).toEqual(pair(101, 1));
    await store.save(pair(101, 2));
    expect(await store.read(101)).toEqual(pair(101, 2));
    expect(await store.read(999)).toBeUndefined();
  });

  it("runs its migrations once, even when opened again", async () => {
    const again = await openDatabase(location() === ":memory:" ? ":memory:" : location());
    const versions = await again.query<{ version: number }>("SELECT version FROM schema_migrations");
    expect(versions.map((row) => Number(row.version))).toEqual(MIGRATIONS.map((_, index) => index + 1));
    await again.close();
  });

  it("grants the refresh lease to exactly one of many simultaneous callers", async () => {
    const store = tokenStore(db);
    await store.save(pair(102, 1));
    const wins = await Promise.all(Array.from({ length: 20 }, (_, n) => store.lease(102, `owner-${n}`, 10_000)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it("swaps the pair atomically only for the lease holder, and frees the lease", async () => {
    const store = tokenStore(db);
    await store.save(pair(103, 1));
    expect(await store.lease(103, "holder", 10_000)).toBe(true);
    expect(await store.swap("intruder", pair(103, 9))).toBe(false);
    expect(await store.read(103)).toEqual(pair(103, 1));
    expect(await store.swap("holder", pair(103, 2))).toBe(true);
    expect(await store.read(103)).toEqual(pair(103, 2));
    expect(await store.lease(103, "next", 10_000)).toBe(true);
  });

  it("lets a new owner take a lease that has expired", async () => {
    const store = tokenStore(db);
    await store.save(pair(104, 1));
    expect(await store.lease(104, "crashed", -1)).toBe(true);
    expect(await store.lease(104, "successor", 10_000)).toBe(true);
    expect(await store.lease(104, "third", 10_000)).toBe(false);
    await store.release(104, "successor");
    expect(await store.lease(104, "third", 10_000)).toBe(true);
  });

  it("forgets a seller's tokens on removal", async () => {
    const store = tokenStore(db);
    await store.save(pair(105, 1));
    await store.remove(105);
    expect(await store.read(105)).toBeUndefined();
    expect(await store.lease(105, "anyone", 10_000)).toBe(false);
  });
});
