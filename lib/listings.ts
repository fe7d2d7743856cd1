import "server-only";
import { NextResponse } from "next/server";
import type { SellerClaims } from "./auth/auth";
import { currentSeller } from "./auth/seller";
import { neighboursIn, pageOfView, type ListingsView, type Neighbours, type ViewPage } from "./listings-view";
import { describeFailure, marketplace, personalizationPhase, type MarketplaceFailure, type Result, type Listing } from "./marketplace";
import { rememberTitles } from "./listing-titles";
import { cachedShopListings } from "./shop-listings";

/** One page of the seller's listings as the view asks: searched, filtered and sorted on the server over the whole state. */
export async function loadListingsPage(seller: SellerClaims, view: ListingsView, options: { fresh?: boolean } = {}): Promise<Result<ViewPage>> {
  if (seller.shopId === null) return { ok: true, data: { count: 0, total: 0, page: 1, pages: 1, listings: [] } };
  const listings = await cachedShopListings(await marketplace(), { userId: seller.userId, shopId: seller.shopId }, view.state, options);
  if (!listings.ok) return listings;
  personalizationPhase().noteListings(listings.data);
  rememberTitles(seller.userId, listings.data);
  return { ok: true, data: pageOfView(listings.data, view) };
}

/** Where a listing stands in the view, and the ones before and after it; the listing may have left the view (null). */
export async function loadNeighbours(seller: SellerClaims, view: ListingsView, listingId: number): Promise<Result<Neighbours | null>> {
  if (seller.shopId === null) return { ok: true, data: null };
  const listings = await cachedShopListings(await marketplace(), { userId: seller.userId, shopId: seller.shopId }, view.state);
  return listings.ok ? { ok: true, data: neighboursIn(listings.data, view, listingId) } : listings;
}

export async function loadListing(seller: SellerClaims, listingId: number): Promise<Result<Listing>> {
  const result = await (await marketplace()).getListing(seller.userId, listingId);
  if (result.ok && result.data.shopId !== seller.shopId) return { ok: false, failure: { kind: "not_found", message: "not in your shop" } };
  if (result.ok) personalizationPhase().noteListings([result.data]);
  return result;
}

const STATUS: Partial<Record<MarketplaceFailure["kind"], number>> = { reauth: 401, invalid_token: 401, insufficient_scope: 403, forbidden: 403, not_found: 404, rate_limited: 429, timeout: 504 };

/** Route handlers for the browser's reads: the session is checked here too, and failures carry the seller-facing message. */
export async function readAsSeller<T>(load: (seller: SellerClaims) => Promise<Result<T>>) {
  const seller = await currentSeller();
  if (!seller) return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load"), reauth: true }, { status: 401 });
  const result = await load(seller);
  if (result.ok) return NextResponse.json(result.data, { headers: { "cache-control": "no-store" } });
  const reauth = result.failure.kind === "reauth" || result.failure.kind === "invalid_token";
  return NextResponse.json({ error: describeFailure(result.failure, "load"), reauth }, { status: STATUS[result.failure.kind] ?? 502 });
}
