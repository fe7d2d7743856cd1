import "server-only";
import { LRUCache } from "lru-cache";
import { db } from "../db";
import { personalizationPhase } from "../marketplace";
import { healthCheck } from "./health-check";
import { healthCalendar } from "./health-calendar";
import { mirrorStore } from "./mirror-store";

// The header shows this on every page: the health check over a large shop is kept a little while, not redone per view.
const TTL_MS = 30_000;
const globalForAttention = globalThis as unknown as { needsAttention?: LRUCache<number, { health: number }> };
const healthCounts = (globalForAttention.needsAttention ??= new LRUCache({ max: 1_000, ttl: TTL_MS }));

/** Listings that need the seller: outside changes to settle, and listings behind a health finding. */
export async function needsAttentionCount(shopId: number): Promise<number> {
  const store = mirrorStore(await db());
  const outside = (await store.changes(shopId)).length;
  let cached = healthCounts.get(shopId);
  if (!cached) {
    const shop = await store.shop(shopId);
    if (shop?.status !== "filled") return outside;
    const report = healthCheck(await store.listings(shopId), await personalizationPhase().current(), healthCalendar());
    cached = { health: new Set(report.findings.flatMap(({ listings }) => listings.map((listing) => listing.id))).size };
    healthCounts.set(shopId, cached);
  }
  return outside + cached.health;
}
