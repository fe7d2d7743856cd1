import { LRUCache } from "lru-cache";
import type { Db } from "./db.js";

// The sandbox's one read cache: listing answers as JSON text, by listing and view. Without it a page of 25 spends most
// of its time making SQLite row objects and running JSON.stringify (the floor against Prism in docs/benchmarks.md).
const MAX_BYTES = 64 * 1024 * 1024;

const caches = new WeakMap<Db, LRUCache<string, string>>();

export function keptAnswer(db: Db, key: string): string | undefined {
  return caches.get(db)?.get(key);
}

/** An answer built inside a transaction is not kept: the transaction may still roll back. */
export function keepAnswer(db: Db, key: string, text: string) {
  if (db.inTransaction) return;
  let cache = caches.get(db);
  if (!cache)
    caches.set(db, (cache = new LRUCache({ maxSize: MAX_BYTES, sizeCalculation: (answer) => answer.length })));
  cache.set(key, text);
}

/**
 * Every listing write of this folder calls this, and it forgets every answer: one listing's change shows in others too
 * (the Shop association's count of active listings).
 */
export function forgetAnswers(db: Db) {
  caches.get(db)?.clear();
}
