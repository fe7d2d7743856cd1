import { statement, type Db } from "./db.js";
import type { ShopWire } from "../wire.js";

export type ShopRow = {
  shop_id: number;
  user_id: number;
  shop_name: string;
  title: string;
  currency_code: string;
  created_timestamp: number;
  location: string;
  country_iso: string;
};

const SHOP_COLUMNS = "shop_id, user_id, shop_name, title, currency_code, created_timestamp, location, country_iso";

export const getShopRow = (db: Db, shopId: number) =>
  statement(db, `SELECT ${SHOP_COLUMNS} FROM shops WHERE shop_id = ?`).get(shopId) as ShopRow | undefined;

export const getShopRowOfUser = (db: Db, userId: number) =>
  statement(db, `SELECT ${SHOP_COLUMNS} FROM shops WHERE user_id = ?`).get(userId) as ShopRow | undefined;

/** Every field of the OAS's Shop: the stored ones, the live count, and seeded values for the rest. */
export function shopJson(db: Db, shop: ShopRow): ShopWire {
  const activeCount = statement(db, "SELECT COUNT(*) FROM listings WHERE shop_id = ? AND state = 'active'")
    .pluck()
    .get(shop.shop_id) as number;
  const policy = (topic: string) => `${shop.shop_name} ${topic}: see the shop's structured policies.`;
  return {
    shop_id: shop.shop_id,
    user_id: shop.user_id,
    shop_name: shop.shop_name,
    create_date: shop.created_timestamp,
    created_timestamp: shop.created_timestamp,
    title: shop.title,
    announcement: `Welcome to ${shop.shop_name}: every order is made by hand.`,
    currency_code: shop.currency_code,
    is_vacation: false,
    vacation_message: null,
    sale_message: "Thank you for your order!",
    digital_sale_message: null,
    update_date: shop.created_timestamp,
    updated_timestamp: shop.created_timestamp,
    listing_active_count: activeCount,
    digital_listing_count: 0,
    login_name: shop.shop_name.toLowerCase(),
    accepts_custom_requests: true,
    policy_welcome: policy("welcome"),
    policy_payment: policy("payment"),
    policy_shipping: policy("shipping"),
    policy_refunds: policy("refunds"),
    policy_additional: null,
    policy_seller_info: null,
    policy_update_date: shop.created_timestamp,
    policy_has_private_receipt_info: false,
    has_unstructured_policies: false,
    policy_privacy: null,
    vacation_autoreply: null,
    url: `https://marketplace.example/shop/${shop.shop_name}`,
    image_url_760x100: null,
    num_favorers: shop.shop_id % 500,
    languages: ["en-US"],
    icon_url_fullxfull: null,
    is_using_structured_policies: true,
    has_onboarded_structured_policies: true,
    include_dispute_form_link: false,
    is_direct_checkout_onboarded: true,
    is_etsy_payments_onboarded: true,
    is_calculated_eligible: false,
    is_opted_in_to_buyer_promise: true,
    is_shop_us_based: shop.country_iso === "US",
    transaction_sold_count: shop.shop_id % 1000,
    shipping_from_country_iso: shop.country_iso,
    shop_location_country_iso: shop.country_iso,
    review_count: 12,
    review_average: 4.8,
  };
}
