import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "../db/database";
import { MIGRATIONS } from "../db/migrations";
import { eachEngine } from "../../test/harness/each-engine";
import { tokenStore, type SellerTokens } from "./token-store";
import { tokenKeyring } from "./token-keys";

const pair = (userId: number, n: number): SellerTokens => ({
  userId,
  accessToken: `${userId}.access-${n}`,
  refreshToken: `${userId}.refresh-${n}`,
  accessExpiresAt: 1_800_000_000_000 + n,
  scopes: ["listings_r", "listings_w", "shops_r"],
});

describe.each(eachEngine())("token store on %s", (_engine, location) => {
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

  it("answers the granted scopes without the tokens, and nothing for a seller it holds no tokens for", async () => {
    const store = tokenStore(db);
    await store.save({ ...pair(102, 1), scopes: ["listings_r", "shops_r"] });
    expect(await store.scopes(102)).toEqual(["listings_r", "shops_r"]);
    await store.remove(102);
    expect(await store.scopes(102)).toBeUndefined();
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

describe("tokens sealed at rest (AES-256-GCM, key ids for rotation)", () => {
  const secret = (n: number) => `test-secret-${n}-`.padEnd(43, "x");
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "token-seal-"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const fileBytes = (path: string) =>
    ["", "-wal", "-shm"]
      .map((suffix) => (existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`).toString("latin1") : ""))
      .join("");

  it("writes no token in plain text to the database file or its -wal, and reads the pair back", async () => {
    const path = join(folder, "sealed.db");
    const db = await openDatabase(path);
    const store = tokenStore(db, tokenKeyring({ AUTH_SECRET: secret(1) }));
    await store.save(pair(301, 1));
    await store.swap("nobody", pair(301, 2));
    expect(await store.read(301)).toEqual(pair(301, 1));
    const bytes = fileBytes(path);
    await db.close();
    expect(bytes).toContain("seller_tokens");
    for (const token of [pair(301, 1).accessToken, pair(301, 1).refreshToken, "access-1", "refresh-1"])
      expect(bytes).not.toContain(token);
  });

  it("creates the database, -wal and -shm 0600 in a folder made 0700", async () => {
    const path = join(folder, "data", "modes.db");
    const db = await openDatabase(path);
    await tokenStore(db, tokenKeyring({ AUTH_SECRET: secret(1) })).save(pair(302, 1));
    const modes = Object.fromEntries(
      ["", "-wal", "-shm"].map((suffix) => [`modes.db${suffix}`, statSync(`${path}${suffix}`).mode & 0o777]),
    );
    const folderMode = statSync(join(folder, "data")).mode & 0o777;
    await db.close();
    expect(modes).toEqual({ "modes.db": 0o600, "modes.db-wal": 0o600, "modes.db-shm": 0o600 });
    expect(folderMode).toBe(0o700);
  });

  it("tightens a database file and data folder left readable by everyone", async () => {
    const dataFolder = join(folder, "loose");
    mkdirSync(dataFolder, { mode: 0o755 });
    chmodSync(dataFolder, 0o755);
    const path = join(dataFolder, "loose.db");
    writeFileSync(path, "", { mode: 0o644 });
    chmodSync(path, 0o644);
    const db = await openDatabase(path);
    await db.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dataFolder).mode & 0o777).toBe(0o700);
  });

  it("refuses a sealed value moved to another seller's row", async () => {
    const db = await openDatabase(":memory:");
    const store = tokenStore(db, tokenKeyring({ AUTH_SECRET: secret(1) }));
    await store.save(pair(303, 1));
    await store.save(pair(304, 1));
    await db.execute(
      "UPDATE seller_tokens SET access_token = (SELECT access_token FROM seller_tokens WHERE user_id = 303) WHERE user_id = 304",
    );
    await expect(store.read(304)).rejects.toThrow();
    await db.close();
  });

  it("leaves one row no configured key opens to its seller, seals the others, and names it for the operator", async () => {
    const db = await openDatabase(":memory:");
    await tokenStore(db, tokenKeyring({ AUTH_SECRET: secret(3) })).save(pair(306, 1));
    await db.execute(
      "INSERT INTO seller_tokens (user_id, access_token, refresh_token, access_expires_at, scopes, updated_at) VALUES (307, '307.access-1', '307.refresh-1', 1, 'listings_r', 1)",
    );
    const store = tokenStore(db, tokenKeyring({ AUTH_SECRET: secret(1) }));
    const result = await store.sealAll();
    expect(result.sealed).toBe(1);
    expect(result.unreadable).toEqual([{ userId: 306, reason: expect.stringMatching(/not configured/) }]);
    expect((await store.read(307))?.accessToken).toBe("307.access-1");
    expect(await store.unreadable()).toEqual(result.unreadable);
    await store.save(pair(306, 2));
    expect((await store.read(306))?.accessToken).toBe("306.access-2");
    expect(await store.unreadable()).toEqual([]);
    await db.close();
  });

  it("seals rows stored in plain text at start-up, and opens rows of a rotated-out key until it re-seals them", async () => {
    const db = await openDatabase(":memory:");
    await db.execute(
      "INSERT INTO seller_tokens (user_id, access_token, refresh_token, access_expires_at, scopes, updated_at) VALUES (305, '305.access-1', '305.refresh-1', 1, 'listings_r', 1)",
    );
    const before = tokenStore(db, tokenKeyring({ AUTH_SECRET: secret(1) }));
    expect(await before.sealAll()).toEqual({ sealed: 1, unreadable: [] });
    const raw = async () =>
      (
        await db.query<{ access_token: string; refresh_token: string }>(
          "SELECT access_token, refresh_token FROM seller_tokens WHERE user_id = 305",
        )
      )[0];
    expect(JSON.stringify(await raw())).not.toContain("305.");
    expect((await before.read(305))?.accessToken).toBe("305.access-1");

    const rotated = tokenStore(db, tokenKeyring({ AUTH_SECRET: secret(1), TOKEN_ENCRYPTION_KEY: secret(2) }));
    expect((await rotated.read(305))?.refreshToken).toBe("305.refresh-1");
    expect((await rotated.sealAll()).sealed).toBe(1);
    expect((await rotated.sealAll()).sealed).toBe(0);
    const onlyNewKey = tokenStore(db, tokenKeyring({ TOKEN_ENCRYPTION_KEY: secret(2) }));
    expect((await onlyNewKey.read(305))?.accessToken).toBe("305.access-1");
    await expect(tokenStore(db, tokenKeyring({ AUTH_SECRET: secret(1) })).read(305)).rejects.toThrow(
      /TOKEN_ENCRYPTION_KEYS/,
    );
    await db.close();
  });

  it("says which setting is missing when there is no key at all", () => {
    expect(() => tokenKeyring({})).toThrow(
      "Stored tokens are encrypted with TOKEN_ENCRYPTION_KEY or, when it is unset, AUTH_SECRET",
    );
  });
});
