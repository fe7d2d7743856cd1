import { describe, expect, it } from "vitest";
import { ADA, callApi, http, issueTokensFor, sandboxControl, type JsonBody } from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";
import { liveSchemaErrors } from "../test/harness/live-oas.js";

// An order's life after checkout (docs/marketplace.md §16.7): cancelled, refunded, held in payment review and settled,
// delivered, each through the control API and read back as the live OAS shapes a receipt.
const sandbox = useSeededSandbox({ phase: undefined });

/** A listing with no question, so an order needs no answer; $15.25. */
const LISTING = 1_000_000_002;
const PRICE = 1525;
const HOUR = 3600;

const control = (base: string, path: string, body: unknown = {}) => sandboxControl(base, path, body);
const tokenOf = async (base: string) =>
  (await issueTokensFor(base, { user_id: ADA.user_id, scopes: ["transactions_r", "transactions_w"] })).access_token;
const clockOf = async (base: string) => (await sandboxControl(base, "/clock")).body.now as number;
const advance = (base: string, seconds: number) => control(base, "/clock", { advance_seconds: seconds });

/** The control call's answer, and the sandbox clock around it: it runs on between calls as wall time does. */
async function dated(base: string, path: string, body: unknown = {}) {
  const from = await clockOf(base);
  const answer = await control(base, path, body);
  expect(answer.status, answer.text).toBe(200);
  return { answer, from, to: await clockOf(base) };
}

/** A time the sandbox stamped within a dated call. */
function stampedWithin(time: number, call: { from: number; to: number }) {
  expect(time).toBeGreaterThanOrEqual(call.from);
  expect(time).toBeLessThanOrEqual(call.to);
}

async function placed(base: string, extra: Record<string, unknown> = {}) {
  const answer = await control(base, "/orders", { listing_id: LISTING, ...extra });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.receipt_id as number;
}

/** The receipt as getShopReceipt answers it, checked against the live OAS. */
async function readReceipt(base: string, receiptId: number) {
  const read = await callApi(base, `shops/${ADA.shop_id}/receipts/${receiptId}`, { token: await tokenOf(base) });
  expect(read.status, read.text).toBe(200);
  expect(liveSchemaErrors("getShopReceipt", 200, read.body)).toBeNull();
  return read.body as JsonBody;
}

/** The receipt ids getShopReceipts finds with this query, the page checked against the live OAS. */
async function found(base: string, query: string) {
  const page = await callApi(base, `shops/${ADA.shop_id}/receipts?limit=100&${query}`, { token: await tokenOf(base) });
  expect(page.status, page.text).toBe(200);
  expect(liveSchemaErrors("getShopReceipts", 200, page.body)).toBeNull();
  return (page.body.results as JsonBody[]).map((receipt) => receipt.receipt_id as number);
}

async function cancelledAndRead(base: string) {
  const receiptId = await placed(base);
  const before = (await readReceipt(base, receiptId)).updated_timestamp as number;
  await advance(base, HOUR);
  const call = await dated(base, `/receipts/${receiptId}/cancel`, { reason: "buyer asked" });
  const cancelled = call.answer;
  expect(cancelled.body).toMatchObject({ receipt_id: receiptId, status: "canceled" });
  const read = await readReceipt(base, receiptId);
  expect(read).toEqual(cancelled.body);
  expect(read.updated_timestamp).toBeGreaterThanOrEqual(before + HOUR);
  stampedWithin(read.updated_timestamp, call);
  expect(await found(base, "was_canceled=true")).toEqual([receiptId]);
  expect(await found(base, "was_canceled=false")).not.toContain(receiptId);
  return receiptId;
}

