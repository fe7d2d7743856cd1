import { z } from "zod";
import { storedBytes } from "../space-limits.js";
import { jsonError, type Ctx } from "../http.js";
import { defineRoute, enumValue, integerQuery, integerValue, limitQuery, refusals, reply } from "./routes.js";
import { ownShopOr403 } from "./access.js";
import { lenientIdParam, shopIdParam } from "./listings.js";
import { receiptPageSchema, receiptSchema, transactionPageSchema } from "../receipt-wire.js";
import {
  getReceiptRow,
  receiptPage,
  receiptsJson,
  recordShipment,
  transactionPage,
  transactionsOfReceipt,
} from "../store/receipt-store.js";
import { shipmentBody, shipmentBodySchema, shipmentRefusal } from "./shipment-body.js";

// The receipt reads of the live OAS (docs/marketplace.md §16): scope transactions_r, the caller's own shop only; and
// its one receipt write, createReceiptShipment (§16.6), with transactions_w.

const ACCESS = { token: "required", scope: "transactions_r" } as const;

const pagingQuery = {
  limit: limitQuery("The maximum number of results to return."),
  offset: integerQuery({
    name: "offset",
    default: 0,
    message: "Offset must be a whole number from 0.",
    description: "The number of records to skip before selecting the first result.",
  }),
};

const booleanQuery = (name: string, description: string) =>
  z
    .string()
    .transform((raw, ctx) => {
      const value = raw.toLowerCase();
      if (value === "true" || value === "1") return true;
      if (value === "false" || value === "0") return false;
      ctx.issues.push({ code: "custom", message: `Expected boolean value for ${name}`, input: raw });
      return z.NEVER;
    })
    .pipe(z.boolean())
    .optional()
    .meta({ description });

const timeQuery = (name: string, description: string) =>
  integerValue({ name, min: 946_684_800, message: `${name} must be a Unix time from 946684800.` })
    .optional()
    .meta({ description });

const legacyQuery = booleanQuery("legacy", "Accepted and ignored: the sandbox has no processing profiles.");

const receiptParams = z.object({ shop_id: shopIdParam, receipt_id: lenientIdParam("The receipt.") });

/** The caller's own shop's receipt, or the refusal: 403 for another's shop, 404 for a receipt the shop lacks. */
function ownReceipt(c: Ctx, params: { shop_id: number; receipt_id: number }, query: () => unknown) {
  const shop = ownShopOr403(c, params.shop_id);
  if (shop instanceof Response) return shop;
  const input = query();
  if (input instanceof Response) return input;
  const row = getReceiptRow(c.get("state").db, shop.shop_id, params.receipt_id);
  return row ?? jsonError(c, 404, `Receipt ${c.req.param("receipt_id")} does not exist in shop ${shop.shop_id}.`);
}

