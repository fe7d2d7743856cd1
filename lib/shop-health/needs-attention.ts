import "server-only";
import { LRUCache } from "lru-cache";
import { db } from "../db";
import { personalizationPhase } from "../marketplace";
import { mirrorStore } from "./mirror-store";
import { shopNeedsOf } from "./mirror-view";

// The header shows this on every page: the health check over a large shop is redone only when a kept listing or an
// outside change moved, so the count is the listings page's and the inbox's, and current as soon as a fix lands.
const globalForAttention = globalThis as unknown as {
  needsAttention?: LRUCache<number, { version: string; count: number }>;
};
const counts = (globalForAttention.needsAttention ??= new LRUCache({ max: 1_000 }));

/** Listings with an outside change to settle or a health finding (those asking nothing are counted on their own). */
export async function needsAttentionCount(shopId: number): Promise<number> {
  const store = mirrorStore(await db());
  const outside = await store.changes(shopId);
  // What the count depends on: the shop filled or not, its kept listings, its outside changes, the rules of the day.
  const version = [
    (await store.shop(shopId))?.status,
    await store.version(shopId),
    outside.map((change) => change.id).join(","),
    await personalizationPhase().current(),
    new Date().toISOString().slice(0, 10),
  ].join(":");
  const cached = counts.get(shopId);
  if (cached?.version === version) return cached.count;
  const needs = await shopNeedsOf(shopId);
  const count = needs ? needs.needAttention : new Set(outside.map((change) => change.listingId)).size;
  counts.set(shopId, { version, count });
  return count;
}