describe("a cancelled order", () => {
  it("reads canceled with its updated_timestamp moved, is found by was_canceled=true and keeps its transactions", async () => {
    const receiptId = await cancelledAndRead(sandbox.url);
    const transactions = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${receiptId}/transactions`, {
      token: await tokenOf(sandbox.url),
    });
    expect(transactions.status).toBe(200);
    expect(liveSchemaErrors("getShopReceiptTransactionsByReceipt", 200, transactions.body)).toBeNull();
    expect(transactions.body.results).toHaveLength(1);
    expect(transactions.body.results[0]).toMatchObject({ receipt_id: receiptId, listing_id: LISTING });
  });

  it("is refused a shipment with 400 and a sentence, and a second cancellation with 409", async () => {
    const receiptId = await cancelledAndRead(sandbox.url);
    const shipped = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${receiptId}/tracking`, {
      token: await tokenOf(sandbox.url),
      json: { tracking_code: "9400111899223856789012", carrier_name: "usps" },
    });
    expect(shipped.status).toBe(400);
    expect(shipped.body.error).toBe(
      `Receipt ${receiptId} is cancelled, so it cannot be shipped; a cancelled order needs no shipment.`,
    );
    expect((await control(sandbox.url, `/receipts/${receiptId}/shipment`)).status).toBe(409);
    const again = await control(sandbox.url, `/receipts/${receiptId}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      `Receipt ${receiptId} is cancelled already; a cancelled order takes no further step.`,
    );
    expect((await readReceipt(sandbox.url, receiptId)).shipments).toEqual([]);
    expect((await control(sandbox.url, "/receipts/999999/cancel")).status).toBe(404);
  });

  it("is left out of getShopReceipts filtered by min_last_modified, as on the marketplace, and found otherwise", async () => {
    const since = await clockOf(sandbox.url);
    const receiptId = await cancelledAndRead(sandbox.url);
    const other = await placed(sandbox.url);
    const modified = await found(sandbox.url, `min_last_modified=${since}`);
    expect(modified).toContain(other);
    expect(modified).not.toContain(receiptId);
    expect(await found(sandbox.url, `min_last_modified=${since}&was_canceled=true`)).toEqual([]);
    expect(await found(sandbox.url, `min_created=${since}`)).toEqual([other, receiptId]);
  });
});

describe("a refund", () => {
  it("in part reads partially refunded, the rest fully refunded, each an entry of refunds dated by the clock", async () => {
    const receiptId = await placed(sandbox.url);
    const first = await dated(sandbox.url, `/receipts/${receiptId}/refund`, { amount: 500, reason: "late" });
    const partial = first.answer;
    const at = partial.body.refunds[0].created_timestamp as number;
    stampedWithin(at, first);
    expect(partial.body.status).toBe("partially refunded");
    expect(partial.body.refunds).toEqual([
      {
        amount: { amount: 500, divisor: 100, currency_code: "USD" },
        created_timestamp: at,
        reason: "late",
        note_from_issuer: null,
        status: null,
      },
    ]);
    const tooMuch = await control(sandbox.url, `/receipts/${receiptId}/refund`, { amount: PRICE });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe(
      `amount: ${PRICE} cents is more than the ${PRICE - 500} cents left to refund on receipt ${receiptId}; send at most ${PRICE - 500}, or no amount to refund the rest.`,
    );
    await advance(sandbox.url, HOUR);
    const second = await dated(sandbox.url, `/receipts/${receiptId}/refund`);
    const rest = second.answer;
    expect(rest.body.status).toBe("fully refunded");
    expect(rest.body.refunds.map((refund: JsonBody) => refund.amount.amount)).toEqual([500, PRICE - 500]);
    expect(rest.body.refunds[0].created_timestamp).toBe(at);
    stampedWithin(rest.body.refunds[1].created_timestamp, second);
    expect(rest.body.updated_timestamp).toBe(rest.body.refunds[1].created_timestamp);
    expect(await readReceipt(sandbox.url, receiptId)).toEqual(rest.body);
    expect((await control(sandbox.url, `/receipts/${receiptId}/refund`)).status).toBe(409);
  });

  it("leaves the order shippable, and is refused on a cancelled order with 409", async () => {
    const receiptId = await placed(sandbox.url);
    await control(sandbox.url, `/receipts/${receiptId}/refund`, { amount: 100 });
    const shipped = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${receiptId}/tracking`, {
      token: await tokenOf(sandbox.url),
      json: { tracking_code: "9400111899223856789012", carrier_name: "usps" },
    });
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.body).toMatchObject({ is_shipped: true, status: "partially refunded" });
    const cancelled = await placed(sandbox.url);
    await control(sandbox.url, `/receipts/${cancelled}/cancel`);
    const refused = await control(sandbox.url, `/receipts/${cancelled}/refund`, { amount: 100 });
    expect(refused.status).toBe(409);
    expect((await readReceipt(sandbox.url, cancelled)).refunds).toEqual([]);
  });

  it("refuses an amount not a whole number of cents, an unknown field and a body not JSON, each with a sentence", async () => {
    const receiptId = await placed(sandbox.url);
    const cents =
      "amount: must be a whole number of cents from 1, such as 500 for $5.00; send no amount to refund the rest.";
    for (const [body, error] of [
      [{ amount: 1.5 }, cents],
      [{ amount: 0 }, cents],
      [{ amount: "all" }, cents],
      [{ cents: 100 }, "body: takes only amount and reason (not cents)."],
      [[500], "body: must be a JSON object; it takes only amount and reason."],
    ] as const) {
      const refused = await control(sandbox.url, `/receipts/${receiptId}/refund`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe(error);
    }
    const notJson = await http(`${sandbox.url}/__sandbox/receipts/${receiptId}/refund`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{amount",
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toBe("The body is not JSON; send a JSON object such as {}.");
    expect((await readReceipt(sandbox.url, receiptId)).status).toBe("paid");
  });
});

describe("payment review", () => {
  it("holds an order in payment processing, unpaid, until it settles paid", async () => {
    const receiptId = await placed(sandbox.url, { payment_review: true });
    const held = await readReceipt(sandbox.url, receiptId);
    expect(held).toMatchObject({ status: "payment processing", is_paid: false });
    expect(held.transactions[0].paid_timestamp).toBeNull();
    expect(await found(sandbox.url, "was_paid=false")).toContain(receiptId);
    expect((await control(sandbox.url, `/receipts/${receiptId}/refund`)).status).toBe(409);
    await advance(sandbox.url, HOUR);
    const call = await dated(sandbox.url, `/receipts/${receiptId}/settle`, { outcome: "paid" });
    const settled = call.answer;
    expect(settled.body).toMatchObject({ status: "paid", is_paid: true });
    stampedWithin(settled.body.updated_timestamp, call);
    expect(settled.body.transactions[0].paid_timestamp).toBe(settled.body.updated_timestamp);
    expect(await found(sandbox.url, "was_paid=true")).toContain(receiptId);
    const again = await control(sandbox.url, `/receipts/${receiptId}/settle`, { outcome: "paid" });
    expect(again.status).toBe(409);
  });

  it("takes a paid order not yet shipped, and settles it cancelled", async () => {
    const receiptId = await placed(sandbox.url);
    const held = await control(sandbox.url, `/receipts/${receiptId}/payment-review`);
    expect(held.status, held.text).toBe(200);
    expect(held.body).toMatchObject({ status: "payment processing", is_paid: false });
    expect((await control(sandbox.url, `/receipts/${receiptId}/payment-review`)).status).toBe(409);
    const settled = await control(sandbox.url, `/receipts/${receiptId}/settle`, { outcome: "canceled" });
    expect(settled.body).toMatchObject({ status: "canceled", is_paid: false });
    expect(await found(sandbox.url, "was_canceled=true")).toEqual([receiptId]);
  });

  it("refuses a shipped order, a settlement of an order not in review and an outcome it does not know", async () => {
    const shipped = await placed(sandbox.url, { shipped: true });
    const refused = await control(sandbox.url, `/receipts/${shipped}/payment-review`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `Receipt ${shipped} is shipped; only an order not yet shipped goes to payment review.`,
    );
    const paid = await placed(sandbox.url);
    expect((await control(sandbox.url, `/receipts/${paid}/settle`, { outcome: "paid" })).status).toBe(409);
    const unknown = await control(sandbox.url, `/receipts/${paid}/settle`, { outcome: "maybe" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('outcome: must be "paid" or "canceled".');
    const extra = await control(sandbox.url, `/receipts/${paid}/payment-review`, { now: true });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toBe("body: takes no field: send {} (not now).");
    const notBoolean = await control(sandbox.url, "/orders", { listing_id: LISTING, payment_review: "yes" });
    expect(notBoolean.body.error).toBe("payment_review: must be true (held in payment review) or false.");
  });
});

describe("delivery", () => {
  it("marks a shipped order delivered, which was_delivered finds; an order not shipped is refused with 409", async () => {
    const receiptId = await placed(sandbox.url);
    const early = await control(sandbox.url, `/receipts/${receiptId}/deliver`);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(
      `Receipt ${receiptId} is not shipped, so it cannot be delivered; ship it first (POST /__sandbox/receipts/${receiptId}/shipment).`,
    );
    expect(await found(sandbox.url, "was_delivered=true")).toEqual([]);
    await control(sandbox.url, `/receipts/${receiptId}/shipment`);
    await advance(sandbox.url, 2 * 24 * HOUR);
    const call = await dated(sandbox.url, `/receipts/${receiptId}/deliver`);
    expect(call.answer.body.status).toBe("completed");
    stampedWithin(call.answer.body.updated_timestamp, call);
    expect(await found(sandbox.url, "was_delivered=true")).toEqual([receiptId]);
    expect(await found(sandbox.url, "was_delivered=false")).not.toContain(receiptId);
    expect((await control(sandbox.url, `/receipts/${receiptId}/deliver`)).status).toBe(409);
  });
});

describe("the sandbox's home page", () => {
  it("shows each recent order's status as the API reads it, why it was cancelled and whether it was delivered", async () => {
    const cancelled = await placed(sandbox.url);
    await control(sandbox.url, `/receipts/${cancelled}/cancel`, { reason: "The buyer asked." });
    const delivered = await placed(sandbox.url, { shipped: true });
    await control(sandbox.url, `/receipts/${delivered}/refund`, { amount: 100 });
    await control(sandbox.url, `/receipts/${delivered}/deliver`);
    const cells = (receiptId: number, page: string) => {
      const row = page.split("<tr>").find((candidate) => candidate.includes(`<td>${receiptId}</td>`));
      return row?.match(/<td>([^<]*)<\/td>\s*<\/tr>/)?.[1];
    };
    const home = await http(`${sandbox.url}/`);
    expect(cells(cancelled, home.text)).toBe("canceled, The buyer asked.");
    expect(cells(delivered, home.text)).toBe("partially refunded, delivered");
  });
});

describe("in a space", () => {
  it("lives the same under the space's control prefix, and leaves the shared sandbox as it was", async () => {
    const space = (await control(sandbox.url, "/spaces", { ttl_seconds: 600 })).body as { id: string };
    const base = `${sandbox.url}/spaces/${space.id}`;
    try {
      await cancelledAndRead(base);
      const refunded = await placed(base);
      expect((await control(base, `/receipts/${refunded}/refund`, { amount: 25 })).body.status).toBe(
        "partially refunded",
      );
      const held = await placed(base, { payment_review: true });
      expect((await control(base, `/receipts/${held}/settle`, { outcome: "paid" })).body.status).toBe("paid");
      await control(base, `/receipts/${held}/shipment`);
      expect((await control(base, `/receipts/${held}/deliver`)).status).toBe(200);
      expect(await found(base, "was_delivered=true")).toEqual([held]);
      expect(await found(sandbox.url, "was_canceled=true")).toEqual([]);
      expect(await found(sandbox.url, "was_delivered=true")).toEqual([]);
    } finally {
      await http(`${sandbox.url}/__sandbox/spaces/${space.id}`, { method: "DELETE" });
    }
  });
});
