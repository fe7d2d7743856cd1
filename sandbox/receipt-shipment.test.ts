import { describe, expect, it } from "vitest";
import { ADA, callApi, issueTokensFor, type JsonBody } from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";
import { liveSchemaErrors } from "../test/harness/live-oas.js";
import { insertOrder } from "./store/receipt-store.js";
import { DEMO_SELLERS } from "./store/seed.js";

// createReceiptShipment (docs/marketplace.md §16.6) as the live OAS shapes it, on today's marketplace.
const sandbox = useSeededSandbox({ phase: undefined });

const SCOPES = ["transactions_r", "transactions_w"];
const tokenOf = async (scopes = SCOPES, userId: number = DEMO_SELLERS.ada.user_id) =>
  (await issueTokensFor(sandbox.url, { user_id: userId, scopes })).access_token;

/** An open order of `cents` (one item), straight in the sandbox's store, in the shop of `seller`. */
function openOrder(cents: number, seller: { user_id: number; shop_id: number } = ADA) {
  return insertOrder(sandbox.state.db, {
    shop_id: seller.shop_id,
    seller_user_id: seller.user_id,
    buyer_user_id: 90_001,
    buyer_name: "Ship Buyer",
    buyer_email: "ship@example.com",
    paid: true,
    created: sandbox.state.now() - 3600,
    items: [{ listing_id: 1_000_000_002, title: "A thing", quantity: 1, price_amount: cents, variations: [] }],
  });
}

const trackingPath = (receiptId: number, shopId: number = ADA.shop_id) =>
  `shops/${shopId}/receipts/${receiptId}/tracking`;
const ship = async (receiptId: number, json: unknown, token?: string) =>
  callApi(sandbox.url, trackingPath(receiptId), { token: token ?? (await tokenOf()), json });
const USPS = { tracking_code: "9400111899223856789012", carrier_name: "usps" };
const storedShipments = () => sandbox.state.db.prepare("SELECT COUNT(*) FROM receipt_shipments").pluck().get();

