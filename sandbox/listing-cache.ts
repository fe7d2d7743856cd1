import type { Db } from "./db.js";

// Listing reads kept per connection for as long as the tables they read are unchanged. SQLite itself reports every
// write, through TEMP triggers that call back into JavaScript, so no writer has to remember to; TEMP because they
// live only on this connection, as the callback and the cache do, and need no migration.

/** Every table the cached reads read: listings, and receipt_listings for the receipt page (listing-store.ts). */
const READ_TABLES = ["listings", "receipt_listings"];
const WRITES = ["INSERT", "UPDATE", "DELETE"];
const MAX_KEPT = 2000;

type ListingCache = { generation: number; keptGeneration: number; reads: Map<string, unknown> };

const caches = new WeakMap<Db, ListingCache>();

/** Starts caching listing reads on `db`: from now on, any write to a read table makes every kept read stale. */
export function watchListingWrites(db: Db) {
  const cache: ListingCache = { generation: 0, keptGeneration: 0, reads: new Map() };
  db.function("sandbox_listings_written", { deterministic: false }, () => {
    cache.generation += 1;
    return null;
  });
  for (const table of READ_TABLES) {
    for (const write of WRITES) {
      db.exec(`CREATE TEMP TRIGGER ${table}_${write.toLowerCase()}_staling_reads AFTER ${write} ON ${table} BEGIN SELECT sandbox_listings_written(); END`);
    }
  }
  caches.set(db, cache);
}

/** Typed, because JSON.stringify writes Infinity and NaN as null. */
const readKey = (sql: string, params: unknown[]) => `${sql}\n${params.map((param) => (typeof param === "string" ? JSON.stringify(param) : String(param))).join(",")}`;

/** What `read` answers for `sql` and `params`, kept until the read tables change; not kept on an unwatched connection. */
export function cachedRead<T>(db: Db, sql: string, params: unknown[], read: () => T): T {
  const cache = caches.get(db);
  if (!cache) return read();
  if (cache.keptGeneration !== cache.generation) {
    cache.reads.clear();
    cache.keptGeneration = cache.generation;
  }
  const key = readKey(sql, params);
  if (cache.reads.has(key)) return cache.reads.get(key) as T;
  const result = read();
  // A read inside a transaction may see writes that a rollback undoes, and a rollback fires no trigger.
  if (!db.inTransaction) keep(cache, key, result);
  return result;
}

function keep(cache: ListingCache, key: string, result: unknown) {
  if (cache.reads.size >= MAX_KEPT) cache.reads.clear();
  cache.reads.set(key, result);
}
