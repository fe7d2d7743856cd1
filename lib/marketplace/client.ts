import "server-only";
import type { z } from "zod";
import type { TokenStore } from "../tokens/token-store";
import { isDatabaseUnreachable } from "../db/outage";
import type { MarketplaceConfig } from "./config";
import type { Result } from "./failure";
import { inProcessListingWrites, type ListingWrites } from "./write-counts";
import { sellerTokens } from "./seller-tokens";
import { marketplaceFetch, type Call } from "./transport";
import { listingQuestionsPageWire, toListingQuestions } from "./question-wire";
import {
  receiptPageWire,
  receiptWire,
  toOrder,
  toOrderItem,
  transactionPageWire,
  type Order,
  type OrderItem,
} from "./receipt-wire";
import {
  listingPageWire,
  listingWire,
  personalizationWire,
  shopWire,
  toListing,
  toQuestion,
  type Listing,
  type ListingPage,
  type PersonalizationWriteWire,
  type Question,
} from "./wire";

type ListingQuestionsRead = ReturnType<typeof toListingQuestions>;

export type ListingState = "active" | "inactive" | "draft" | "expired" | "sold_out" | "removed";

export type ReceiptQuery = {
  wasPaid?: boolean;
  wasShipped?: boolean;
  wasDelivered?: boolean;
  /** The one read that finds cancelled receipts: a read by min_last_modified leaves them out (docs/marketplace.md §16). */
  wasCanceled?: boolean;
  minCreated?: number;
  maxCreated?: number;
  minLastModified?: number;
  sortOn?: "created" | "updated" | "receipt_id";
  sortOrder?: "asc" | "desc";
  limit: number;
  offset: number;
};

/** A shipment's tracking: both fields, or neither to mark the receipt shipped only (docs/marketplace.md §16.6). */
export type ShipmentTracking = { carrierName: string; trackingCode: string };

const map = <T, U>(result: Result<T>, reshape: (data: T) => U): Result<U> =>
  result.ok ? { ok: true, data: reshape(result.data) } : result;

