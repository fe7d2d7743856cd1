import { beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { eachEngine } from "../../test/harness/each-engine";
import { callApi, createSeller, issueTokensFor, sandboxControl, type JsonBody } from "../../test/harness/sandbox";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";
import { openDatabase, type Database } from "../db/database";
import { tokenStore } from "../tokens/token-store";
import { createMarketplace, type Marketplace } from "../marketplace/client";
import { sharedPacer } from "../marketplace/shared-pacer";
import { fillOrders } from "./kept-orders";
import { orderStore } from "./order-store";
import { queueStore, type OwnedItem } from "./queue/queue-store";
import type { ItemFacts } from "./queue/moves";
import { sendWaitingShipments, shipList, shipOrders, type ShipBatch } from "./ship-orders";
import { WAITING } from "./ship-receipts";
import { waitingShipments } from "./waiting-shipments";

const sandbox = useSeededSandbox({ phase: undefined });
const SCOPES = ["listings_r", "listings_w", "shops_r", "transactions_r", "transactions_w"];

type Logged = { id: number; method: string; path: string; status: number };
const posts = async (): Promise<Logged[]> =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as Logged[]).filter(
    (entry) => entry.method === "POST" && entry.path.endsWith("/tracking"),
  );

/** The kept orders' word on each item, as the page's reads give it, without the listings' questions (none here). */
const keptFacts = (db: Database, shopId: number) => async (owned: OwnedItem[]) => {
  const kept = await orderStore(db).kept(shopId, [...new Set(owned.map((item) => item.receiptId))]);
  const facts = new Map<string, ItemFacts>();
  for (const item of owned) {
    const order = kept.get(item.receiptId);
    if (order)
      facts.set(item.itemId, {
        flagged: false,
        receiptShipped: order.shipped,
        life: order.life,
        name: `The item of order ${order.receiptId}`,
      });
  }
  return facts;
};

const codeOf = (receiptId: number) => `9400${String(receiptId).padStart(18, "7")}`;

