import "server-only";

// Per shop, how many personalization writes this process has made: a cached read of the shop's listings taken before
// the latest write is stale. On globalThis so route handlers, pages, actions and the bulk runner share one count.
const globalForWrites = globalThis as unknown as { listingWrites?: Map<number, number> };
const writes = (globalForWrites.listingWrites ??= new Map<number, number>());

export const writesTo = (shopId: number): number => writes.get(shopId) ?? 0;

export function noteListingWrite(shopId: number) {
  writes.set(shopId, writesTo(shopId) + 1);
}
