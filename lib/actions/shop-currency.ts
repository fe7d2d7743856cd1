import "server-only";
import type { Seller } from "../marketplace/wire";
import type { Refusal } from "./seller-action";
import type { Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import type { QuestionForm } from "../personalization/question-set";
import { changesAddOnPrice } from "../personalization/snapshot-codec";
import { knownShopCurrency, noteShopCurrency } from "../marketplace/shop-currencies";

const NO_CURRENCY =
  "Nothing was changed: the marketplace did not say which currency your shop sells in, so the add-on price could not be set. Try again in a moment, or leave the price as it was.";

export async function currencyForPrices(
  marketplace: Marketplace,
  seller: Seller,
  questions: readonly QuestionForm[],
): Promise<Result<string | undefined> | Refusal> {
  if (!changesAddOnPrice(questions)) return { ok: true, data: undefined };
  const shop = await marketplace.getShop(seller.userId, seller.shopId);
  if (!shop.ok) return shop;
  noteShopCurrency(seller.shopId, shop.data.currencyCode);
  return shop.data.currencyCode ? { ok: true, data: shop.data.currencyCode } : { ok: false, refusal: NO_CURRENCY };
}

export async function shopCurrencyCode(
  marketplace: Marketplace,
  seller: { userId: number; shopId: number | null },
): Promise<string | undefined> {
  if (seller.shopId === null) return undefined;
  const known = knownShopCurrency(seller.shopId);
  if (known !== undefined) return known;
  const shop = await marketplace.getShop(seller.userId, seller.shopId);
  if (!shop.ok) return undefined;
  noteShopCurrency(seller.shopId, shop.data.currencyCode);
  return shop.data.currencyCode;
}
