import { statement, type Db } from "./db.js";
import { refundsOf, totalOf, type ReceiptRow, type TransactionRow } from "./receipt-store.js";

// An order's life after checkout (docs/marketplace.md §16.7), each step dated by the sandbox clock: cancelled, refunded
// in full or in part, held in payment review and settled, delivered. Each answers the refusal a person reads, or null.

export type LifeRefusal = { status: 400 | 409; error: string };

const rowOf = (db: Db, receiptId: number) =>
  statement(db, "SELECT * FROM receipts WHERE receipt_id = ?").get(receiptId) as ReceiptRow;

const touch = (db: Db, receiptId: number, sets: string, at: number, ...values: unknown[]) =>
  statement(db, `UPDATE receipts SET ${sets ? `${sets}, ` : ""}updated_timestamp = ? WHERE receipt_id = ?`).run(
    ...values,
    at,
    receiptId,
  );

const canceled = (row: ReceiptRow): LifeRefusal => ({
  status: 409,
  error: `Receipt ${row.receipt_id} is cancelled already; a cancelled order takes no further step.`,
});

/** What is left to refund of the receipt: its total less every refund so far. */
export function refundableOf(db: Db, receiptId: number) {
  const items = statement(db, "SELECT * FROM transactions WHERE receipt_id = ?").all(receiptId) as TransactionRow[];
  const refunded = (refundsOf(db, [receiptId]).get(receiptId) ?? []).reduce((sum, refund) => sum + refund.amount, 0);
  return { total: totalOf(items), left: totalOf(items) - refunded, refunded };
}

export function cancelReceipt(db: Db, receiptId: number, reason: string | null, at: number): LifeRefusal | null {
  const row = rowOf(db, receiptId);
  if (row.canceled_timestamp !== null) return canceled(row);
  touch(db, receiptId, "canceled_timestamp = ?, cancel_reason = ?", at, at, reason);
  return null;
}

export function refundReceipt(
  db: Db,
  receiptId: number,
  refund: { amount?: number; reason?: string | null },
  at: number,
): LifeRefusal | null {
  const row = rowOf(db, receiptId);
  if (row.canceled_timestamp !== null) return canceled(row);
  if (!row.is_paid)
    return {
      status: 409,
      error: `Receipt ${receiptId} is not paid yet, so there is nothing to refund; settle it paid first (POST /__sandbox/receipts/${receiptId}/settle).`,
    };
  const { left } = refundableOf(db, receiptId);
  if (left <= 0) return { status: 409, error: `Receipt ${receiptId} is fully refunded already.` };
  const amount = refund.amount ?? left;
  if (amount > left)
    return {
      status: 400,
      error: `amount: ${amount} cents is more than the ${left} cents left to refund on receipt ${receiptId}; send at most ${left}, or no amount to refund the rest.`,
    };
  db.transaction(() => {
    statement(
      db,
      "INSERT INTO receipt_refunds (receipt_id, amount, reason, created_timestamp) VALUES (?, ?, ?, ?)",
    ).run(receiptId, amount, refund.reason ?? null, at);
    touch(db, receiptId, "", at);
  })();
  return null;
}

/** Holds a paid order not yet shipped in payment review: it reads `payment processing`, unpaid, until settled. */
export function holdForReview(db: Db, receiptId: number, at: number): LifeRefusal | null {
  const row = rowOf(db, receiptId);
  if (row.canceled_timestamp !== null) return canceled(row);
  if (!row.is_paid) return { status: 409, error: `Receipt ${receiptId} is in payment processing already.` };
  if (row.shipped_timestamp !== null)
    return {
      status: 409,
      error: `Receipt ${receiptId} is shipped; only an order not yet shipped goes to payment review.`,
    };
  if (refundableOf(db, receiptId).refunded > 0)
    return {
      status: 409,
      error: `Receipt ${receiptId} has a refund; a refunded order does not go back to payment review.`,
    };
  touch(db, receiptId, "is_paid = 0, paid_timestamp = NULL", at);
  return null;
}

/** Settles an order in payment processing: paid (true when it is, so that order.paid follows) or cancelled. */
export function settleReceipt(db: Db, receiptId: number, outcome: "paid" | "canceled", at: number): LifeRefusal | null {
  const row = rowOf(db, receiptId);
  if (row.canceled_timestamp !== null) return canceled(row);
  if (row.is_paid)
    return {
      status: 409,
      error: `Receipt ${receiptId} is not in payment processing, so there is nothing to settle; hold it first (POST /__sandbox/receipts/${receiptId}/payment-review).`,
    };
  if (outcome === "paid") touch(db, receiptId, "is_paid = 1, paid_timestamp = ?", at, at);
  else touch(db, receiptId, "canceled_timestamp = ?, cancel_reason = ?", at, at, "payment not received");
  return null;
}

export function deliverReceipt(db: Db, receiptId: number, at: number): LifeRefusal | null {
  const row = rowOf(db, receiptId);
  if (row.canceled_timestamp !== null) return canceled(row);
  if (row.shipped_timestamp === null)
    return {
      status: 409,
      error: `Receipt ${receiptId} is not shipped, so it cannot be delivered; ship it first (POST /__sandbox/receipts/${receiptId}/shipment).`,
    };
  if (row.delivered_timestamp !== null) return { status: 409, error: `Receipt ${receiptId} is delivered already.` };
  touch(db, receiptId, "delivered_timestamp = ?", at, at);
  return null;
}
