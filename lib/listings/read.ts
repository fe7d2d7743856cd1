import "server-only";
import type { SellerClaims } from "../auth/auth";
import { neighboursIn, pageOfView, type ListingsView, type Neighbours, type StateCounts, type ViewPage } from "./view";
import { marketplace, type MarketplaceFailure, type Result, type Listing } from "../marketplace";
import { rememberTitles } from "./titles";
import { cachedShopListings, type StateListings } from "./shop-listings";
import { freshKeptListing, mirrorReadAt, mirroredListings, mirroredStateCounts } from "../mirror/mirrored-listings";
import type { Seller } from "../marketplace/wire";

const notAnswering = (failure: MarketplaceFailure) => failure.kind === "unavailable" || failure.kind === "timeout";

// The mirror once it is filled; until then the marketplace itself. A fresh read the marketplace does not answer gets
// the mirror's copy as it was last read (`keptAt`), rather than no listings at all.
async function viewListings(
  shop: Seller,
  state: ListingsView["state"],
  options: { fresh?: boolean; keptWillDo?: boolean } = {},
): Promise<Result<StateListings & { keptAt?: number }>> {
  const mirrored = await mirroredListings(shop, state, options);
  if (!mirrored) return cachedShopListings(await marketplace(), shop, state, options);
  if (mirrored.ok) return { ok: true, data: { listings: mirrored.data, count: mirrored.data.length } };
  const keptAt = options.fresh && notAnswering(mirrored.failure) ? await mirrorReadAt(shop) : null;
  const kept = keptAt === null ? null : await mirroredListings(shop, state);
  return kept?.ok ? { ok: true, data: { listings: kept.data, count: kept.data.length, keptAt: keptAt! } } : mirrored;
}

export async function loadListingsPage(
  seller: SellerClaims,
  view: ListingsView,
  options: { fresh?: boolean; keptWillDo?: boolean } = {},
): Promise<Result<ViewPage>> {
  if (seller.shopId === null) return { ok: true, data: { count: 0, total: 0, page: 1, pages: 1, listings: [] } };
  const shop = { userId: seller.userId, shopId: seller.shopId };
  const read = await viewListings(shop, view.state, options);
  if (!read.ok) return read;
  rememberTitles(seller.userId, read.data.listings);
  const page = pageOfView(read.data.listings, view, read.data.count);
  return {
    ok: true,
    data: read.data.keptAt === undefined ? page : { ...page, keptCopy: { readAt: read.data.keptAt } },
  };
}

export async function loadNeighbours(
  seller: SellerClaims,
  view: ListingsView,
  listingId: number,
): Promise<Result<Neighbours | null>> {
  if (seller.shopId === null) return { ok: true, data: null };
  const shop = { userId: seller.userId, shopId: seller.shopId };
  const read = await viewListings(shop, view.state);
  return read.ok ? { ok: true, data: neighboursIn(read.data.listings, view, listingId) } : read;
}

/** The neighbours as the shop's mirror has them, for the editor's first render; undefined until the mirror is filled. */
export async function mirroredNeighbours(
  seller: SellerClaims,
  view: ListingsView,
  listingId: number,
): Promise<Neighbours | null | undefined> {
  if (seller.shopId === null) return null;
  const listings = await mirroredListings({ userId: seller.userId, shopId: seller.shopId }, view.state);
  return listings?.ok ? neighboursIn(listings.data, view, listingId) : undefined;
}

// `kept`: the editor's first render may show the kept copy while webhooks keep it fresh; the save reads the listing
// again before it writes (lib/writes/recorded-write.ts), so a copy that fell behind is never written over.
export async function loadListing(
  seller: SellerClaims,
  listingId: number,
  options: { kept?: boolean } = {},
): Promise<Result<Listing>> {
  const kept =
    options.kept && seller.shopId !== null
      ? await freshKeptListing({ userId: seller.userId, shopId: seller.shopId }, listingId)
      : null;
  if (kept) return { ok: true, data: kept };
  const result = await (await marketplace()).getListing(seller.userId, listingId);
  if (result.ok && result.data.shopId !== seller.shopId)
    return { ok: false, failure: { kind: "not_found", message: "not in your shop" } };
  return result;
}

export async function loadStateCounts(seller: SellerClaims): Promise<Result<StateCounts>> {
  if (seller.shopId === null) return { ok: true, data: {} };
  return { ok: true, data: (await mirroredStateCounts({ userId: seller.userId, shopId: seller.shopId })) ?? {} };
}
