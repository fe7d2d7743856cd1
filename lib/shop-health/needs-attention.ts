import "server-only";
import { LRUCache } from "lru-cache";
import { db } from "../db";
import { personalizationPhase } from "../personalization/phase-probe";
import { mirrorStore } from "../mirror/mirror-store";
import { healthCalendar } from "./health-calendar";
import { shopNeeds, type ShopNeeds } from "./shop-needs";

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

/** Null until the mirror is filled: the card waits rather than read the marketplace. */
export async function shopNeedsOf(shopId: number): Promise<ShopNeeds | null> {
  const store = mirrorStore(await db());
  if ((await store.shop(shopId))?.status !== "filled") return null;
  const changes = await store.changes(shopId);
  return shopNeeds(
    await store.listings(shopId),
    changes.map((change) => change.listingId),
    await personalizationPhase().current(),
    healthCalendar(),
  );
}
