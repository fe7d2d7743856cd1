import { jsonError, type Ctx } from "../http.js";
import { statement } from "../store/db.js";
import type { ListingRow } from "../store/listing-json.js";
import { hasScope } from "./credentials.js";

// Who may read or change what (docs/marketplace.md §2.6, §7.10): every route of the v3 API asks these guards first.

/** Non-active listings are shown only to their owner with listings_r (docs/marketplace.md §2.6). */
export function visible(c: Ctx, row: Pick<ListingRow, "state" | "user_id">) {
  return row.state === "active" || (c.get("bearer")?.user_id === row.user_id && hasScope(c, "listings_r"));
}

export const notVisibleRefusal = (c: Ctx) =>
  jsonError(c, 404, `Listing ${c.req.param("listing_id")} does not exist or is not visible to this caller.`);

export function shopOr404(c: Ctx, shopId: number) {
  const shop = statement(c.get("state").db, "SELECT shop_id, user_id FROM shops WHERE shop_id = ?").get(shopId) as
    { shop_id: number; user_id: number } | undefined;
  return shop ?? jsonError(c, 404, `Shop ${c.req.param("shop_id")} does not exist.`);
}

export function ownShopOr403(c: Ctx, shopId: number) {
  const shop = shopOr404(c, shopId);
  if (shop instanceof Response) return shop;
  if (shop.user_id !== c.get("bearer")?.user_id)
    return jsonError(c, 403, `Shop ${shop.shop_id} does not belong to the user of this token.`);
  return shop;
}

type OwnedListing = Pick<ListingRow, "listing_id" | "shop_id" | "questions" | "is_personalizable"> & {
  currency_code: string;
};

/** The shop in the path must be the caller's, and the listing must be in it (docs/marketplace.md §7.10). */
export function ownedListing(c: Ctx, params: { shop_id: number; listing_id: number }): OwnedListing | Response {
  const shopId = params.shop_id;
  const found = statement(
    c.get("state").db,
    "SELECT shops.user_id AS shop_user_id, currency_code, listing_id, listings.shop_id, listings.state, questions, is_personalizable FROM shops LEFT JOIN listings ON listing_id = ? WHERE shops.shop_id = ?",
  ).get(params.listing_id, shopId) as
    (Omit<OwnedListing, "listing_id"> & { shop_user_id: number; listing_id: number | null; state: string }) | undefined;
  if (!found) return jsonError(c, 404, `Shop ${c.req.param("shop_id")} does not exist.`);
  if (found.shop_user_id !== c.get("bearer")?.user_id)
    return jsonError(c, 403, `Shop ${shopId} does not belong to the user of this token.`);
  const { listing_id, shop_id, questions, is_personalizable, currency_code } = found;
  if (listing_id === null) return jsonError(c, 404, `Listing ${c.req.param("listing_id")} does not exist.`);
  if (shop_id !== shopId) return jsonError(c, 403, `Listing ${listing_id} does not belong to shop ${shopId}.`);
  // docs/marketplace.md §18: a listing the marketplace removed is gone for writes; it still reads, to its owner.
  if (found.state === "removed")
    return jsonError(c, 404, `Listing ${listing_id} was removed by the marketplace and can no longer be changed.`);
  return { listing_id, shop_id, questions, is_personalizable, currency_code };
}
