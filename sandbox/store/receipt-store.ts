import { statement, type Db } from "./db.js";
import { money } from "./listing-json.js";
import type { ReceiptWire, TransactionWire, VariationWire } from "../receipt-wire.js";

// Receipts and their transactions (docs/marketplace.md §16): one receipt per order, one transaction per listing bought,
// the buyer's answers kept on the transaction as the OAS's `variations`, worded as the question stood at checkout.

export type ReceiptRow = {
  receipt_id: number;
  shop_id: number;
  seller_user_id: number;
  buyer_user_id: number;
  buyer_name: string;
  buyer_email: string;
  message_from_buyer: string | null;
  is_paid: number;
  created_timestamp: number;
  updated_timestamp: number;
  shipped_timestamp: number | null;
  paid_timestamp: number | null;
  canceled_timestamp: number | null;
  cancel_reason: string | null;
  delivered_timestamp: number | null;
};

export type TransactionRow = {
  transaction_id: number;
  receipt_id: number;
  shop_id: number;
  listing_id: number;
  title: string;
  quantity: number;
  price_amount: number;
  variations: string;
};

export type NewOrder = {
  shop_id: number;
  seller_user_id: number;
  buyer_user_id: number;
  buyer_name: string;
  buyer_email: string;
  message_from_buyer?: string | null;
  paid: boolean;
  created: number;
  shipped?: number | null;
  items: { listing_id: number; title: string; quantity: number; price_amount: number; variations: VariationWire[] }[];
};

// Above the one receipt seeded with a fixed number (60001), so that number's neighbours stay unknown.
const FIRST_RECEIPT_ID = 61001;
const FIRST_TRANSACTION_ID = 80_000_001;

export function insertOrder(db: Db, order: NewOrder, receiptId?: number): number {
  return db.transaction(() => {
    const id =
      receiptId ??
      Math.max(
        FIRST_RECEIPT_ID,
        ((statement(db, "SELECT MAX(receipt_id) FROM receipts").pluck().get() as number | null) ?? 0) + 1,
      );
    statement(
      db,
      `INSERT INTO receipts (receipt_id, shop_id, seller_user_id, buyer_user_id, buyer_name, buyer_email,
         message_from_buyer, is_paid, paid_timestamp, created_timestamp, updated_timestamp, shipped_timestamp)
       VALUES (@id, @shop_id, @seller_user_id, @buyer_user_id, @buyer_name, @buyer_email, @message_from_buyer, @is_paid,
         @paid_timestamp, @created, @updated, @shipped)`,
    ).run({
      ...order,
      id,
      message_from_buyer: order.message_from_buyer ?? null,
      is_paid: order.paid ? 1 : 0,
      paid_timestamp: order.paid ? order.created : null,
      updated: order.shipped ?? order.created,
      shipped: order.shipped ?? null,
    });
    const nextTransaction = () =>
      ((statement(db, "SELECT MAX(transaction_id) FROM transactions").pluck().get() as number | null) ??
        FIRST_TRANSACTION_ID - 1) + 1;
    const insert = statement(
      db,
      `INSERT INTO transactions (transaction_id, receipt_id, shop_id, listing_id, title, quantity, price_amount, variations)
       VALUES (@transaction_id, @receipt_id, @shop_id, @listing_id, @title, @quantity, @price_amount, @variations)`,
    );
    if (order.shipped != null) insertShipment(db, id, seededShipment(id), order.shipped);
    for (const item of order.items) {
      const variations = JSON.stringify(item.variations);
      insert.run({ ...item, transaction_id: nextTransaction(), receipt_id: id, shop_id: order.shop_id, variations });
    }
    return id;
  })();
}

export type NewShipment = {
  carrier_name: string;
  tracking_code: string;
  note_to_buyer?: string | null;
  send_bcc?: boolean;
};

/** What the seed and the control API ship with: a USPS number made from the receipt's. */
const seededShipment = (receiptId: number): NewShipment => ({
  carrier_name: "usps",
  tracking_code: `9400${String(receiptId).padStart(18, "0")}`,
});

