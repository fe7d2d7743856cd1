import { statement, type Db } from "./store/db.js";

// What one space may hold, so that a runaway CI job fills its own space and not the process every space shares.
// The request log is bounded by keeping only its newest entries; everything else past its bound is refused.

export const SPACE_LIMITS = {
  sellers: 100,
  listings: 5_000,
  orders: 2_000,
  shipments: 5_000,
  shipments_per_receipt: 20,
  refunds_per_receipt: 20,
  tokens: 10_000,
  apps: 20,
  webhooks: 10,
  faults: 50,
  log_entries: 1_000,
  /** The text the space stores: its listings' titles, descriptions, tags and questions, orders' answers, shipments, tokens. */
  bytes: 8 * 1024 * 1024,
};
export type SpaceLimits = typeof SPACE_LIMITS;

export type PerReceipt = "shipments_per_receipt" | "refunds_per_receipt";
export type SpaceBound = Exclude<keyof SpaceLimits, "log_entries" | PerReceipt>;

type Holder = { readonly db: Db; readonly webhooks: { list(): unknown[] }; readonly faults: { pending(): unknown[] } };

const TABLES = {
  sellers: "users",
  listings: "listings",
  orders: "receipts",
  shipments: "receipt_shipments",
  apps: "apps",
} as const;

const bytes = (columns: string[]) =>
  columns.map((column) => `COALESCE(length(CAST(${column} AS BLOB)), 0)`).join(" + ");

const HELD_BYTES = `SELECT
  (SELECT COALESCE(SUM(${bytes(["title", "description", "tags", "questions"])}), 0) FROM listings) +
  (SELECT COALESCE(SUM(${bytes(["variations"])}), 0) FROM transactions) +
  (SELECT COALESCE(SUM(${bytes(["carrier_name", "tracking_code", "note_to_buyer"])}), 0) FROM receipt_shipments) +
  (SELECT COALESCE(SUM(${bytes(["reason"])}), 0) FROM receipt_refunds) +
  (SELECT COALESCE(SUM(${bytes(["cancel_reason"])}), 0) FROM receipts) +
  (SELECT COALESCE(SUM(${bytes(["token_hash", "scopes"])}), 0) FROM tokens) +
  (SELECT COALESCE(SUM(${bytes(["token_hash", "scopes"])}), 0) FROM legacy_tokens)`;

const NAMES: Record<SpaceBound | PerReceipt, string> = {
  sellers: "sellers",
  listings: "listings",
  orders: "orders",
  shipments: "shipments",
  shipments_per_receipt: "shipments on one receipt",
  refunds_per_receipt: "refunds on one receipt",
  tokens: "tokens",
  apps: "apps",
  webhooks: "webhooks",
  faults: "faults",
  bytes: "bytes of listing text, order answers, shipments, refunds and tokens",
};

/** How many bytes `value` takes as the JSON text it is stored as, the measure of the space's byte budget. */
export const storedBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "");

function held(holder: Holder, bound: SpaceBound): number {
  if (bound === "webhooks") return holder.webhooks.list().length;
  if (bound === "faults") return holder.faults.pending().length;
  if (bound === "bytes") return statement(holder.db, HELD_BYTES).pluck().get() as number;
  if (bound === "tokens")
    return statement(holder.db, "SELECT (SELECT COUNT(*) FROM tokens) + (SELECT COUNT(*) FROM legacy_tokens)")
      .pluck()
      .get() as number;
  return statement(holder.db, `SELECT COUNT(*) FROM ${TABLES[bound]}`).pluck().get() as number;
}

function refusalSentence(bound: SpaceBound | PerReceipt, limit: number, now: number, count: number) {
  const room = count > 1 ? `, no room for ${count.toLocaleString("en-US")} more` : "";
  return `This space holds at most ${limit.toLocaleString("en-US")} ${NAMES[bound]} and has ${now.toLocaleString("en-US")}${room}. Reset the space (POST /__sandbox/reset under its base URL) or create another space for the rest.`;
}

/** The sentence refusing `count` more of `bound`, or undefined when they fit. */
export function spaceRefusal(holder: Holder, limits: SpaceLimits, bound: SpaceBound, count: number) {
  const now = held(holder, bound);
  if (now + count <= limits[bound]) return undefined;
  return refusalSentence(bound, limits[bound], now, count);
}

const PER_RECEIPT_TABLES: Record<PerReceipt, string> = {
  shipments_per_receipt: "receipt_shipments",
  refunds_per_receipt: "receipt_refunds",
};

/** The sentence refusing one more shipment or refund of `receiptId`, `bytes` long, or undefined when it fits. */
export function perReceiptRefusal(
  holder: Holder,
  limits: SpaceLimits,
  bound: PerReceipt,
  receiptId: number,
  bytes: number,
) {
  const onReceipt = statement(holder.db, `SELECT COUNT(*) FROM ${PER_RECEIPT_TABLES[bound]} WHERE receipt_id = ?`)
    .pluck()
    .get(receiptId) as number;
  if (onReceipt + 1 > limits[bound]) return refusalSentence(bound, limits[bound], onReceipt, 1);
  const inAll = bound === "shipments_per_receipt" ? spaceRefusal(holder, limits, "shipments", 1) : undefined;
  return inAll ?? spaceRefusal(holder, limits, "bytes", bytes);
}
