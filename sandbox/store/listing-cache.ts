import type { Db } from "./db.js";

// Listing reads kept per connection for as long as the tables they read are unchanged. SQLite itself reports every
// write, through TEMP triggers that call back into JavaScript, so no writer has to remember to; TEMP because they
// live only on this connection, as the callback and the cache do, and need no migration.

/** Every table the cached reads read: listings, and receipt_listings for the receipt page (listing-store.ts). */
const READ_TABLES = ["listings", "receipt_listings"];
const WRITES = ["INSERT", "UPDATE", "DELETE"];
const MAX_KEPT = 2000;

/** Kept reads by statement, then by parameters: keyed by SQL and parameters joined, every lookup hashed the whole statement. */
type ListingCache = {
  generation: number;
  keptGeneration: number;
  kept: number;
  reads: Map<string, Map<string, unknown>>;
};

const caches = new WeakMap<Db, ListingCache>();

/** Starts caching listing reads on `db`: from now on, any write to a read table makes every kept read stale. */
export function watchListingWrites(db: Db) {
  const cache: ListingCache = { generation: 0, keptGeneration: 0, kept: 0, reads: new Map() };
  db.function("sandbox_listings_written", { deterministic: false }, () => {
    cache.generation += 1;
    return null;
  });
  for (const table of READ_TABLES) {
    for (const write of WRITES) {
      db.exec(
        `CREATE TEMP TRIGGER ${table}_${write.toLowerCase()}_staling_reads AFTER ${write} ON ${table} BEGIN SELECT sandbox_listings_written(); END`,
      );
    }
  }
  caches.set(db, cache);
}

/** Typed, because JSON.stringify writes Infinity and NaN as null. */
const paramsKey = (params: unknown[]) =>
  params.length === 1 && typeof params[0] === "number"
    ? String(params[0])
    : params.map((param) => (typeof param === "string" ? JSON.stringify(param) : String(param))).join(",");

/** What `read` answers for `sql` and `params`, kept until the read tables change; not kept on an unwatched connection. */
export function cachedRead<T>(db: Db, sql: string, params: unknown[], read: () => T): T {
  const cache = caches.get(db);
  if (!cache) return read();
  if (cache.keptGeneration !== cache.generation) forget(cache);
  cache.keptGeneration = cache.generation;
  let bySql = cache.reads.get(sql);
  const key = paramsKey(params);
  if (bySql?.has(key)) return bySql.get(key) as T;
  const result = read();
  // A read inside a transaction may see writes that a rollback undoes, and a rollback fires no trigger.
  if (db.inTransaction) return result;
  if (cache.kept >= MAX_KEPT) {
    forget(cache);
    bySql = undefined;
  }
  if (!bySql) cache.reads.set(sql, (bySql = new Map()));
  bySql.set(key, result);
  cache.kept += 1;
  return result;
}

function forget(cache: ListingCache) {
  cache.reads.clear();
  cache.kept = 0;
}
