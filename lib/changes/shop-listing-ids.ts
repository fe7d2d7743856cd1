import "server-only";
import { db } from "../db";
import type { Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import { mirrorStore } from "../mirror/mirror-store";
import { readShopQuestions } from "./listing-reads";
import type { ListingQuestions } from "../marketplace/question-wire";

type Seller = { userId: number; shopId: number };

/**
 * The ids of the seller's listings, from the shop's mirror when it is filled (no request); otherwise the shop is read
 * whole, a cost set by the shop, never by a file, and those listings are returned as read.
 */
export async function shopListingIds(
  marketplace: Marketplace,
  seller: Seller,
): Promise<Result<{ ids: ReadonlySet<number>; read?: ListingQuestions[] }>> {
  const mirrored = await mirroredListingIds(seller.shopId);
  if (mirrored) return { ok: true, data: { ids: mirrored } };
  const read = await readShopQuestions(marketplace, seller);
  if (!read.ok) return read;
  return { ok: true, data: { ids: new Set(read.data.map((listing) => listing.listingId)), read: read.data } };
}

/** The ids of the shop's listings when its mirror is filled, without a request; null while it fills. */
export async function mirroredListingIds(shopId: number): Promise<ReadonlySet<number> | null> {
  const store = mirrorStore(await db());
  if ((await store.shop(shopId))?.status !== "filled") return null;
  return new Set(await store.listingIds(shopId));
}
