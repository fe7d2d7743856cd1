import "server-only";
import { NextResponse } from "next/server";
import type { SellerClaims } from "./auth/auth";
import { currentSeller } from "./auth/seller";
import { PAGE_SIZE } from "./listing-queries";
import { rememberTitles } from "./listing-titles";
import { describeFailure, marketplace, type ListingState, type MarketplaceFailure, type Result, type Listing, type ListingPage } from "./marketplace";

export async function loadListingsPage(seller: SellerClaims, state: ListingState, page: number): Promise<Result<ListingPage>> {
  if (seller.shopId === null) return { ok: true, data: { count: 0, listings: [] } };
  const result = await (await marketplace()).getListingsByShop(seller.userId, seller.shopId, { state, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  if (result.ok) rememberTitles(seller.userId, result.data.listings);
  return result;
}

export async function loadListing(seller: SellerClaims, listingId: number): Promise<Result<Listing>> {
  const result = await (await marketplace()).getListing(seller.userId, listingId);
  if (result.ok && result.data.shopId !== seller.shopId) return { ok: false, failure: { kind: "not_found", message: "not in your shop" } };
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
