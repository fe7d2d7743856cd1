import "server-only";
import { readAllListings } from "../listings/shop-listings";
import { matchesView } from "../listings/view";
import type { Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import { readListingQuestions, type ShopListing } from "./listing-reads";
import type { Selection } from "./selection-schema";
import { ownListings } from "./shop-listing-ids";

/**
 * The selected listings of the seller's shop as they are now. Listings selected by id are checked against the shop
 * first: `foreign` counts the ids that are not the seller's, which are never asked about (`foreignIds` says whether the
 * others are still read).
 */
export async function resolveSelection(
  marketplace: Marketplace,
  seller: { userId: number; shopId: number },
  selection: Selection,
  foreignIds: "drop" | "refuse",
): Promise<Result<{ listings: ShopListing[]; foreign: number }>> {
  if (selection.kind === "listings") return ownListings(marketplace, seller, selection.listingIds, foreignIds);
  const all = await readAllListings(marketplace, seller, selection.state);
  if (!all.ok) return all;
  const view = { q: selection.q ?? "", filter: selection.filter ?? "all" };
  const excluded = new Set(selection.exclude);
  const ids = all.data
    .filter((listing) => matchesView(listing, view) && !excluded.has(listing.id))
    .map((listing) => listing.id);
  const listings = await readListingQuestions(marketplace, seller, ids);
  return listings.ok ? { ok: true, data: { listings: listings.data, foreign: 0 } } : listings;
}
