import "server-only";
import { db } from "../db";
import { readAllListings } from "../listings/shop-listings";
import { matchesView } from "../listings/view";
import type { Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import { mirrorStore } from "../mirror/mirror-store";
import { READ_BATCH } from "./plan";
import { QUESTIONS_MAX } from "../personalization/question-draft";
import { readListingQuestions, readShopQuestions, SHOP_READ_MAX, type ShopListing } from "./listing-reads";
import { type Seller } from "../marketplace/wire";
import type { Selection } from "./selection-schema";
import { wholeNumber } from "../whole-number";

/** Which of the named listings are the seller's, and those the check read on the way. */
export type ShopListings = { ids: ReadonlySet<number>; read?: ShopListing[] };

/**
 * Which of the named listings are the seller's, asked of the shop's mirror when it is filled (no request). While it
 * fills, up to 100 named listings are read in the one request reading them takes anyway, and more by reading the shop
 * whole: a cost set by the shop, never by the ids named. What was read on the way is returned, not read again.
 */
export async function shopListingIds(
  marketplace: Marketplace,
  seller: Seller,
  named: readonly number[],
): Promise<Result<ShopListings>> {
  const mirrored = await mirroredListingIds(seller.shopId);
  if (mirrored) return { ok: true, data: { ids: mirrored } };
  const ids = [...new Set(named)];
  const read =
    ids.length <= READ_BATCH
      ? await readListingQuestions(marketplace, seller, ids)
      : await readShopQuestions(marketplace, seller);
  if (!read.ok) return read;
  return { ok: true, data: { ids: new Set(read.data.map((listing) => listing.listingId)), read: read.data } };
}

/** The ids of the shop's listings when its mirror is filled, without a request; null while it fills. */
export async function mirroredListingIds(shopId: number): Promise<ReadonlySet<number> | null> {
  const store = mirrorStore(await db());
  if ((await store.shop(shopId))?.status !== "filled") return null;
  return new Set(await store.listingIds(shopId));
}

/**
 * The most question rows a file for the shop can need, which bounds how much of it is read: one a question of each
 * listing kept; while the mirror fills, of each listing reading the shop whole could find, which an import of more than
 * a batch of listings does then. Never unbounded: a file of empty rows costs no more while the mirror fills.
 */
export const questionRowsBound = (mirrored: ReadonlySet<number> | null) =>
  (mirrored?.size ?? SHOP_READ_MAX) * QUESTIONS_MAX;

/** The named listings of the seller's shop as they are now, read after the check and only once. */
export async function readShopListings(
  marketplace: Marketplace,
  seller: Seller,
  shop: ShopListings,
  named: readonly number[],
): Promise<Result<ShopListing[]>> {
  const own = new Set(named.filter((id) => shop.ids.has(id)));
  if (shop.read) return { ok: true, data: shop.read.filter((listing) => own.has(listing.listingId)) };
  return readListingQuestions(marketplace, seller, [...own]);
}

/**
 * The named listings of the seller's shop as they are now, and how many named ids are not the shop's: each id is
 * checked against the shop's listings before the marketplace is asked about it, so ids of other shops cost nothing.
 * With `refuse`, nothing is read when any id is foreign: the caller refuses the whole request.
 */
export async function ownListings(
  marketplace: Marketplace,
  seller: Seller,
  named: readonly number[],
  foreignIds: "drop" | "refuse",
): Promise<Result<{ listings: ShopListing[]; foreign: number }>> {
  const ids = [...new Set(named)];
  const shop = await shopListingIds(marketplace, seller, ids);
  if (!shop.ok) return shop;
  const foreign = ids.filter((id) => !shop.data.ids.has(id)).length;
  if (foreign > 0 && foreignIds === "refuse") return { ok: true, data: { listings: [], foreign } };
  const listings = await readShopListings(marketplace, seller, shop.data, ids);
  return listings.ok ? { ok: true, data: { listings: listings.data, foreign } } : listings;
}

/**
 * The selected listings of the seller's shop as they are now. Listings selected by id are checked against the shop
 * first: `foreign` counts the ids that are not the seller's, which are never asked about (`foreignIds` says whether the
 * others are still read).
 */
export async function resolveSelection(
  marketplace: Marketplace,
  seller: Seller,
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

/** The refusal of a request that names listings of other shops: nothing of it is read or planned. */
export const notInShop = (foreign: number, named: "selected" | "edited") =>
  `${wholeNumber(foreign)} of the ${named} listings ${foreign === 1 ? "is" : "are"} not in your shop, so nothing was planned. Reload the page and ${named === "edited" ? "edit the grid" : "select listings"} again.`;