function insertShipment(db: Db, receiptId: number, shipment: NewShipment, at: number) {
  statement(
    db,
    `INSERT INTO receipt_shipments (receipt_id, carrier_name, tracking_code, note_to_buyer, send_bcc, shipment_notification_timestamp)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    receiptId,
    shipment.carrier_name,
    shipment.tracking_code,
    shipment.note_to_buyer ?? null,
    shipment.send_bcc ? 1 : 0,
    at,
  );
}

/** The control API's shipment: refused (false) for a receipt shipped already. */
export function shipReceipt(db: Db, receiptId: number, at: number) {
  return db.transaction(() => {
    const marked =
      statement(
        db,
        "UPDATE receipts SET shipped_timestamp = ?, updated_timestamp = ? WHERE receipt_id = ? AND shipped_timestamp IS NULL",
      ).run(at, at, receiptId).changes === 1;
    if (marked) insertShipment(db, receiptId, seededShipment(receiptId), at);
    return marked;
  })();
}

/**
 * createReceiptShipment (docs/marketplace.md §16.6): the receipt is shipped from its first shipment on; each
 * submission with a tracking code adds a shipment, one without marks the receipt shipped only.
 */
export function recordShipment(db: Db, receiptId: number, shipment: NewShipment | null, at: number) {
  db.transaction(() => {
    statement(
      db,
      "UPDATE receipts SET shipped_timestamp = COALESCE(shipped_timestamp, ?), updated_timestamp = ? WHERE receipt_id = ?",
    ).run(at, at, receiptId);
    if (shipment) insertShipment(db, receiptId, shipment, at);
  })();
}

export const getReceiptRow = (db: Db, shopId: number, receiptId: number) =>
  statement(db, "SELECT * FROM receipts WHERE shop_id = ? AND receipt_id = ?").get(shopId, receiptId) as
    ReceiptRow | undefined;

export type ReceiptFilter = {
  min_created?: number;
  max_created?: number;
  min_last_modified?: number;
  max_last_modified?: number;
  was_paid?: boolean;
  was_shipped?: boolean;
  was_delivered?: boolean;
  was_canceled?: boolean;
  sort_on: "created" | "updated" | "receipt_id";
  sort_order: string;
  limit: number;
  offset: number;
};

const SORT_COLUMNS = { created: "created_timestamp", updated: "updated_timestamp", receipt_id: "receipt_id" };
const ASCENDING = ["asc", "ascending", "up"];

/**
 * The OAS's filters, and the marketplace's quirk (docs/marketplace.md §16.7): filtered by min_last_modified, the list
 * leaves cancelled receipts out.
 */
export function receiptPage(db: Db, shopId: number, filter: ReceiptFilter) {
  const where = ["shop_id = ?"];
  const params: unknown[] = [shopId];
  const bound = (column: string, operator: string, value: number | undefined) => {
    if (value === undefined) return;
    where.push(`${column} ${operator} ?`);
    params.push(value);
  };
  bound("created_timestamp", ">=", filter.min_created);
  bound("created_timestamp", "<=", filter.max_created);
  bound("updated_timestamp", ">=", filter.min_last_modified);
  bound("updated_timestamp", "<=", filter.max_last_modified);
  if (filter.was_paid !== undefined) where.push(filter.was_paid ? "is_paid = 1" : "is_paid = 0");
  if (filter.was_shipped !== undefined)
    where.push(filter.was_shipped ? "shipped_timestamp IS NOT NULL" : "shipped_timestamp IS NULL");
  if (filter.was_delivered !== undefined)
    where.push(filter.was_delivered ? "delivered_timestamp IS NOT NULL" : "delivered_timestamp IS NULL");
  if (filter.was_canceled !== undefined)
    where.push(filter.was_canceled ? "canceled_timestamp IS NOT NULL" : "canceled_timestamp IS NULL");
  if (filter.min_last_modified !== undefined) where.push("canceled_timestamp IS NULL");
  const condition = where.join(" AND ");
  const count = statement(db, `SELECT COUNT(*) FROM receipts WHERE ${condition}`)
    .pluck()
    .get(...params) as number;
  const direction = ASCENDING.includes(filter.sort_order) ? "ASC" : "DESC";
  const rows = statement(
    db,
    `SELECT * FROM receipts WHERE ${condition}
     ORDER BY ${SORT_COLUMNS[filter.sort_on]} ${direction}, receipt_id ${direction} LIMIT ? OFFSET ?`,
  ).all(...params, filter.limit, filter.offset) as ReceiptRow[];
  return { count, results: receiptsJson(db, rows) };
}

/** The rows of one table for these receipts, by receipt, each receipt's in the order given. */
function rowsByReceipt<Row extends { receipt_id: number }>(db: Db, table: string, orderBy: string, ids: number[]) {
  const sql = `SELECT * FROM ${table} WHERE receipt_id IN (SELECT value FROM json_each(?)) ORDER BY ${orderBy}`;
  const rows = statement(db, sql).all(JSON.stringify(ids)) as Row[];
  const byReceipt = new Map<number, Row[]>();
  for (const row of rows) byReceipt.set(row.receipt_id, [...(byReceipt.get(row.receipt_id) ?? []), row]);
  return byReceipt;
}

const transactionsOf = (db: Db, receiptIds: number[]) =>
  rowsByReceipt<TransactionRow>(db, "transactions", "transaction_id", receiptIds);

export type RefundRow = {
  refund_id: number;
  receipt_id: number;
  amount: number;
  reason: string | null;
  created_timestamp: number;
};

export const refundsOf = (db: Db, receiptIds: number[]) =>
  rowsByReceipt<RefundRow>(db, "receipt_refunds", "refund_id", receiptIds);

type ShipmentRow = {
  receipt_shipping_id: number;
  receipt_id: number;
  carrier_name: string;
  tracking_code: string;
  shipment_notification_timestamp: number;
};

export function receiptsJson(db: Db, rows: readonly ReceiptRow[]): ReceiptWire[] {
  const ids = rows.map((row) => row.receipt_id);
  const transactions = transactionsOf(db, ids);
  const shipments = rowsByReceipt<ShipmentRow>(db, "receipt_shipments", "receipt_shipping_id", ids);
  const refunds = refundsOf(db, ids);
  return rows.map((row) =>
    receiptJson(row, {
      transactions: transactions.get(row.receipt_id) ?? [],
      shipments: shipments.get(row.receipt_id) ?? [],
      refunds: refunds.get(row.receipt_id) ?? [],
    }),
  );
}

export function transactionsOfReceipt(db: Db, receipt: ReceiptRow) {
  const rows = transactionsOf(db, [receipt.receipt_id]).get(receipt.receipt_id) ?? [];
  return { count: rows.length, results: rows.map((row) => transactionJson(receipt, row)) };
}

export function transactionPage(db: Db, shopId: number, paging: { limit: number; offset: number }) {
  const count = statement(db, "SELECT COUNT(*) FROM transactions WHERE shop_id = ?").pluck().get(shopId) as number;
  const rows = statement(
    db,
    "SELECT * FROM transactions WHERE shop_id = ? ORDER BY transaction_id DESC LIMIT ? OFFSET ?",
  ).all(shopId, paging.limit, paging.offset) as TransactionRow[];
  const ids = rows.map((row) => row.receipt_id);
  const receipts = rowsByReceipt<ReceiptRow>(db, "receipts", "receipt_id", ids);
  return {
    count,
    results: rows.flatMap((row) => receipts.get(row.receipt_id)?.map((receipt) => transactionJson(receipt, row)) ?? []),
  };
}

function transactionJson(receipt: ReceiptRow, row: TransactionRow): TransactionWire {
  return {
    transaction_id: row.transaction_id,
    title: row.title,
    description: `${row.title}, made to order.`,
    seller_user_id: receipt.seller_user_id,
    buyer_user_id: receipt.buyer_user_id,
    create_timestamp: receipt.created_timestamp,
    created_timestamp: receipt.created_timestamp,
    paid_timestamp: receipt.is_paid ? (receipt.paid_timestamp ?? receipt.created_timestamp) : null,
    shipped_timestamp: receipt.shipped_timestamp,
    quantity: row.quantity,
    listing_image_id: null,
    receipt_id: receipt.receipt_id,
    is_digital: false,
    file_data: "",
    listing_id: row.listing_id,
    transaction_type: "listing",
    product_id: null,
    sku: null,
    price: money(row.price_amount),
    shipping_cost: money(0),
    variations: JSON.parse(row.variations) as VariationWire[],
    product_data: [],
    shipping_profile_id: null,
    min_processing_days: 1,
    max_processing_days: 3,
    shipping_method: null,
    shipping_upgrade: null,
    expected_ship_date: receipt.created_timestamp + 3 * 24 * 3600,
    buyer_coupon: 0,
    shop_coupon: 0,
  };
}

export const totalOf = (transactions: readonly TransactionRow[]) =>
  transactions.reduce((sum, item) => sum + item.price_amount * item.quantity, 0);

/** The order's life as the OAS's one `status` tells it: a cancellation first, then a refund, then payment, shipment. */
function statusOf(row: ReceiptRow, refunded: number, total: number): ReceiptWire["status"] {
  if (row.canceled_timestamp !== null) return "canceled";
  if (refunded > 0) return refunded >= total ? "fully refunded" : "partially refunded";
  if (!row.is_paid) return "payment processing";
  return row.shipped_timestamp !== null ? "completed" : "paid";
}

function receiptJson(
  row: ReceiptRow,
  parts: { transactions: readonly TransactionRow[]; shipments: readonly ShipmentRow[]; refunds: readonly RefundRow[] },
): ReceiptWire {
  const { transactions, shipments, refunds } = parts;
  const subtotal = totalOf(transactions);
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  const shipped = row.shipped_timestamp !== null;
  return {
    receipt_id: row.receipt_id,
    receipt_type: 0,
    seller_user_id: row.seller_user_id,
    seller_email: null,
    buyer_user_id: row.buyer_user_id,
    buyer_email: row.buyer_email,
    name: row.buyer_name,
    first_line: "1 Market Street",
    second_line: null,
    city: "Portland",
    state: "OR",
    zip: "97201",
    status: statusOf(row, refunded, subtotal),
    formatted_address: `${row.buyer_name}\n1 Market Street\nPortland, OR 97201\nUnited States`,
    country_iso: "US",
    payment_method: "cc",
    payment_email: null,
    message_from_seller: null,
    message_from_buyer: row.message_from_buyer,
    message_from_payment: null,
    is_paid: row.is_paid === 1,
    is_shipped: shipped,
    create_timestamp: row.created_timestamp,
    created_timestamp: row.created_timestamp,
    update_timestamp: row.updated_timestamp,
    updated_timestamp: row.updated_timestamp,
    is_gift: false,
    gift_message: "",
    gift_sender: "",
    grandtotal: money(subtotal),
    subtotal: money(subtotal),
    total_price: money(subtotal),
    total_shipping_cost: money(0),
    total_tax_cost: money(0),
    total_vat_cost: money(0),
    discount_amt: money(0),
    gift_wrap_price: money(0),
    shipments: shipments.map((shipment) => ({
      receipt_shipping_id: shipment.receipt_shipping_id,
      shipment_notification_timestamp: shipment.shipment_notification_timestamp,
      carrier_name: shipment.carrier_name,
      tracking_code: shipment.tracking_code,
    })),
    transactions: transactions.map((item) => transactionJson(row, item)),
    refunds: refunds.map((refund) => ({
      amount: money(refund.amount),
      created_timestamp: refund.created_timestamp,
      reason: refund.reason,
      note_from_issuer: null,
      status: null,
    })),
  };
}

/** The newest orders of every shop, one line per listing bought, for the sandbox's home page. */
export function recentOrders(db: Db, limit: number) {
  const rows = statement(
    db,
    `SELECT r.receipt_id, r.shop_id, r.buyer_name, r.is_paid, r.created_timestamp, r.shipped_timestamp,
       t.listing_id, t.title, t.quantity, t.variations
     FROM receipts r JOIN transactions t ON t.receipt_id = r.receipt_id
     ORDER BY r.created_timestamp DESC, t.transaction_id DESC LIMIT ?`,
  ).all(limit) as (Pick<
    ReceiptRow,
    "receipt_id" | "shop_id" | "buyer_name" | "is_paid" | "created_timestamp" | "shipped_timestamp"
  > &
    Pick<TransactionRow, "listing_id" | "title" | "quantity" | "variations">)[];
  const receipts = rowsByReceipt<ReceiptRow>(db, "receipts", "receipt_id", [
    ...new Set(rows.map((row) => row.receipt_id)),
  ]);
  const read = new Map(receiptsJson(db, [...receipts.values()].flat()).map((receipt) => [receipt.receipt_id, receipt]));
  return rows.map((row) => ({
    ...row,
    variations: JSON.parse(row.variations) as VariationWire[],
    status: read.get(row.receipt_id)?.status,
    delivered: receipts.get(row.receipt_id)?.[0]?.delivered_timestamp != null,
    cancel_reason: receipts.get(row.receipt_id)?.[0]?.cancel_reason ?? null,
  }));
}