describe.each(eachEngine())("shipping a day's parcels on %s", (_engine, location) => {
  let db: Database;
  let market: Marketplace;
  let seller: { userId: number; shopId: number; scopes: string[] };
  let orders: { receiptId: number; itemId: string }[];
  let facts: ReturnType<typeof keptFacts>;

  const receiptsOf = async () => {
    const token = (await issueTokensFor(sandbox.url, { user_id: seller.userId, scopes: ["transactions_r"] }))
      .access_token;
    const page = await callApi(sandbox.url, `shops/${seller.shopId}/receipts?limit=100`, { token });
    return new Map<number, JsonBody>(page.body.results.map((receipt: JsonBody) => [receipt.receipt_id, receipt]));
  };
  const codesIn = (receipt: JsonBody | undefined) =>
    ((receipt?.shipments ?? []) as { tracking_code: string }[]).map((shipment) => shipment.tracking_code);
  const stateOf = async (itemId: string) =>
    (await queueStore(db).owned(seller.shopId, [itemId])).get(itemId)?.row?.state ?? "to-make";

  beforeEach(async () => {
    db = await openDatabase(location());
    for (const table of ["shop_orders", "shop_order_items", "order_syncs", "seller_tokens", "shipment_history"])
      await db.execute(`DELETE FROM ${table}`);
    for (const table of ["waiting_shipments", "queue_items", "queue_moves"]) await db.execute(`DELETE FROM ${table}`);
    const created = await createSeller(sandbox.url, { listings: 1 });
    seller = { userId: created.user_id, shopId: created.shop_id!, scopes: SCOPES };
    facts = keptFacts(db, seller.shopId);
    orders = [];
    for (let index = 0; index < 13; index++) {
      const placed = await sandboxControl(sandbox.url, "/orders", {
        listing_id: created.listing_ids[0],
        buyer: { name: `Buyer ${index}` },
        answers: [],
      });
      expect(placed.status, placed.text).toBe(201);
      orders.push({ receiptId: placed.body.receipt_id, itemId: String(placed.body.transactions[0].transaction_id) });
    }
    await storeSellerTokens(tokenStore(db), sandbox.url, seller.userId, SCOPES);
    market = createMarketplace(
      sandboxMarketplaceConfig(sandbox.url, { pacer: sharedPacer(db, { foreground: true }) }),
      tokenStore(db),
    );
    expect((await fillOrders(db, market, seller)).ok).toBe(true);
    return async () => {
      await sandboxControl(sandbox.url, "/faults", undefined, "DELETE");
      await db.close();
    };
  });

  it("ships 13 orders of one form with one carrier, each with its code, one request each", async () => {
    const before = (await posts()).length;
    const shipments = orders.map((order) => ({
      receiptId: order.receiptId,
      carrierName: "usps",
      trackingCode: codeOf(order.receiptId),
    }));
    const itemIds = orders.map((order) => order.itemId);
    const batch = (await shipOrders(db, market, seller, { itemIds, shipments }, { factsOf: facts })) as ShipBatch;
    expect(batch).toEqual({ done: orders.map((order) => order.itemId), refused: [], waiting: [] });
    expect((await posts()).length - before).toBe(13);
    const receipts = await receiptsOf();
    for (const order of orders) expect(codesIn(receipts.get(order.receiptId))).toEqual([codeOf(order.receiptId)]);
    for (const order of orders) expect(await stateOf(order.itemId)).toBe("shipped");
  });

  it("refuses a bad code, an order without a code that needs one, and another shop's item, one line each in words, and ships the rest", async () => {
    const [good, hidden, none] = orders;
    const before = (await posts()).length;
    const batch = (await shipOrders(
      db,
      market,
      seller,
      {
        itemIds: [good!.itemId, hidden!.itemId, none!.itemId, "999999999"],
        shipments: [
          { receiptId: good!.receiptId, carrierName: "usps", trackingCode: codeOf(good!.receiptId) },
          { receiptId: hidden!.receiptId, carrierName: "usps", trackingCode: "9400\u200b1" },
        ],
      },
      { factsOf: facts },
    )) as ShipBatch;
    expect(batch.done).toEqual([good!.itemId]);
    expect(batch.refused.map((one) => one.reason)).toEqual([
      "There is no item 999999999 in your shop's orders: reload the page to see the queue as it is.",
      `Order ${hidden!.receiptId}: The tracking code holds characters a buyer or carrier would not read as you see them (U+200B (invisible)). Retype it on one line, or paste it as plain text, then mark it shipped again.`,
      `Order ${none!.receiptId}: Not marked shipped: the marketplace needs a carrier and tracking code for this order (one over $10 within the United States, or to India). Type its tracking code, then ship it again.`,
    ]);
    // The hidden character cost nothing: the good order's request and the one the marketplace refused.
    expect((await posts()).length - before).toBe(2);
  });

  it("ships a pasted list of 13 lines, refusing its bad line by number and order, and the rest shipped", async () => {
    const lines = orders.map((order, index) =>
      index === 4
        ? `${order.receiptId},Pony Express,${codeOf(order.receiptId)}`
        : `${order.receiptId},USPS,${codeOf(order.receiptId)}`,
    );
    const batch = (await shipList(db, market, seller, `Order Number,Carrier,Tracking Number\n${lines.join("\n")}\n`, {
      factsOf: facts,
    })) as ShipBatch;
    expect(batch.done).toHaveLength(12);
    expect(batch.refused.map((one) => one.reason)).toEqual([
      expect.stringMatching(new RegExp(`^Line 6, order ${orders[4]!.receiptId}: “Pony Express” is not a carrier`)),
    ]);
    const receipts = await receiptsOf();
    orders.forEach((order, index) =>
      expect(codesIn(receipts.get(order.receiptId))).toEqual(index === 4 ? [] : [codeOf(order.receiptId)]),
    );
  });

  it("keeps a shipment the marketplace does not answer waiting, and sends it once when it answers", async () => {
    const [first, second] = orders;
    // The first one's write lands and its answer is lost; the marketplace then answers nothing at all.
    await sandboxControl(sandbox.url, "/faults", {
      method: "POST",
      path: "/v3/application/*",
      status: 504,
      after_write: true,
    });
    await sandboxControl(sandbox.url, "/faults", { path: "/v3/application/*", status: 503, times: 1000 });
    const shipments = [first!, second!].map((order) => ({
      receiptId: order.receiptId,
      carrierName: "usps",
      trackingCode: codeOf(order.receiptId),
    }));
    const batch = (await shipOrders(
      db,
      market,
      seller,
      {
        itemIds: [first!.itemId, second!.itemId],
        shipments,
      },
      { factsOf: facts },
    )) as ShipBatch;
    expect(batch.done).toEqual([]);
    expect(batch.waiting).toEqual([first!.itemId, second!.itemId]);
    expect(new Set(batch.refused.map((one) => one.reason))).toEqual(
      new Set([first!, second!].map((order) => `Order ${order.receiptId}: ${WAITING}`)),
    );
    expect((await waitingShipments(db).ofShop(seller.shopId)).map((one) => one.receiptId).sort()).toEqual(
      [first!.receiptId, second!.receiptId].sort(),
    );
    // Still down: the background sends nothing and keeps them.
    const during = (await posts()).length;
    await sendWaitingShipments(db, market, () => facts);
    expect((await posts()).length).toBe(during);
    expect(await waitingShipments(db).ofShop(seller.shopId)).toHaveLength(2);

    await sandboxControl(sandbox.url, "/faults", undefined, "DELETE");
    await sendWaitingShipments(db, market, () => facts);
    await sendWaitingShipments(db, market, () => facts);
    const receipts = await receiptsOf();
    expect(codesIn(receipts.get(first!.receiptId))).toEqual([codeOf(first!.receiptId)]);
    expect(codesIn(receipts.get(second!.receiptId))).toEqual([codeOf(second!.receiptId)]);
    expect(await waitingShipments(db).ofShop(seller.shopId)).toEqual([]);
    expect(await stateOf(first!.itemId)).toBe("shipped");
    expect(await stateOf(second!.itemId)).toBe("shipped");
  });
});
