import { beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { eachEngine } from "../../test/harness/each-engine";
import { ADA, createSeller, sandboxControl } from "../../test/harness/sandbox";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";
import { openDatabase, type Database } from "../db/database";
import { tokenStore } from "../tokens/token-store";
import { createMarketplace, type Marketplace } from "../marketplace/client";
import { KEPT_FRESH_MS } from "../mirror/fresh-copy";
import { fillOrders, keepReceipt, readCanceledOrders, readChangedOrders, takeSaleRead } from "./kept-orders";
import { isOpen, orderStore } from "./order-store";

const sandbox = useSeededSandbox({ phase: undefined });
const SCOPES = ["listings_r", "listings_w", "shops_r", "transactions_r"];
const SELLER = { userId: ADA.user_id, shopId: ADA.shop_id };
const NAME_NECKLACE = 1_000_000_001;

type Logged = { id: number; path: string };
const receiptReads = async (): Promise<Logged[]> =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as Logged[]).filter((entry) =>
    entry.path.includes("/receipts"),
  );

async function necklaceQuestionId() {
  const listing = await sandboxControl(sandbox.url, `/listings/${NAME_NECKLACE}`);
  return listing.body.personalization.personalization_questions[0].question_id as number;
}

describe.each(eachEngine())("a shop's orders kept on %s", (_engine, location) => {
  let db: Database;
  let market: Marketplace;

  beforeEach(async () => {
    db = await openDatabase(location());
    for (const table of ["shop_orders", "shop_order_items", "order_syncs", "seller_tokens"])
      await db.execute(`DELETE FROM ${table}`);
    await storeSellerTokens(tokenStore(db), sandbox.url, ADA.user_id, SCOPES);
    market = createMarketplace(sandboxMarketplaceConfig(sandbox.url), tokenStore(db));
    return () => db.close();
  });

  it("are read in full once, then each view asks only for what changed: one request", async () => {
    const before = (await receiptReads()).length;
    const filled = await fillOrders(db, market, SELLER);
    expect(filled).toMatchObject({ ok: true, data: { filled: true, skip: 0 } });
    expect((await receiptReads()).length - before).toBe(2);
    const store = orderStore(db);
    const all = await store.orders(ADA.shop_id, {}, { limit: 100, offset: 0 });
    expect(filled.ok && all.total).toBe(filled.ok && filled.data.total);

    const placed = await sandboxControl(sandbox.url, "/orders", {
      listing_id: NAME_NECKLACE,
      buyer: { name: "Kept Buyer" },
      answers: [{ question_id: await necklaceQuestionId(), value: "Zoë" }],
    });
    expect(placed.status, placed.text).toBe(201);
    const reads = (await receiptReads()).length;
    const changed = await readChangedOrders(db, market, SELLER, (await store.sync(ADA.shop_id))!);
    expect(changed.ok).toBe(true);
    expect((await receiptReads()).length).toBe(reads + 1);
    const newest = await store.orders(ADA.shop_id, {}, { limit: 1, offset: 0 });
    expect(newest.orders[0]).toMatchObject({ receiptId: placed.body.receipt_id, buyerName: "Kept Buyer", paid: true });
    expect(newest.orders[0]?.items[0]?.answers).toEqual([
      { questionId: await necklaceQuestionId(), name: "Personalization", value: "Zoë", optionId: null },
    ]);

    await sandboxControl(sandbox.url, `/receipts/${placed.body.receipt_id}/shipment`, {});
    await readChangedOrders(db, market, SELLER, (await store.sync(ADA.shop_id))!);
    const found = await store.orders(ADA.shop_id, { search: "kept buyer" }, { limit: 10, offset: 0 });
    expect(found).toMatchObject({ total: 1, open: 0 });
    expect(found.orders[0]?.shipped).toBe(true);
  });

  it("read more changes than a page, all in a second or two, in a few views of one request each, none missed", async () => {
    await fillOrders(db, market, SELLER);
    const store = orderStore(db);
    const questionId = await necklaceQuestionId();
    // 250 orders in the same second or two: the read of changes pages through them by offset within a second.
    const placed: number[] = [];
    for (let index = 0; index < 250; index += 1)
      placed.push(
        (
          await sandboxControl(sandbox.url, "/orders", {
            listing_id: NAME_NECKLACE,
            answers: [{ question_id: questionId, value: `N${index}` }],
          })
        ).body.receipt_id,
      );
    for (let view = 0; view < 5; view += 1) {
      const before = (await receiptReads()).length;
      const sync = (await store.sync(ADA.shop_id))!;
      const changed = await readChangedOrders(db, market, SELLER, sync);
      expect((await receiptReads()).length).toBe(before + 1);
      expect(changed.ok).toBe(true);
    }
    const kept = new Set(
      (await store.orders(ADA.shop_id, {}, { limit: 1000, offset: 0 })).orders.map((order) => order.receiptId),
    );
    expect(placed.filter((id) => !kept.has(id))).toEqual([]);
  });

  it("list open orders first, newest first, and filter by listing, date and words of an answer", async () => {
    await fillOrders(db, market, SELLER);
    const store = orderStore(db);
    const { orders, open, total } = await store.orders(ADA.shop_id, {}, { limit: 100, offset: 0 });
    const opened = orders.map(isOpen);
    expect(opened.indexOf(false)).toBe(open);
    expect(opened.slice(open).every((value) => !value)).toBe(true);
    const openTimes = orders.slice(0, open).map((order) => order.createdAt);
    expect(openTimes).toEqual([...openTimes].sort((a, b) => b - a));

    const necklaces = await store.orders(ADA.shop_id, { listingId: NAME_NECKLACE }, { limit: 100, offset: 0 });
    expect(necklaces.total).toBeGreaterThan(0);
    expect(necklaces.total).toBeLessThan(total);
    for (const order of necklaces.orders)
      expect(order.items.some((item) => item.listingId === NAME_NECKLACE)).toBe(true);

    const middle = orders[Math.floor(orders.length / 2)]!.createdAt;
    const since = await store.orders(ADA.shop_id, { from: middle }, { limit: 100, offset: 0 });
    expect(since.total).toBe(orders.filter((order) => order.createdAt >= middle).length);

    const answeredSage = await store.orders(ADA.shop_id, { search: "SAGE green" }, { limit: 100, offset: 0 });
    expect(answeredSage.total).toBeGreaterThan(0);
    for (const order of answeredSage.orders)
      expect(order.items.flatMap((item) => item.answers.map((answer) => answer.value))).toContain("sage green");
    const byNumber = await store.orders(ADA.shop_id, { search: "61005" }, { limit: 100, offset: 0 });
    expect(byNumber.orders.map((order) => order.receiptId)).toEqual([61005]);
    expect((await store.orders(ADA.shop_id, { search: "buyerName" }, { limit: 100, offset: 0 })).total).toBe(0);
    expect((await store.listings(ADA.shop_id)).find((listing) => listing.listingId === NAME_NECKLACE)).toMatchObject({
      orders: necklaces.total,
    });
    // The sandbox expects an item shipped three days after its order; the store keeps that date beside the item.
    const items = await store.items(ADA.shop_id, NAME_NECKLACE, 0);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.shipBy).toBe(item.createdAt + 3 * 24 * 3600);
  });

  it("learn of a cancellation without a webhook: the read of changes leaves it out, the was_canceled read since the oldest open order finds it, two requests a refresh", async () => {
    const placed = await sandboxControl(sandbox.url, "/orders", {
      listing_id: NAME_NECKLACE,
      buyer: { name: "Cancelling Buyer" },
      answers: [{ question_id: await necklaceQuestionId(), value: "Ivo" }],
    });
    expect(placed.status, placed.text).toBe(201);
    const receiptId = placed.body.receipt_id as number;
    await fillOrders(db, market, SELLER);
    const store = orderStore(db);
    expect((await store.kept(ADA.shop_id, [receiptId])).get(receiptId)?.life).toBe("open");
    const cancelled = await sandboxControl(sandbox.url, `/receipts/${receiptId}/cancel`, { reason: "buyer asked" });
    expect(cancelled.status, cancelled.text).toBe(200);

    const before = (await receiptReads()).length;
    expect((await readChangedOrders(db, market, SELLER, (await store.sync(ADA.shop_id))!)).ok).toBe(true);
    expect((await store.kept(ADA.shop_id, [receiptId])).get(receiptId)?.life).toBe("open");
    const read = await readCanceledOrders(db, market, SELLER);
    expect(read.ok && read.data).toBeGreaterThanOrEqual(1);
    const reads = (await receiptReads()).slice(before);
    expect(reads).toHaveLength(2);
    const kept = (await store.kept(ADA.shop_id, [receiptId])).get(receiptId)!;
    expect(kept.life).toBe("canceled");
    expect(isOpen(kept)).toBe(false);
    const open = await store.orders(ADA.shop_id, { openOnly: true }, { limit: 1000, offset: 0 });
    expect(open.orders.map((order) => order.receiptId)).not.toContain(receiptId);
  });
  describe("a paid order's read", () => {
    async function newShop() {
      const seller = await createSeller(sandbox.url, { listings: 1 });
      await storeSellerTokens(tokenStore(db), sandbox.url, seller.user_id, SCOPES);
      const shop = { userId: seller.user_id, shopId: seller.shop_id! };
      const place = async (name: string) =>
        (await sandboxControl(sandbox.url, "/orders", { listing_id: seller.listing_ids[0], buyer: { name } })).body
          .receipt_id as number;
      return { shop, place };
    }

    it("lists the orders placed since the oldest open one, cancelled ones included, in its one request: the next view asks for no cancellations, the view after does", async () => {
      const { shop, place } = await newShop();
      const open = await place("Open Buyer");
      const cancelling = await place("Cancelling Buyer");
      await fillOrders(db, market, shop);
      const cancelled = await sandboxControl(sandbox.url, `/receipts/${cancelling}/cancel`, { reason: "buyer asked" });
      expect(cancelled.status, cancelled.text).toBe(200);
      const sold = await place("Paid Later");

      const before = (await receiptReads()).length;
      expect(await keepReceipt(db, market, shop, sold)).toEqual({ ok: true, data: true });
      expect((await receiptReads()).slice(before).map((entry) => entry.path)).toEqual([
        `/v3/application/shops/${shop.shopId}/receipts`,
      ]);
      const kept = await orderStore(db).kept(shop.shopId, [open, cancelling, sold]);
      expect([open, cancelling, sold].map((id) => kept.get(id)?.life)).toEqual(["open", "canceled", "open"]);

      expect(takeSaleRead(db, shop.shopId, KEPT_FRESH_MS)).toBe(true);
      expect(takeSaleRead(db, shop.shopId, KEPT_FRESH_MS)).toBe(false);
    });

    it("serves no view more than KEPT_FRESH_MS after it", async () => {
      const { shop, place } = await newShop();
      await place("Open Buyer");
      await fillOrders(db, market, shop);
      expect(await keepReceipt(db, market, shop, await place("Paid Later"))).toEqual({ ok: true, data: true });
      expect(takeSaleRead(db, shop.shopId, KEPT_FRESH_MS, Date.now() + KEPT_FRESH_MS)).toBe(false);
    });

    it("reads the paid receipt alone where a page of orders or more was placed since the oldest open one, and then leaves the view its read of cancellations", async () => {
      const { shop, place } = await newShop();
      for (let index = 0; index < 100; index += 1) await place(`Buyer ${index}`);
      await fillOrders(db, market, shop);
      const sold = await place("Paid Later");
      const before = (await receiptReads()).length;
      expect(await keepReceipt(db, market, shop, sold)).toEqual({ ok: true, data: true });
      expect((await receiptReads()).slice(before).map((entry) => entry.path)).toEqual([
        `/v3/application/shops/${shop.shopId}/receipts/${sold}`,
      ]);
      expect(takeSaleRead(db, shop.shopId, KEPT_FRESH_MS)).toBe(false);
    });

    it("of a shop that had none at its fill is also found by the read of changes, in its one request", async () => {
      const { shop, place } = await newShop();
      await fillOrders(db, market, shop);
      const sold = await place("First Buyer");
      const before = (await receiptReads()).length;
      const changed = await readChangedOrders(db, market, shop, (await orderStore(db).sync(shop.shopId))!);
      expect(changed.ok).toBe(true);
      expect((await receiptReads()).length).toBe(before + 1);
      expect((await orderStore(db).kept(shop.shopId, [sold])).get(sold)?.life).toBe("open");
    });
  });
});

