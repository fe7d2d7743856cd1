import type { Hono } from "hono";
import { z } from "zod";
import { jsonError, type SandboxEnv } from "../http.js";
import type { SandboxState } from "../state.js";
import { orderBody, placeOrder } from "../store/place-order.js";
import { statement, type Db } from "../store/db.js";
import { storedBytes } from "../space-limits.js";
import { getReceiptRow, receiptsJson, shipReceipt } from "../store/receipt-store.js";
import {
  cancelReceipt,
  deliverReceipt,
  holdForReview,
  refundReceipt,
  settleReceipt,
  type LifeRefusal,
} from "../store/order-life.js";
import { readBody } from "./input.js";

// The control API's orders (docs/sandbox.md "Orders"): a buyer orders, and the order lives on, each step dated by the
// sandbox clock and answered with the receipt as the v3 API reads it.

const shopIdOf = (db: Db, receiptId: number) =>
  statement(db, "SELECT shop_id FROM receipts WHERE receipt_id = ?").pluck().get(receiptId) as number | undefined;

const receiptOf = (db: Db, receiptId: number) => {
  const shopId = shopIdOf(db, receiptId);
  const row = shopId === undefined ? undefined : getReceiptRow(db, shopId, receiptId);
  return row && receiptsJson(db, [row])[0];
};

const placeBody = orderBody.extend({
  payment_review: z.boolean({ error: "must be true (held in payment review) or false." }).default(false),
});
const REASON = "must be text, of 1 to 500 characters.";
const reasonField = z
  .string({ error: REASON })
  .min(1, { error: REASON })
  .max(500, { error: REASON })
  .nullable()
  .optional();
const CENTS = "must be a whole number of cents from 1, such as 500 for $5.00; send no amount to refund the rest.";

/** A body of these fields only, naming the fields it takes when it gets another or no JSON object. */
const lifeBody = <Shape extends z.ZodRawShape>(shape: Shape) => {
  const fields = Object.keys(shape);
  const takes = fields.length === 0 ? "takes no field: send {}" : `takes only ${fields.join(" and ")}`;
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `${takes} (not ${issue.keys.join(", ")}).`
        : `must be a JSON object; it ${takes}.`,
  });
};
const cancelBody = lifeBody({ reason: reasonField });
const refundBody = lifeBody({
  amount: z.int({ error: CENTS }).min(1, { error: CENTS }).max(100_000_000, { error: CENTS }).optional(),
  reason: reasonField,
});
const emptyBody = lifeBody({});
const settleBody = lifeBody({
  outcome: z.enum(["paid", "canceled"], { error: 'must be "paid" or "canceled".' }),
});

type Step<T> = (state: SandboxState, receiptId: number, input: T) => LifeRefusal | null;

const spaceFull = (error: string | undefined): LifeRefusal | null => (error ? { status: 403, error } : null);

/** One step of an order's life at POST /receipts/:receipt_id/<name>: 404 for an unknown receipt, else the step's answer. */
function lifeStep<T>(routes: Hono<SandboxEnv>, name: string, schema: z.ZodType<T>, step: Step<T>) {
  routes.post(`/receipts/:receipt_id{[0-9]+}/${name}`, async (c) => {
    const state = c.get("state");
    const receiptId = Number(c.req.param("receipt_id"));
    if (!receiptOf(state.db, receiptId)) return jsonError(c, 404, `No receipt ${receiptId}.`);
    const input = await readBody(c, schema);
    if (input instanceof Response) return input;
    const refusal = step(state, receiptId, input);
    if (refusal) return jsonError(c, refusal.status, refusal.error);
    return c.json(receiptOf(state.db, receiptId));
  });
}

/** The order control endpoints, mounted under /__sandbox (and a space's) by routes.ts. */
export function orderControlRoutes(routes: Hono<SandboxEnv>) {
  routes.post("/orders", async (c) => {
    const order = await readBody(c, placeBody);
    if (order instanceof Response) return order;
    const state = c.get("state");
    const full = state.refusal("orders") ?? state.refusal("bytes", storedBytes(order));
    if (full) return jsonError(c, 403, full);
    const input = order.payment_review ? { ...order, paid: false } : order;
    const outcome = placeOrder(state.db, input, state.now());
    if ("error" in outcome) return jsonError(c, outcome.status, outcome.error);
    if (input.paid) state.webhooks.orderPaid(outcome.shop_id, outcome.receipt_id);
    return c.json(receiptOf(state.db, outcome.receipt_id), 201);
  });

  routes.post("/receipts/:receipt_id{[0-9]+}/shipment", (c) => {
    const state = c.get("state");
    const receiptId = Number(c.req.param("receipt_id"));
    const receipt = receiptOf(state.db, receiptId);
    if (!receipt) return jsonError(c, 404, `No receipt ${receiptId}.`);
    if (receipt.status === "canceled")
      return jsonError(c, 409, `Receipt ${receiptId} is cancelled; a cancelled order is not shipped.`);
    const full = state.perReceiptRefusal("shipments_per_receipt", receiptId, 0);
    if (full) return jsonError(c, 403, full);
    if (!shipReceipt(state.db, receiptId, state.now()))
      return jsonError(c, 409, `Receipt ${receiptId} is shipped already.`);
    return c.json(receiptOf(state.db, receiptId));
  });

  lifeStep(
    routes,
    "cancel",
    cancelBody,
    (state, id, input) =>
      spaceFull(state.refusal("bytes", storedBytes(input.reason ?? ""))) ??
      cancelReceipt(state.db, id, input.reason ?? null, state.now()),
  );
  lifeStep(
    routes,
    "refund",
    refundBody,
    (state, id, input) =>
      spaceFull(state.perReceiptRefusal("refunds_per_receipt", id, storedBytes(input.reason ?? ""))) ??
      refundReceipt(state.db, id, input, state.now()),
  );
  lifeStep(routes, "payment-review", emptyBody, (state, id) => holdForReview(state.db, id, state.now()));
  lifeStep(routes, "settle", settleBody, (state, id, input) => {
    const refusal = settleReceipt(state.db, id, input.outcome, state.now());
    if (!refusal && input.outcome === "paid") state.webhooks.orderPaid(shopIdOf(state.db, id)!, id);
    return refusal;
  });
  lifeStep(routes, "deliver", emptyBody, (state, id) => deliverReceipt(state.db, id, state.now()));
}
