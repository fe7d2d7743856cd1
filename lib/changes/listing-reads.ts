import "server-only";
import type { Seller } from "../marketplace/wire";
import { LISTING_STATES } from "../listings/query-keys";
import type { Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import { READ_BATCH } from "./plan";
import type { ListingQuestions } from "../marketplace/question-wire";

const MAX_OFFSET = 12_000;

export type ShopListing = ListingQuestions & { shopId: number };

/** Listings by id, each asked of the marketplace: only for ids already known to be the shop's (shop-listing-ids.ts). */
export async function readListingQuestions(
  marketplace: Marketplace,
  seller: Seller,
  listingIds: readonly number[],
): Promise<Result<ShopListing[]>> {
  const ids = [...new Set(listingIds)];
  const listings: ShopListing[] = [];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const batch = await marketplace.getListingQuestions(seller.userId, ids.slice(start, start + READ_BATCH));
    if (!batch.ok) return batch;
    listings.push(...batch.data.filter((listing) => listing.shopId === seller.shopId));
  }
  return { ok: true, data: listings };
}

/** The most listings reading a shop whole finds: each state paged to the marketplace's last offset. */
export const SHOP_READ_MAX = LISTING_STATES.length * (MAX_OFFSET + READ_BATCH);

export async function readShopQuestions(marketplace: Marketplace, seller: Seller): Promise<Result<ShopListing[]>> {
  const listings: ShopListing[] = [];
  for (const { value: state } of LISTING_STATES) {
    for (let offset = 0; ; offset += READ_BATCH) {
      const page = await marketplace.getShopListingQuestions(seller.userId, seller.shopId, {
        state,
        limit: READ_BATCH,
        offset,
      });
      if (!page.ok) return page;
      listings.push(...page.data.listings);
      // The marketplace pages up to offset 12000 (docs/marketplace.md §11).
      const next = offset + READ_BATCH;
      if (page.data.listings.length < READ_BATCH || next >= page.data.count || next > MAX_OFFSET) break;
    }
  }
  return { ok: true, data: listings };
}