describe("createReceiptShipment", () => {
  it("answers the live OAS's ShopReceipt, shipped with its shipment, and every read shows it shipped", async () => {
    const receiptId = openOrder(2500);
    const token = await tokenOf();
    const before = sandbox.state.now();
    const shipped = await ship(receiptId, { ...USPS, send_bcc: true, note_to_buyer: "On its way!" }, token);
    const shippedAt = shipped.body.shipments[0]?.shipment_notification_timestamp;
    expect(shippedAt).toBeGreaterThanOrEqual(before);
    expect(shippedAt).toBeLessThanOrEqual(sandbox.state.now());
    expect(shipped.status, shipped.text).toBe(200);
    expect(liveSchemaErrors("createReceiptShipment", 200, shipped.body)).toBeNull();
    expect(shipped.body).toMatchObject({ receipt_id: receiptId, is_shipped: true, status: "completed" });
    expect(shipped.body.shipments).toEqual([
      {
        receipt_shipping_id: expect.any(Number),
        shipment_notification_timestamp: shippedAt,
        ...USPS,
      },
    ]);
    const read = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${receiptId}`, { token });
    expect(read.body).toEqual(shipped.body);
    const open = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?was_shipped=false&limit=100`, { token });
    expect(open.body.results.map((receipt: JsonBody) => receipt.receipt_id)).not.toContain(receiptId);
    const done = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?was_shipped=true&limit=100`, { token });
    expect(done.body.results.find((receipt: JsonBody) => receipt.receipt_id === receiptId)).toEqual(shipped.body);
    expect(shipped.body.transactions[0].shipped_timestamp).toBe(shippedAt);
  });

  it("takes the fields form-encoded as well, send_bcc as true, false, 1 or 0", async () => {
    const receiptId = openOrder(2500);
    const shipped = await callApi(sandbox.url, trackingPath(receiptId), {
      token: await tokenOf(),
      form: { ...USPS, send_bcc: "1", note_to_buyer: "Thanks" },
    });
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.body.shipments).toMatchObject([USPS]);
  });

  it("adds a second shipment to a receipt shipped already, keeping when it first shipped", async () => {
    const receiptId = openOrder(2500);
    const first = await ship(receiptId, USPS);
    const second = await ship(receiptId, { tracking_code: "1Z999AA10123456784", carrier_name: "ups" });
    expect(second.status, second.text).toBe(200);
    expect(second.body.shipments.map((shipment: JsonBody) => shipment.carrier_name)).toEqual(["usps", "ups"]);
    expect(second.body.transactions[0].shipped_timestamp).toBe(first.body.transactions[0].shipped_timestamp);
  });

  it("marks an order of $10 or less shipped with no shipment when neither tracking field is sent", async () => {
    const receiptId = openOrder(1000);
    const shipped = await ship(receiptId, {});
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.body).toMatchObject({ is_shipped: true, shipments: [] });
  });

  it("refuses an order over $10 within the United States without tracking, and half a tracking, storing nothing", async () => {
    const receiptId = openOrder(1001);
    const before = storedShipments();
    for (const [body, error] of [
      [
        {},
        "tracking_code: an order over $10 shipped within the United States needs tracking_code and carrier_name (this one is $10.01).",
      ],
      [{ tracking_code: "94001" }, "carrier_name: is required with tracking_code; send other for an unlisted carrier."],
      [{ carrier_name: "usps" }, "tracking_code: is required with carrier_name."],
      [{ ...USPS, send_bcc: "maybe" }, "send_bcc: must be true or false."],
      [{ ...USPS, weight: "heavy" }, "weight: must be a number."],
      [{ ...USPS, signature: "yes" }, expect.stringMatching(/signature/)],
    ] as const) {
      const refused = await ship(receiptId, body);
      expect([refused.status, refused.body.error], JSON.stringify(body)).toEqual([400, error]);
    }
    expect(storedShipments()).toBe(before);
    const read = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${receiptId}`, { token: await tokenOf() });
    expect(read.body.is_shipped).toBe(false);
  });

  it("answers a body that is no object, not JSON, or of another type with a 4xx naming the problem, never a 5xx", async () => {
    const receiptId = openOrder(2500);
    const token = await tokenOf();
    for (const [body, type, status] of [
      ["[1, 2]", "application/json", 400],
      ["null", "application/json", 400],
      ['"usps"', "application/json", 400],
      ["{not json", "application/json", 400],
      ["tracking_code=1", "text/plain", 415],
      ["customs_data=x&tracking_code=1&carrier_name=usps", "application/x-www-form-urlencoded", 400],
    ] as const) {
      const refused = await callApi(sandbox.url, trackingPath(receiptId), {
        token,
        body,
        headers: { "content-type": type },
      });
      expect([refused.status, typeof refused.body.error], body).toEqual([status, "string"]);
    }
    expect(storedShipments()).toBe(
      sandbox.state.db.prepare("SELECT COUNT(*) FROM receipts WHERE shipped_timestamp IS NOT NULL").pluck().get(),
    );
  });

  it("needs transactions_w, the caller's own shop, and a receipt of that shop", async () => {
    const receiptId = openOrder(2500);
    const readOnly = await ship(receiptId, USPS, await tokenOf(["transactions_r"]));
    expect([readOnly.status, readOnly.body]).toEqual([
      403,
      { error: "insufficient_scope", error_description: "Insufficient scope" },
    ]);
    const bo = DEMO_SELLERS.bo;
    const theirs = openOrder(2500, bo);
    const otherShop = await callApi(sandbox.url, trackingPath(theirs, bo.shop_id), {
      token: await tokenOf(),
      json: USPS,
    });
    expect([otherShop.status, otherShop.body.error]).toEqual([
      403,
      `Shop ${bo.shop_id} does not belong to the user of this token.`,
    ]);
    // Another shop's receipt named under one's own shop is not told apart from one that does not exist.
    const underOwnShop = await ship(theirs, USPS);
    expect([underOwnShop.status, underOwnShop.body.error]).toEqual([
      404,
      `Receipt ${theirs} does not exist in shop ${ADA.shop_id}.`,
    ]);
    expect(storedShipments()).toBe(
      sandbox.state.db.prepare("SELECT COUNT(*) FROM receipts WHERE shipped_timestamp IS NOT NULL").pluck().get(),
    );
  });

  it("counts against the application's rate limit like every request", async () => {
    const receiptId = openOrder(2500);
    const token = await tokenOf();
    const first = await ship(receiptId, USPS, token);
    const second = await ship(receiptId, USPS, token);
    expect(Number(second.headers.get("x-remaining-today"))).toBe(Number(first.headers.get("x-remaining-today")) - 1);
  });
});