export const receiptRoutes = [
  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id/receipts",
    operationId: "getShopReceipts",
    summary: "The shop's receipts, newest first, with their transactions",
    tags: ["Shop Receipt"],
    access: ACCESS,
    params: z.object({ shop_id: shopIdParam }),
    query: z.object({
      min_created: timeQuery("min_created", "The earliest Unix time a receipt was created."),
      max_created: timeQuery("max_created", "The latest Unix time a receipt was created."),
      min_last_modified: timeQuery(
        "min_last_modified",
        "The earliest Unix time a receipt last changed. As on the marketplace, this filter leaves cancelled receipts out.",
      ),
      max_last_modified: timeQuery("max_last_modified", "The latest Unix time a receipt last changed."),
      ...pagingQuery,
      sort_on: enumValue(["created", "updated", "receipt_id"]).default("created"),
      sort_order: enumValue(["asc", "ascending", "desc", "descending", "up", "down"]).default("desc"),
      was_paid: booleanQuery("was_paid", "true: paid receipts; false: receipts not paid yet."),
      was_shipped: booleanQuery("was_shipped", "true: shipped receipts; false: receipts not shipped yet."),
      was_delivered: booleanQuery(
        "was_delivered",
        "true: receipts marked delivered (the control API marks them); false: those not delivered.",
      ),
      was_canceled: booleanQuery("was_canceled", "true: cancelled receipts only; false: receipts not cancelled."),
      legacy: legacyQuery,
    }),
    responses: { 200: reply("A page of receipts.", receiptPageSchema), ...refusals(400, 401, 403, 404, 429) },
    handler: (c, { params, query }) => {
      const shop = ownShopOr403(c, params.shop_id);
      if (shop instanceof Response) return shop;
      const input = query();
      if (input instanceof Response) return input;
      return c.json(receiptPage(c.get("state").db, shop.shop_id, input));
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id/receipts/:receipt_id",
    operationId: "getShopReceipt",
    summary: "One of the shop's receipts",
    tags: ["Shop Receipt"],
    access: ACCESS,
    params: receiptParams,
    query: z.object({ legacy: legacyQuery }),
    responses: { 200: reply("The receipt.", receiptSchema), ...refusals(400, 401, 403, 404, 429) },
    handler: (c, { params, query }) => {
      const row = ownReceipt(c, params, query);
      return row instanceof Response ? row : c.json(receiptsJson(c.get("state").db, [row])[0]);
    },
  }),

  defineRoute({
    method: "post",
    path: "/v3/application/shops/:shop_id/receipts/:receipt_id/tracking",
    operationId: "createReceiptShipment",
    summary: "Ships one of the shop's receipts: a shipment with its tracking code, or the receipt marked shipped only",
    description:
      "Each submission with a tracking code adds a shipment, also to a receipt shipped already. Within the United States on an order over $10, or to India, tracking_code and carrier_name are required. No webhook follows (the marketplace has no shipment event). A cancelled receipt is refused with 400.",
    tags: ["Shop Receipt"],
    access: { token: "required", scope: "transactions_w" },
    params: receiptParams,
    query: z.object({ legacy: legacyQuery }),
    body: { schema: shipmentBodySchema, reader: shipmentBody },
    responses: { 200: reply("The receipt, shipped.", receiptSchema), ...refusals(400, 401, 403, 404, 413, 415, 429) },
    handler: async (c, { params, query, body }) => {
      const row = ownReceipt(c, params, query);
      if (row instanceof Response) return row;
      const fields = await body();
      if (fields instanceof Response) return fields;
      const db = c.get("state").db;
      const receipt = receiptsJson(db, [row])[0]!;
      if (receipt.status === "canceled")
        return jsonError(
          c,
          400,
          `Receipt ${row.receipt_id} is cancelled, so it cannot be shipped; a cancelled order needs no shipment.`,
        );
      const refusal = shipmentRefusal(fields, receipt);
      if (refusal) return jsonError(c, 400, refusal);
      const tracking = fields.tracking_code?.trim();
      const shipment = tracking
        ? {
            tracking_code: tracking,
            carrier_name: fields.carrier_name!.trim(),
            note_to_buyer: fields.note_to_buyer ?? null,
            send_bcc: fields.send_bcc ?? false,
          }
        : null;
      const full =
        shipment && c.get("state").perReceiptRefusal("shipments_per_receipt", row.receipt_id, storedBytes(shipment));
      if (full) return jsonError(c, 403, full);
      recordShipment(db, row.receipt_id, shipment, c.get("state").now());
      return c.json(receiptsJson(db, [getReceiptRow(db, row.shop_id, row.receipt_id)!])[0]);
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id/receipts/:receipt_id/transactions",
    operationId: "getShopReceiptTransactionsByReceipt",
    summary: "The transactions of one of the shop's receipts",
    tags: ["Shop Receipt Transactions"],
    access: ACCESS,
    params: receiptParams,
    query: z.object({ legacy: legacyQuery }),
    responses: {
      200: reply("The receipt's transactions.", transactionPageSchema),
      ...refusals(400, 401, 403, 404, 429),
    },
    handler: (c, { params, query }) => {
      const row = ownReceipt(c, params, query);
      return row instanceof Response ? row : c.json(transactionsOfReceipt(c.get("state").db, row));
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id/transactions",
    operationId: "getShopReceiptTransactionsByShop",
    summary: "The shop's transactions, newest first",
    tags: ["Shop Receipt Transactions"],
    access: ACCESS,
    params: z.object({ shop_id: shopIdParam }),
    query: z.object({ ...pagingQuery, legacy: legacyQuery }),
    responses: { 200: reply("A page of transactions.", transactionPageSchema), ...refusals(400, 401, 403, 404, 429) },
    handler: (c, { params, query }) => {
      const shop = ownShopOr403(c, params.shop_id);
      if (shop instanceof Response) return shop;
      const input = query();
      if (input instanceof Response) return input;
      return c.json(transactionPage(c.get("state").db, shop.shop_id, input));
    },
  }),
];