export function createMarketplace(
  config: MarketplaceConfig,
  store: TokenStore,
  writes: ListingWrites = inProcessListingWrites,
) {
  const accessToken = sellerTokens(config, store);

  const written = async <T>(shopId: number, write: Promise<Result<T>>): Promise<Result<T>> => {
    try {
      return await write;
    } finally {
      // Not noting it leaves a cached read of the shop up to its 30 s; failing the seller's write for that would be worse.
      await writes.note(shopId).catch((error: Error) => {
        // An outage of the database is logged once, where it is noticed (lib/db/outage.ts).
        if (!isDatabaseUnreachable(error))
          console.error(`dashboard: noting a write to shop ${shopId} failed: ${error.message}`);
      });
    }
  };

  async function asSeller<T>(userId: number, call: Omit<Call<T>, "accessToken">): Promise<Result<T>> {
    const token = await accessToken(userId);
    if (!token.ok) return token;
    const first = await marketplaceFetch(config, { ...call, accessToken: token.data });
    if (first.ok || first.failure.kind !== "invalid_token") return first;
    const renewed = await accessToken(userId, token.data);
    if (!renewed.ok) return renewed;
    const second = await marketplaceFetch(config, { ...call, accessToken: renewed.data });
    return !second.ok && second.failure.kind === "invalid_token" ? { ok: false, failure: { kind: "reauth" } } : second;
  }

  const seen = (listings: Listing[]) => {
    config.onListingsRead?.(listings);
    return listings;
  };

  type PageWire<W> = z.ZodType<{ count: number; results: W[] }>;
  type ShopPage = { state: ListingState; limit: number; offset: number; newestUpdatedFirst?: boolean };
  /** The listings' pages and the editor show a thumbnail; reads of questions alone leave the images out. */
  const WITH_IMAGES = "personalization,Images";

  async function shopListings<W, T>(
    userId: number,
    shopId: number,
    page: ShopPage,
    schema: PageWire<W>,
    to: (wire: W) => T,
    includes = "personalization",
  ) {
    return map(
      await asSeller(userId, {
        operation: "getListingsByShop",
        path: `/v3/application/shops/${shopId}/listings`,
        query: {
          state: page.state,
          limit: page.limit,
          offset: page.offset,
          includes,
          ...(page.newestUpdatedFirst && { sort_on: "updated", sort_order: "desc" }),
        },
        schema,
      }),
      (data) => ({ count: data.count, listings: data.results.map(to) }),
    );
  }

  async function listingsBatch<W, T>(
    userId: number,
    listingIds: number[],
    schema: PageWire<W>,
    to: (wire: W) => T,
    includes = "personalization",
  ) {
    return map(
      await asSeller(userId, {
        operation: "getListingsByListingIds",
        path: "/v3/application/listings/batch",
        query: { listing_ids: listingIds.join(","), includes },
        schema,
      }),
      (data) => data.results.map(to),
    );
  }

  return {
    listingWrites: (shopId: number) => writes.count(shopId),

    // GET /v3/application/shops/{shop_id}
    getShop: async (userId: number, shopId: number) =>
      map(
        await asSeller(userId, { operation: "getShop", path: `/v3/application/shops/${shopId}`, schema: shopWire }),
        (shop) => ({ shopId: shop.shop_id, shopName: shop.shop_name, currencyCode: shop.currency_code }),
      ),

    // GET /v3/application/shops/{shop_id}/listings?includes=personalization,Images
    getListingsByShop: async (userId: number, shopId: number, page: ShopPage): Promise<Result<ListingPage>> =>
      map(await shopListings(userId, shopId, page, listingPageWire, toListing, WITH_IMAGES), (data) => ({
        ...data,
        listings: seen(data.listings),
      })),

    // GET /v3/application/listings/{listing_id}?includes=personalization,Images
    getListing: async (userId: number, listingId: number): Promise<Result<Listing>> =>
      map(
        await asSeller(userId, {
          operation: "getListing",
          path: `/v3/application/listings/${listingId}`,
          query: { includes: WITH_IMAGES },
          schema: listingWire,
        }),
        (wire) => seen([toListing(wire)])[0]!,
      ),

    // GET /v3/application/listings/batch?listing_ids=…&includes=personalization,Images (at most 100 ids; listings the seller cannot see are left out)
    getListingsByListingIds: async (userId: number, listingIds: number[]): Promise<Result<Listing[]>> =>
      map(await listingsBatch(userId, listingIds, listingPageWire, toListing, WITH_IMAGES), seen),

    // POST /v3/application/shops/{shop_id}/listings/{listing_id}/personalization[?supports_multiple_personalization_questions=true]
    updateListingPersonalization: async (
      userId: number,
      shopId: number,
      listingId: number,
      body: PersonalizationWriteWire,
      options: { multipleQuestions?: boolean } = {},
    ): Promise<Result<Question[]>> => {
      const result = await written(
        shopId,
        asSeller(userId, {
          operation: "updateListingPersonalization",
          method: "POST",
          path: `/v3/application/shops/${shopId}/listings/${listingId}/personalization`,
          // docs/marketplace.md §9.4: only a write that says so may replace several questions; without it the marketplace refuses with 409.
          query: options.multipleQuestions ? { supports_multiple_personalization_questions: "true" } : undefined,
          json: body,
          schema: personalizationWire,
        }),
      );
      config.onPersonalizationWrite?.({ multipleQuestions: options.multipleQuestions ?? false, result });
      return map(result, (data) => data.personalization_questions.map(toQuestion));
    },

    // DELETE /v3/application/shops/{shop_id}/listings/{listing_id}/personalization
    deleteListingPersonalization: (userId: number, shopId: number, listingId: number): Promise<Result<void>> =>
      written(
        shopId,
        asSeller(userId, {
          operation: "deleteListingPersonalization",
          method: "DELETE",
          path: `/v3/application/shops/${shopId}/listings/${listingId}/personalization`,
          schema: null,
        }),
      ),

    // GET /v3/application/listings/batch?listing_ids=…&includes=personalization, questions only
    getListingQuestions: (userId: number, listingIds: number[]): Promise<Result<ListingQuestionsRead[]>> =>
      listingsBatch(userId, listingIds, listingQuestionsPageWire, toListingQuestions),

    // GET /v3/application/shops/{shop_id}/receipts?was_paid=…&was_shipped=…&was_delivered=…&was_canceled=…&min_created=…&limit=…&offset=…
    getShopReceipts: async (
      userId: number,
      shopId: number,
      query: ReceiptQuery,
    ): Promise<Result<{ count: number; orders: Order[] }>> =>
      map(
        await asSeller(userId, {
          operation: "getShopReceipts",
          path: `/v3/application/shops/${shopId}/receipts`,
          query: {
            was_paid: query.wasPaid === undefined ? undefined : String(query.wasPaid),
            was_shipped: query.wasShipped === undefined ? undefined : String(query.wasShipped),
            was_delivered: query.wasDelivered === undefined ? undefined : String(query.wasDelivered),
            was_canceled: query.wasCanceled === undefined ? undefined : String(query.wasCanceled),
            min_created: query.minCreated,
            max_created: query.maxCreated,
            min_last_modified: query.minLastModified,
            sort_on: query.sortOn,
            sort_order: query.sortOrder,
            limit: query.limit,
            offset: query.offset,
          },
          schema: receiptPageWire,
        }),
        (data) => ({ count: data.count, orders: data.results.map(toOrder) }),
      ),

    // GET /v3/application/shops/{shop_id}/receipts/{receipt_id}
    getShopReceipt: async (userId: number, shopId: number, receiptId: number): Promise<Result<Order>> =>
      map(
        await asSeller(userId, {
          operation: "getShopReceipt",
          path: `/v3/application/shops/${shopId}/receipts/${receiptId}`,
          schema: receiptWire,
        }),
        toOrder,
      ),

    // POST /v3/application/shops/{shop_id}/receipts/{receipt_id}/tracking
    createReceiptShipment: async (
      userId: number,
      shopId: number,
      receiptId: number,
      tracking?: ShipmentTracking,
    ): Promise<Result<Order>> =>
      map(
        await asSeller(userId, {
          operation: "createReceiptShipment",
          method: "POST",
          path: `/v3/application/shops/${shopId}/receipts/${receiptId}/tracking`,
          json: tracking ? { tracking_code: tracking.trackingCode, carrier_name: tracking.carrierName } : {},
          schema: receiptWire,
        }),
        toOrder,
      ),

    // GET /v3/application/shops/{shop_id}/receipts/{receipt_id}/transactions
    getShopReceiptTransactionsByReceipt: async (
      userId: number,
      shopId: number,
      receiptId: number,
    ): Promise<Result<OrderItem[]>> =>
      map(
        await asSeller(userId, {
          operation: "getShopReceiptTransactionsByReceipt",
          path: `/v3/application/shops/${shopId}/receipts/${receiptId}/transactions`,
          schema: transactionPageWire,
        }),
        (data) => data.results.map(toOrderItem),
      ),

    // GET /v3/application/shops/{shop_id}/transactions?limit=…&offset=…
    getShopReceiptTransactionsByShop: async (
      userId: number,
      shopId: number,
      page: { limit: number; offset: number },
    ): Promise<Result<{ count: number; items: OrderItem[] }>> =>
      map(
        await asSeller(userId, {
          operation: "getShopReceiptTransactionsByShop",
          path: `/v3/application/shops/${shopId}/transactions`,
          query: page,
          schema: transactionPageWire,
        }),
        (data) => ({ count: data.count, items: data.results.map(toOrderItem) }),
      ),

    // GET /v3/application/shops/{shop_id}/listings?includes=personalization, questions only
    getShopListingQuestions: (
      userId: number,
      shopId: number,
      page: ShopPage,
    ): Promise<Result<{ count: number; listings: ListingQuestionsRead[] }>> =>
      shopListings(userId, shopId, page, listingQuestionsPageWire, toListingQuestions),
  };
}

export type Marketplace = ReturnType<typeof createMarketplace>;
