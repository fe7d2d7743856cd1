import "server-only";
import { db } from "../db";
import { marketplace } from "../marketplace";
import type { ListingState } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import { REMOVED_STATE, type Listing } from "../marketplace/wire";
import { ensureFilled } from "./background";
import { keptCopyFresh } from "./fresh-copy";
import { mirrorStore } from "./mirror-store";
import { LISTING_STATES, shopMirror } from "./shop-mirror";
import type { Seller } from "../marketplace/wire";

// null until the mirror is filled: the caller reads the marketplace meanwhile. `fresh` costs one request unless more
// than a page of the state's listings changed since the mirror's last change; with `keptWillDo` (a page's own read, not
// a seller asking the marketplace again) nothing while webhooks keep the copy fresh (fresh-copy.ts).
export async function mirroredListings(
  seller: Seller,
  state: ListingState,
  options: { fresh?: boolean; keptWillDo?: boolean } = {},
): Promise<Result<Listing[]> | null> {
  const database = await db();
  const store = mirrorStore(database);
  const shop = await store.shop(seller.shopId);
  if (shop?.status !== "filled") {
    await ensureFilled(seller);
    return null;
  }
  if (options.fresh && !(options.keptWillDo && keptCopyFresh(shop))) {
    const recent = await shopMirror(database, await marketplace()).readRecent(seller, "read", [state]);
    if (!recent.ok) return recent;
  }
  const changed = new Set((await store.changes(seller.shopId)).map((change) => change.listingId));
  const listings = await store.listings(seller.shopId, state);
  return {
    ok: true,
    data: listings.map((listing) => (changed.has(listing.id) ? { ...listing, changedOutside: true } : listing)),
  };
}

export async function mirroredStateCounts(seller: Seller): Promise<Record<string, number> | null> {
  const store = mirrorStore(await db());
  if ((await store.shop(seller.shopId))?.status !== "filled") return null;
  const counts = await store.stateCounts(seller.shopId);
  return Object.fromEntries([...LISTING_STATES, REMOVED_STATE].map((state) => [state, counts[state] ?? 0]));
}

/** When the mirror last read the shop from the marketplace; null until it is filled. */
export async function mirrorReadAt(seller: Seller): Promise<number | null> {
  const shop = await mirrorStore(await db()).shop(seller.shopId);
  return shop?.status === "filled" ? shop.syncedAt : null;
}

/** The listing as the shop's kept copy holds it while webhooks keep that fresh; null when it must be read. */
export async function freshKeptListing(seller: Seller, listingId: number): Promise<Listing | null> {
  const store = mirrorStore(await db());
  const shop = await store.shop(seller.shopId);
  if (!keptCopyFresh(shop)) return null;
  const kept = await store.listing(listingId);
  return kept && kept.listing.shopId === seller.shopId ? kept.listing : null;
}
