import type { Hono } from "hono";
import { validationMessage } from "./api/routes.js";
import { jsonError, type SandboxEnv } from "./http.js";
import { orderBody, placeOrder } from "./store/place-order.js";
import { statement, type Db } from "./store/db.js";
import { storedBytes } from "./space-limits.js";
import { getReceiptRow, receiptsJson, shipReceipt } from "./store/receipt-store.js";

const receiptOf = (db: Db, receiptId: number) => {
  const shopId = statement(db, "SELECT shop_id FROM receipts WHERE receipt_id = ?").pluck().get(receiptId) as
    number | undefined;
  const row = shopId === undefined ? undefined : getReceiptRow(db, shopId, receiptId);
  return row && receiptsJson(db, [row])[0];
};

/** The order control endpoints, mounted under /__sandbox by control.ts. */
export function orderControlRoutes(routes: Hono<SandboxEnv>) {
  routes.post("/orders", async (c) => {
    const parsed = orderBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return jsonError(c, 400, validationMessage(parsed.error));
    const state = c.get("state");
    const full = state.refusal("orders") ?? state.refusal("bytes", storedBytes(parsed.data));
    if (full) return jsonError(c, 403, full);
    const outcome = placeOrder(state.db, parsed.data, state.now());
    if ("error" in outcome) return jsonError(c, outcome.status, outcome.error);
    if (parsed.data.paid) state.webhooks.orderPaid(outcome.shop_id, outcome.receipt_id);
    return c.json(receiptOf(state.db, outcome.receipt_id), 201);
  });

  routes.post("/receipts/:receipt_id{[0-9]+}/shipment", (c) => {
    const state = c.get("state");
    const receiptId = Number(c.req.param("receipt_id"));
    if (!receiptOf(state.db, receiptId)) return jsonError(c, 404, `No receipt ${receiptId}.`);
    const full = state.shipmentRefusal(receiptId, 0);
    if (full) return jsonError(c, 403, full);
    if (!shipReceipt(state.db, receiptId, state.now()))
      return jsonError(c, 409, `Receipt ${receiptId} is shipped already.`);
    return c.json(receiptOf(state.db, receiptId));
  });
}
