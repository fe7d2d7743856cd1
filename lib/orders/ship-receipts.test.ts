import { beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { eachEngine } from "../../test/harness/each-engine";
import { ADA, callApi, issueTokensFor, sandboxControl } from "../../test/harness/sandbox";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";
import { DEMO_SELLERS } from "../../sandbox/store/seed";
import { insertOrder } from "../../sandbox/store/receipt-store";
import { openDatabase, type Database } from "../db/database";
import { tokenStore } from "../tokens/token-store";
import { createMarketplace, type Marketplace } from "../marketplace/client";
import { sharedPacer } from "../marketplace/shared-pacer";
import { shipmentHistory } from "../history/shipment-history";
import { fillOrders } from "./kept-orders";
import { orderStore } from "./order-store";
import { SHIPPING_NEEDS_SCOPE, shipReceipts } from "./ship-receipts";

const sandbox = useSeededSandbox({ phase: undefined });
const SCOPES = ["listings_r", "listings_w", "shops_r", "transactions_r", "transactions_w"];
const WITHOUT_SHIPPING = SCOPES.filter((scope) => scope !== "transactions_w");
const SELLER = { userId: ADA.user_id, shopId: ADA.shop_id, scopes: SCOPES };

type Logged = { id: number; method: string; path: string; status: number };
const marketplaceRequests = async (): Promise<Logged[]> =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as Logged[]).filter((entry) =>
    entry.path.startsWith("/v3/"),
  );

/** What `run` asked the marketplace, as the sandbox logged it. */
async function requestsOf(run: () => Promise<unknown>) {
  const before = new Set((await marketplaceRequests()).map((entry) => entry.id));
  await run();
  return (await marketplaceRequests()).filter((entry) => !before.has(entry.id));
}

const trackingOf = (receiptId: number) => ({
  receiptId,
  carrierName: "usps",
  trackingCode: `9400${String(receiptId).padStart(18, "1")}`,
});

