import "server-only";
import { readAllListings } from "../listings/shop-listings";
import { matchesView } from "../listings/view";
import type { Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import type { Listing } from "../marketplace/wire";
import { READ_BATCH } from "./plan";
import type { Selection } from "./selection-schema";

export async function resolveSelection(
  marketplace: Marketplace,
  seller: { userId: number; shopId: number },
  selection: Selection,
): Promise<Result<Listing[]>> {
  if (selection.kind === "filter") {
    const all = await readAllListings(marketplace, seller, selection.state);
    const view = { q: selection.q ?? "", filter: selection.filter ?? "all" };
    const excluded = new Set(selection.exclude);
    return all.ok
      ? { ok: true, data: all.data.filter((listing) => matchesView(listing, view) && !excluded.has(listing.id)) }
      : all;
  }
  const listings: Listing[] = [];
  const ids = [...new Set(selection.listingIds)];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const batch = await marketplace.getListingsByListingIds(seller.userId, ids.slice(start, start + READ_BATCH));
    if (!batch.ok) return batch;
    listings.push(...batch.data.filter((listing) => listing.shopId === seller.shopId));
  }
  return { ok: true, data: listings };
}
