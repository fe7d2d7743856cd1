import "server-only";
import type { Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import type { Listing } from "../marketplace/wire";
import type { Selection } from "./bulk-input";

const PAGE = 100;
const MAX_OFFSET = 12_000;

/** The listings a selection means, read with their personalization: a filter page by page, ticked listings 100 at a time. */
export async function resolveSelection(marketplace: Marketplace, seller: { userId: number; shopId: number }, selection: Selection): Promise<Result<Listing[]>> {
  const listings: Listing[] = [];
  if (selection.kind === "filter") {
    for (let offset = 0; offset <= MAX_OFFSET; offset += PAGE) {
      const page = await marketplace.getListingsByShop(seller.userId, seller.shopId, { state: selection.state, limit: PAGE, offset });
      if (!page.ok) return page;
      listings.push(...page.data.listings);
      if (offset + PAGE >= page.data.count || page.data.listings.length === 0) break;
    }
    return { ok: true, data: listings };
  }
  const ids = [...new Set(selection.listingIds)];
  for (let start = 0; start < ids.length; start += PAGE) {
    const batch = await marketplace.getListingsByListingIds(seller.userId, ids.slice(start, start + PAGE));
    if (!batch.ok) return batch;
    listings.push(...batch.data.filter((listing) => listing.shopId === seller.shopId));
  }
  return { ok: true, data: listings };
}
