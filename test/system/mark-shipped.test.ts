import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callServerAction } from "../harness/server-action";
import { filledShopDashboard } from "../harness/filled-shop-dashboard";
import { callApi, issueTokensFor, sandboxControl, type JsonBody } from "../harness/sandbox";

// The queue's "Mark shipped" of the built dashboard, called over HTTP as its page calls it, against a sandbox:
// each ticked item's order gets its shipment on the marketplace (docs/marketplace.md §16.6), then the item moves.

let shop: Awaited<ReturnType<typeof filledShopDashboard>>;
const placed: { receiptId: number; itemId: string }[] = [];

const markShipped = (args: { itemIds: string[]; tracking?: { receiptId: number; trackingCode: string }[] }) =>
  callServerAction(
    `${shop.dashboard.url}/orders`,
    "markShippedAction",
    [{ carrierName: "usps", tracking: [], ...args }],
    shop.cookie,
  );

const shipList = (list: string) =>
  callServerAction(`${shop.dashboard.url}/orders`, "shipListAction", [{ list }], shop.cookie);

async function marketplaceCost(run: () => Promise<unknown>) {
  const since = shop.lastRequestId();
  await run();
  return shop.marketplaceRequestsSince(since);
}

beforeAll(async () => {
  shop = await filledShopDashboard(1);
  const [listingId] = shop.seller.listing_ids;
  for (let index = 0; index < 4; index += 1) {
    const order = await sandboxControl(shop.sandbox.url, "/orders", { listing_id: listingId, answers: [] });
    expect(order.status, order.text).toBe(201);
    placed.push({
      receiptId: order.body.receipt_id as number,
      itemId: String(order.body.transactions[0].transaction_id),
    });
  }
  // The Orders page keeps the shop's orders, which say which items are the seller's.
  for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 300))) {
    const page = await (await shop.send("/orders")).text();
    if (placed.every(({ receiptId }) => page.includes(String(receiptId)))) break;
    if (Date.now() > deadline) throw new Error("the dashboard did not keep the new orders");
  }
}, 180_000);

afterAll(async () => {
  await shop?.stop();
});

describe("Mark shipped in the production queue", () => {
  it("records three shipments, one request each, and the sandbox reads the three orders back shipped", async () => {
    const three = placed.slice(0, 3);
    const sent = await marketplaceCost(async () => {
      for (const { receiptId, itemId } of three) {
        const answer = await markShipped({
          itemIds: [itemId],
          tracking: [{ receiptId, trackingCode: `9400${receiptId}` }],
        });
        expect(answer.result).toEqual({ ok: true, data: { done: [itemId], refused: [], waiting: [] } });
      }
    });
    // Each batch first reads what changed and what was cancelled (docs/sellers.md, "The order's life in the queue").
    const receipts = `/v3/application/shops/${shop.seller.shop_id}/receipts`;
    expect(sent.filter((entry) => entry.path.endsWith("/tracking")).map((entry) => entry.path)).toEqual(
      three.map(({ receiptId }) => `${receipts}/${receiptId}/tracking`),
    );
    expect(sent.filter((entry) => !entry.path.endsWith("/tracking")).map((entry) => entry.path)).toEqual(
      three.flatMap(() => [receipts, receipts]),
    );
    const token = (await issueTokensFor(shop.sandbox.url, { user_id: shop.seller.user_id, scopes: ["transactions_r"] }))
      .access_token;
    const shipped = await callApi(
      shop.sandbox.url,
      `shops/${shop.seller.shop_id}/receipts?was_shipped=true&limit=100`,
      { token },
    );
    expect(shipped.body.results.map((receipt: JsonBody) => receipt.receipt_id).sort()).toEqual(
      three.map(({ receiptId }) => receiptId).sort(),
    );
    for (const receipt of shipped.body.results)
      expect(receipt.shipments).toEqual([
        expect.objectContaining({ carrier_name: "usps", tracking_code: `9400${receipt.receipt_id}` }),
      ]);
  });

  it("refuses an item of another shop and one shipped already with a sentence, costing no request", async () => {
    const sent = await marketplaceCost(async () => {
      const foreign = await markShipped({ itemIds: ["70001"] });
      expect(foreign.result).toMatchObject({ ok: false, formError: expect.stringContaining("There is no item 70001") });
      const again = await markShipped({ itemIds: [placed[0]!.itemId] });
      expect(again.result).toMatchObject({ ok: false, formError: expect.stringContaining("shipped already") });
    });
    expect(sent).toEqual([]);
  });

  it("refuses a tracking code with a direction override or a line break by its order, in words, costing no request", async () => {
    const { itemId, receiptId } = placed[3]!;
    const sent = await marketplaceCost(async () => {
      for (const trackingCode of ["9400\u202e1111", "9400\r\n1111"]) {
        const answer = await markShipped({ itemIds: [itemId], tracking: [{ receiptId, trackingCode }] });
        expect(answer.result).toMatchObject({
          ok: false,
          formError: expect.stringMatching(new RegExp(`^Order ${receiptId}: The tracking code holds characters `)),
        });
      }
    });
    expect(sent).toEqual([]);
  });

  it("refuses a pasted list's line naming another shop's order, and a list over its bounds, in words, costing no request", async () => {
    const sent = await marketplaceCost(async () => {
      const foreign = await shipList("Order Number,Carrier,Tracking Number\n70001,USPS,9400111\n");
      expect(foreign.result).toMatchObject({
        ok: false,
        formError: expect.stringMatching(/^Line 2, order 70001: it is not an order of your shop in the queue/),
      });
      const huge = await shipList(`70001,USPS,${"9".repeat(300 * 1024)}`);
      expect(huge.result).toMatchObject({ ok: false });
      expect(JSON.stringify(huge.result)).toContain("The list is over 256 KB");
    });
    expect(sent).toEqual([]);
  });

  it("two Mark shipped at once on one item send one shipment, and neither says it did not ship", async () => {
    const { receiptId, itemId } = placed[3]!;
    const tracking = [{ receiptId, trackingCode: `9400${receiptId}` }];
    let answers: Awaited<ReturnType<typeof markShipped>>[] = [];
    const sent = await marketplaceCost(async () => {
      answers = await Promise.all([
        markShipped({ itemIds: [itemId], tracking }),
        markShipped({ itemIds: [itemId], tracking }),
      ]);
    });
    expect(sent.filter((entry) => entry.path.endsWith("/tracking"))).toHaveLength(1);
    const results = answers.map((answer) => answer.result as JsonBody);
    expect(results).toEqual([
      { ok: true, data: { done: [itemId], refused: [], waiting: [] } },
      { ok: true, data: { done: [itemId], refused: [], waiting: [] } },
    ]);
    for (const result of results) expect(JSON.stringify(result)).not.toMatch(/did not show it shipped|being sent/);
    const token = (await issueTokensFor(shop.sandbox.url, { user_id: shop.seller.user_id, scopes: ["transactions_r"] }))
      .access_token;
    const receipt = await callApi(shop.sandbox.url, `shops/${shop.seller.shop_id}/receipts/${receiptId}`, { token });
    expect(receipt.body.shipments).toEqual([expect.objectContaining({ tracking_code: tracking[0]!.trackingCode })]);
  });
});
