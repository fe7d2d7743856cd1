import "server-only";
import type { Database } from "../db/database";

export type ListingWrites = { note(shopId: number): Promise<void>; count(shopId: number): Promise<number> };

// On globalThis so route handlers, pages and actions of one process share one count when no database is given (tests).
const globalForWrites = globalThis as unknown as { listingWrites?: Map<number, number> };
const counts = (globalForWrites.listingWrites ??= new Map<number, number>());

export const inProcessListingWrites: ListingWrites = {
  note: async (shopId) => void counts.set(shopId, (counts.get(shopId) ?? 0) + 1),
  count: async (shopId) => counts.get(shopId) ?? 0,
};

export function storedListingWrites(db: Database): ListingWrites {
  return {
    note: async (shopId) =>
      void (await db.execute(
        "INSERT INTO shop_listing_writes (shop_id, writes) VALUES ($1, 1) ON CONFLICT (shop_id) DO UPDATE SET writes = shop_listing_writes.writes + 1",
        [shopId],
      )),
    count: async (shopId) =>
      (await db.query<{ writes: number }>("SELECT writes FROM shop_listing_writes WHERE shop_id = $1", [shopId]))[0]
        ?.writes ?? 0,
  };
}