describe("the receipt reads of the marketplace client", () => {
  it("read one receipt and its transactions, and the shop's transactions, each answer with its question_id", async () => {
    const db = await openDatabase(":memory:");
    await storeSellerTokens(tokenStore(db), sandbox.url, ADA.user_id, SCOPES);
    const market = createMarketplace(sandboxMarketplaceConfig(sandbox.url), tokenStore(db));
    const receipt = await market.getShopReceipt(ADA.user_id, ADA.shop_id, 60001);
    expect(receipt.ok && receipt.data.items.map((item) => item.listingId)).toEqual([NAME_NECKLACE, 1_000_000_002]);
    expect(receipt.ok && receipt.data.items[0]?.shipBy).toBe(receipt.ok && receipt.data.createdAt + 3 * 24 * 3600);
    const items = await market.getShopReceiptTransactionsByReceipt(ADA.user_id, ADA.shop_id, 60001);
    expect(items.ok && items.data[0]?.answers).toEqual([
      { questionId: await necklaceQuestionId(), name: "Personalization", value: "Jane", optionId: null },
    ]);
    const byShop = await market.getShopReceiptTransactionsByShop(ADA.user_id, ADA.shop_id, { limit: 5, offset: 0 });
    expect(byShop.ok && byShop.data.items).toHaveLength(5);
    const missing = await market.getShopReceipt(ADA.user_id, ADA.shop_id, 60002);
    expect(missing).toMatchObject({ ok: false, failure: { kind: "not_found" } });
    await db.close();
  });
});