describe.each(eachEngine())("marking orders shipped on %s", (_engine, location) => {
  let db: Database;
  let market: Marketplace;

  // Open and paid: an order in payment review is open too, and not to be shipped.
  const openReceiptIds = async (count: number) =>
    (await orderStore(db).orders(ADA.shop_id, { openOnly: true }, { limit: 1000, offset: 0 })).orders
      .filter((order) => order.paid)
      .slice(0, count)
      .map((order) => order.receiptId);

  beforeEach(async () => {
    db = await openDatabase(location());
    for (const table of ["shop_orders", "shop_order_items", "order_syncs", "seller_tokens", "shipment_history"])
      await db.execute(`DELETE FROM ${table}`);
    await storeSellerTokens(tokenStore(db), sandbox.url, ADA.user_id, SCOPES);
    market = createMarketplace(
      sandboxMarketplaceConfig(sandbox.url, { pacer: sharedPacer(db, { foreground: true }) }),
      tokenStore(db),
    );
    expect((await fillOrders(db, market, SELLER)).ok).toBe(true);
    return () => db.close();
  });

  it("records three shipments in the sandbox, one request each, which read back shipped, kept and in the history", async () => {
    const receiptIds = await openReceiptIds(3);
    expect(receiptIds).toHaveLength(3);
    let outcomes;
    const sent = await requestsOf(async () => {
      outcomes = await shipReceipts(db, market, SELLER, { receiptIds, tracking: receiptIds.map(trackingOf) });
    });
    expect(outcomes).toEqual({ ok: true, data: receiptIds.map((receiptId) => ({ receiptId, shipped: true })) });
    expect(sent.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual(
      receiptIds.map((id) => `POST /v3/application/shops/${ADA.shop_id}/receipts/${id}/tracking 200`),
    );
    const token = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["transactions_r"] }))
      .access_token;
    for (const receiptId of receiptIds) {
      const read = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${receiptId}`, { token });
      expect(read.body).toMatchObject({
        is_shipped: true,
        shipments: [{ carrier_name: "usps", tracking_code: trackingOf(receiptId).trackingCode }],
      });
      expect(await shipmentHistory(db).list(ADA.shop_id, receiptId)).toMatchObject([
        { receiptId, carrierName: "usps", trackingCode: trackingOf(receiptId).trackingCode, outcome: "done" },
      ]);
    }
    const kept = await orderStore(db).kept(ADA.shop_id, receiptIds);
    expect([...kept.values()].map((order) => order.shipped)).toEqual([true, true, true]);
    expect(await openReceiptIds(100)).not.toContain(receiptIds[0]);
  });

  it("reads back a receipt whose earlier shipment's answer never came, and sends no second one once it landed", async () => {
    const [receiptId] = await openReceiptIds(1);
    const history = shipmentHistory(db);
    // An earlier send timed out, and its shipment landed on the marketplace after the dashboard read the receipt.
    const earlier = (await history.record({ shopId: ADA.shop_id, userId: ADA.user_id, receiptId: receiptId! }))!;
    await history.settle(earlier, "unknown");
    expect((await sandboxControl(sandbox.url, `/receipts/${receiptId}/shipment`, {})).status).toBe(200);
    let outcomes;
    const sent = await requestsOf(async () => {
      outcomes = await shipReceipts(db, market, SELLER, {
        receiptIds: [receiptId!],
        tracking: [trackingOf(receiptId!)],
      });
    });
    expect(outcomes).toEqual({ ok: true, data: [{ receiptId, shipped: true }] });
    expect(sent.map((entry) => `${entry.method} ${entry.status}`)).toEqual(["GET 200"]);
    expect(await history.list(ADA.shop_id, receiptId!)).toMatchObject([{ id: earlier, outcome: "done" }]);
  });

  it("refuses a receipt of another shop, or one never read, with a sentence and without a request", async () => {
    const bo = DEMO_SELLERS.bo;
    const theirs = insertOrder(sandbox.state.db, {
      shop_id: bo.shop_id,
      seller_user_id: bo.user_id,
      buyer_user_id: 90_002,
      buyer_name: "Their Buyer",
      buyer_email: "their@example.com",
      paid: true,
      created: sandbox.state.now(),
      items: [{ listing_id: 1_000_000_002, title: "Theirs", quantity: 1, price_amount: 500, variations: [] }],
    });
    let outcomes;
    const sent = await requestsOf(async () => {
      outcomes = await shipReceipts(db, market, SELLER, { receiptIds: [theirs, 12_345] });
    });
    expect(sent).toEqual([]);
    expect(outcomes).toEqual({
      ok: true,
      data: [theirs, 12_345].map((receiptId) => ({
        receiptId,
        shipped: false,
        reason: `Order ${receiptId} is not one of your shop's orders that the dashboard has read, so nothing was sent for it. Open Orders so the newest are read, then try again.`,
      })),
    });
    expect(await shipmentHistory(db).list(ADA.shop_id, theirs)).toEqual([]);
  });

  it("sends nothing without transactions_w, and says why it is needed and how to grant it", async () => {
    const [receiptId] = await openReceiptIds(1);
    let outcome;
    const sent = await requestsOf(async () => {
      outcome = await shipReceipts(
        db,
        market,
        { ...SELLER, scopes: WITHOUT_SHIPPING },
        { receiptIds: [receiptId!], tracking: [trackingOf(receiptId!)] },
      );
    });
    expect(sent).toEqual([]);
    expect(outcome).toEqual({ ok: false, refusal: SHIPPING_NEEDS_SCOPE, missingScope: true });
    expect(SHIPPING_NEEDS_SCOPE).toMatch(/“Update your sales data” \(transactions_w\).*Sign in again and allow it/);
    expect((await orderStore(db).kept(ADA.shop_id, [receiptId!])).get(receiptId!)?.shipped).toBe(false);
    expect(await shipmentHistory(db).list(ADA.shop_id, receiptId!)).toEqual([]);
  });

  it("stops at the first refusal for a scope withdrawn on the marketplace, sending the rest nothing", async () => {
    await storeSellerTokens(tokenStore(db), sandbox.url, ADA.user_id, WITHOUT_SHIPPING);
    const receiptIds = await openReceiptIds(3);
    let outcomes;
    const sent = await requestsOf(async () => {
      outcomes = await shipReceipts(db, market, SELLER, { receiptIds, tracking: receiptIds.map(trackingOf) });
    });
    expect(sent.map((entry) => entry.status)).toEqual([403]);
    expect(outcomes).toEqual({
      ok: true,
      data: receiptIds.map((receiptId) => ({ receiptId, shipped: false, reason: SHIPPING_NEEDS_SCOPE })),
    });
    expect(await shipmentHistory(db).list(ADA.shop_id, receiptIds[0]!)).toEqual([]);
  });

  it("passes on the marketplace's need of a tracking code as a sentence without its field names, keeps no history, and leaves the order open", async () => {
    const [receiptId] = await openReceiptIds(1);
    const outcome = await shipReceipts(db, market, SELLER, { receiptIds: [receiptId!] });
    expect(outcome).toMatchObject({ ok: true, data: [{ receiptId, shipped: false }] });
    const reason = outcome.ok ? (outcome.data[0] as { reason: string }).reason : "";
    expect(reason).toBe(
      "Not marked shipped: the marketplace needs a carrier and tracking code for this order (one over $10 within the United States, or to India). Type its tracking code, then ship it again.",
    );
    expect(await shipmentHistory(db).list(ADA.shop_id, receiptId!)).toEqual([]);
    expect(await openReceiptIds(100)).toContain(receiptId);
  });

  it("sends nothing for an order shipped already unless a tracking code adds a shipment", async () => {
    const [receiptId] = await openReceiptIds(1);
    await shipReceipts(db, market, SELLER, { receiptIds: [receiptId!], tracking: [trackingOf(receiptId!)] });
    const again = await requestsOf(async () => {
      const outcome = await shipReceipts(db, market, SELLER, { receiptIds: [receiptId!] });
      expect(outcome).toMatchObject({
        ok: true,
        data: [{ shipped: false, reason: expect.stringMatching(/shipped already/) }],
      });
    });
    expect(again).toEqual([]);
    const second = { receiptId: receiptId!, carrierName: "ups", trackingCode: "1Z999AA10123456784" };
    expect(await shipReceipts(db, market, SELLER, { receiptIds: [receiptId!], tracking: [second] })).toEqual({
      ok: true,
      data: [{ receiptId, shipped: true }],
    });
    expect((await shipmentHistory(db).list(ADA.shop_id, receiptId!)).map((entry) => entry.carrierName)).toEqual([
      "ups",
      "usps",
    ]);
  });

  describe("each shipment is sent once", () => {
    const shipmentsOf = async (receiptId: number) => {
      const token = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["transactions_r"] }))
        .access_token;
      const read = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${receiptId}`, { token });
      return (read.body.shipments as { tracking_code: string }[]).map((shipment) => shipment.tracking_code);
    };
    const posts = (sent: Logged[]) => sent.filter((entry) => entry.method === "POST");
    const loseTheAnswer = (receiptId: number) =>
      sandboxControl(sandbox.url, "/faults", {
        method: "POST",
        path: `/v3/application/shops/${ADA.shop_id}/receipts/${receiptId}/tracking`,
        status: 504,
        after_write: true,
      });
    const twoAtOnce = (shipping: Parameters<typeof shipReceipts>[3]) =>
      Promise.all([shipReceipts(db, market, SELLER, shipping), shipReceipts(db, market, SELLER, shipping)]);

    it.each([
      ["answered", false],
      ["whose answer is lost", true],
    ])("two Mark shipped at once, %s, send one shipment, and both say shipped", async (_case, lost) => {
      const [receiptId] = await openReceiptIds(1);
      if (lost) expect((await loseTheAnswer(receiptId!)).status).toBe(201);
      let outcomes;
      const sent = await requestsOf(async () => {
        outcomes = await twoAtOnce({ receiptIds: [receiptId!], tracking: [trackingOf(receiptId!)] });
      });
      const shipped = { ok: true, data: [{ receiptId, shipped: true }] };
      expect(outcomes).toEqual([shipped, shipped]);
      expect(posts(sent)).toHaveLength(1);
      expect(await shipmentsOf(receiptId!)).toEqual([trackingOf(receiptId!).trackingCode]);
      expect(await shipmentHistory(db).list(ADA.shop_id, receiptId!)).toMatchObject([{ outcome: "done" }]);
    });

    it.each([
      ["one at a time", false],
      ["two at once", true],
    ])(
      "a remake's shipment whose answer is lost, tried again %s, is found by its tracking code and sent once",
      async (_case, together) => {
        const [receiptId] = await openReceiptIds(1);
        await shipReceipts(db, market, SELLER, { receiptIds: [receiptId!], tracking: [trackingOf(receiptId!)] });
        const remade = { receiptId: receiptId!, carrierName: "ups", trackingCode: "1Z999AA10123456784" };
        expect((await loseTheAnswer(receiptId!)).status).toBe(201);
        const shipped = { ok: true, data: [{ receiptId, shipped: true }] };
        const sent = await requestsOf(async () => {
          if (together) {
            expect(await twoAtOnce({ receiptIds: [receiptId!], tracking: [remade] })).toEqual([shipped, shipped]);
            return;
          }
          expect(await shipReceipts(db, market, SELLER, { receiptIds: [receiptId!], tracking: [remade] })).toEqual(
            shipped,
          );
          expect(await shipReceipts(db, market, SELLER, { receiptIds: [receiptId!], tracking: [remade] })).toEqual(
            shipped,
          );
        });
        expect(posts(sent)).toHaveLength(1);
        expect(await shipmentsOf(receiptId!)).toEqual([trackingOf(receiptId!).trackingCode, remade.trackingCode]);
        expect(
          (await shipmentHistory(db).list(ADA.shop_id, receiptId!)).map((entry) => [entry.trackingCode, entry.outcome]),
        ).toEqual([
          [remade.trackingCode, "done"],
          [trackingOf(receiptId!).trackingCode, "done"],
        ]);
      },
    );
  });

  it("refuses an order cancelled meanwhile with the marketplace's 400 read back once, keeps it cancelled and no history, then refuses it before any request", async () => {
    const [receiptId] = await openReceiptIds(1);
    const cancelled = await sandboxControl(sandbox.url, `/receipts/${receiptId}/cancel`, { reason: "buyer asked" });
    expect(cancelled.status, cancelled.text).toBe(200);
    let outcomes;
    const sent = await requestsOf(async () => {
      outcomes = await shipReceipts(db, market, SELLER, { receiptIds: [receiptId!] });
    });
    const CANCELED =
      "This order was cancelled on the marketplace, so nothing was sent: do not ship it, and put its items aside.";
    expect(outcomes).toEqual({ ok: true, data: [{ receiptId, shipped: false, reason: CANCELED }] });
    expect(sent.map((entry) => `${entry.method} ${entry.status}`)).toEqual(["POST 400", "GET 200"]);
    expect((await orderStore(db).kept(ADA.shop_id, [receiptId!])).get(receiptId!)?.life).toBe("canceled");
    expect(await shipmentHistory(db).list(ADA.shop_id, receiptId!)).toEqual([]);

    const again = await requestsOf(async () => {
      outcomes = await shipReceipts(db, market, SELLER, { receiptIds: [receiptId!] });
    });
    expect(again).toEqual([]);
    expect(outcomes).toEqual({ ok: true, data: [{ receiptId, shipped: false, reason: CANCELED }] });
  });
});
