import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { eachEngine } from "../../test/harness/each-engine";
import { sandboxControl, type CreatedSeller } from "../../test/harness/sandbox";
import { openDatabase, type Database } from "../db/database";
import { shopMirror, type ShopMirror } from "../mirror/shop-mirror";
import { MIRROR_TABLES, outsideEdit, signedInSeller } from "../../test/harness/mirror-shop";
import { processEvent, receiveWebhook, TOO_LARGE } from "./webhook";
import { tokenStore } from "../tokens/token-store";
import { storeSellerTokens } from "../../test/harness/seller-marketplace";
import { fillOrders } from "../orders/kept-orders";
import type { Marketplace } from "../marketplace/client";
import { historyStore } from "../history/history-store";
import { snapshotOfForm } from "../personalization/snapshot-codec";
import { changeListing } from "../writes/recorded-write";
import { orderStore } from "../orders/order-store";

const sandbox = useSeededSandbox();
const SECRET = `whsec_${Buffer.from("a signing secret of thirty-two b").toString("base64")}`;

function delivery(
  event: Record<string, unknown>,
  options: { id?: string; at?: Date; secret?: string; body?: string } = {},
) {
  const id = options.id ?? `msg_${randomUUID()}`;
  const at = options.at ?? new Date();
  const body = JSON.stringify(event);
  const signature = new Webhook(options.secret ?? SECRET).sign(id, at, body);
  const headers = new Headers({
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signature,
  });
  return { body: options.body ?? body, headers };
}

/** The body as the live marketplace sends it (docs/marketplace.md §14). */
const liveEvent = (eventType: string, listingId: number, shopId: number | string | undefined) => ({
  event_type: eventType,
  resource_url: `https://openapi.example/v3/application/listings/${listingId}`,
  ...(shopId !== undefined && { shop_id: shopId }),
});

/** An order.paid as the live marketplace sends it (docs/marketplace.md §16.5): the receipt named under its shop. */
const paidEvent = (shopId: number, receiptId: number, bodyShopId: number | string = shopId) => ({
  event_type: "order.paid",
  resource_url: `https://openapi.example/v3/application/shops/${shopId}/receipts/${receiptId}`,
  shop_id: bodyShopId,
});

async function placeOrder(listingId: number, buyer: string) {
  const placed = await sandboxControl(sandbox.url, "/orders", { listing_id: listingId, buyer: { name: buyer } });
  expect(placed.status, placed.text).toBe(201);
  return placed.body.receipt_id as number;
}

const receiptReads = async () =>
  ((await sandboxControl(sandbox.url, "/requests")).body.requests as { path: string }[]).filter((entry) =>
    entry.path.includes("/receipts"),
  ).length;

describe.each(eachEngine())("marketplace webhooks on %s", (_engine, location) => {
  let db: Database;
  let mirror: ShopMirror;
  let seller: CreatedSeller;
  let listingId: number;
  let event: Record<string, unknown>;
  let marketplace: Marketplace;

  const receive = (sent: ReturnType<typeof delivery>) => receiveWebhook(sent, { secret: SECRET, mirror });
  const mirroredInstructions = async (id = listingId) =>
    (await mirror.store.listing(id))!.listing.questions[0]?.instructions ?? null;

  async function mirroredSeller() {
    const { marketplace: market, ...signedIn } = await signedInSeller(sandbox.url, db, 3);
    marketplace = market;
    mirror = shopMirror(db, marketplace);
    await mirror.fill({ userId: signedIn.seller.user_id, shopId: signedIn.seller.shop_id! });
    return signedIn.seller;
  }

  beforeEach(async () => {
    db = await openDatabase(location());
    for (const table of [...MIRROR_TABLES, "shop_orders", "shop_order_items", "order_syncs"])
      await db.execute(`DELETE FROM ${table}`);
    seller = await mirroredSeller();
    listingId = seller.listing_ids[0]!;
    await outsideEdit(sandbox.url, seller, listingId, "Engraving text");
    event = liveEvent("listing.updated", listingId, seller.shop_id!);
    return () => db.close();
  });

  it("a signed, fresh delivery of the live body is answered at once and its work brings the change into the mirror and the inbox", async () => {
    const answer = await receive(delivery(event));
    expect(answer.status).toBe(202);
    expect(answer.event).toMatchObject({ type: "listing.updated", listingId, shopId: seller.shop_id });
    expect(await mirroredInstructions()).toBeNull();
    await processEvent(answer.event!, { mirror });
    expect(await mirroredInstructions()).toBe("Engraving text");
    expect(await mirror.store.changes(seller.shop_id!)).toMatchObject([{ listingId, foundBy: "webhook" }]);
  });

  it("reads shop_id given as a string, and ignores fields it does not know", async () => {
    const answer = await receive(
      delivery({ ...liveEvent("listing.updated", listingId, String(seller.shop_id)), data: null, version: 2 }),
    );
    expect([answer.status, answer.event]).toEqual([
      202,
      expect.objectContaining({ listingId, shopId: seller.shop_id }),
    ]);
  });

  it("acknowledges an event type it does not handle with 200 and a log line, and acts on nothing", async () => {
    const answer = await receive(delivery({ ...event, event_type: "receipt.created" }));
    expect([answer.status, answer.event]).toEqual([200, undefined]);
    expect(answer.log).toMatchObject({ level: "info", eventType: "receipt.created" });
  });

  it("acknowledges a listing event it cannot read with a warning, never a silent success", async () => {
    const shapes = [
      { event_type: "listing.updated", shop_id: seller.shop_id },
      { event_type: "listing.updated", resource_url: "https://openapi.example/v3/application/shops/1" },
      { event_type: "listing.updated", data: { listing_id: listingId } },
      { resource_url: event.resource_url },
      { event_type: "order.paid", resource_url: event.resource_url, shop_id: seller.shop_id },
    ];
    for (const shape of shapes) {
      const answer = await receive(delivery(shape));
      expect([answer.status, answer.event, answer.log?.level]).toEqual([200, undefined, "warn"]);
    }
  });

  it("refuses a forged signature and changes nothing", async () => {
    const answer = await receive(
      delivery(event, { id: "msg_forged", secret: `whsec_${Buffer.from("another secret").toString("base64")}` }),
    );
    expect([answer.status, answer.event]).toEqual([401, undefined]);
    expect(await mirroredInstructions()).toBeNull();
    // Not even its id was kept: the genuine delivery with that id is still taken.
    expect((await receive(delivery(event, { id: "msg_forged" }))).status).toBe(202);
  });

  it("refuses a body changed after signing", async () => {
    const sent = delivery(event, { body: JSON.stringify(liveEvent("listing.deleted", 1, 1)) });
    expect((await receive(sent)).status).toBe(401);
  });

  it("refuses a timestamp over 5 minutes old and changes nothing", async () => {
    const answer = await receive(delivery(event, { id: "msg_stale", at: new Date(Date.now() - 6 * 60_000) }));
    expect([answer.status, answer.event]).toEqual([401, undefined]);
    expect(await mirroredInstructions()).toBeNull();
    expect(await mirror.store.changes(seller.shop_id!)).toEqual([]);
    expect((await receive(delivery(event, { id: "msg_stale" }))).status).toBe(202);
  });

  it("acknowledges a webhook-id received before with 200 and hands nothing on to process", async () => {
    const sent = delivery(event);
    await processEvent((await receive(sent)).event!, { mirror });
    const changes = await mirror.store.changes(seller.shop_id!);
    const again = await receive(sent);
    expect([again.status, again.error, again.event]).toEqual([200, undefined, undefined]);
    expect(await mirror.store.changes(seller.shop_id!)).toEqual(changes);
  });

  it("refuses a body over 64 kB before checking it, and keeps nothing of it", async () => {
    const padded = { ...event, padding: "x".repeat(64 * 1024) };
    const answer = await receive(delivery(padded, { id: "msg_large" }));
    expect([answer.status, answer.error, answer.event]).toEqual([413, TOO_LARGE, undefined]);
    expect((await receive(delivery(event, { id: "msg_large" }))).status).toBe(202);
  });

  it("refuses everything when no secret is set", async () => {
    expect((await receiveWebhook(delivery(event), { secret: undefined, mirror })).status).toBe(404);
  });

  it("processing the same event twice changes nothing more", async () => {
    const parsed = (await receive(delivery(event))).event!;
    await processEvent(parsed, { mirror });
    const once = {
      listing: await mirror.store.listing(listingId),
      changes: await mirror.store.changes(seller.shop_id!),
    };
    await processEvent(parsed, { mirror });
    expect(await mirror.store.listing(listingId)).toEqual(once.listing);
    expect(await mirror.store.changes(seller.shop_id!)).toEqual(once.changes);
    expect(once.changes).toHaveLength(1);
  });

  it("the event of the dashboard's own write reads nothing, and the next event of that listing is read", async () => {
    const own = seller.listing_ids[1]!;
    const changer = { userId: seller.user_id, shopId: seller.shop_id! };
    const target = snapshotOfForm({ instructions: "Written here", maxAllowedCharacters: 30, required: false });
    const written = await changeListing(historyStore(db), marketplace, {
      changer,
      listingId: own,
      target,
      action: "save",
    });
    expect(written.ok).toBe(true);
    const listingReads = async () =>
      ((await sandboxControl(sandbox.url, "/requests")).body.requests as { path: string }[]).filter(
        (entry) => entry.path === `/v3/application/listings/${own}`,
      ).length;
    const before = await listingReads();

    await processEvent((await receive(delivery(liveEvent("listing.updated", own, seller.shop_id!)))).event!, {
      mirror,
    });
    expect(await listingReads()).toBe(before);
    expect(await mirroredInstructions(own)).toBe("Written here");

    await outsideEdit(sandbox.url, seller, own, "Changed in Shop Manager");
    await processEvent((await receive(delivery(liveEvent("listing.updated", own, seller.shop_id!)))).event!, {
      mirror,
    });
    expect(await listingReads()).toBe(before + 1);
    expect(await mirroredInstructions(own)).toBe("Changed in Shop Manager");
    expect(await mirror.store.changes(seller.shop_id!)).toMatchObject([{ listingId: own, foundBy: "webhook" }]);
  });

  it("listing.deleted takes the listing out of the mirror once the marketplace answers 404 for it", async () => {
    expect((await sandboxControl(sandbox.url, `/listings/${listingId}`, undefined, "DELETE")).status).toBe(204);
    const answer = await receive(delivery(liveEvent("listing.deleted", listingId, seller.shop_id!)));
    await processEvent(answer.event!, { mirror });
    expect(await mirror.store.listing(listingId)).toBeNull();
  });

  it("a signed listing.deleted naming another mirrored shop's listing leaves it to its owner, as the marketplace still shows it", async () => {
    const other = await mirroredSeller();
    const theirs = seller.listing_ids[1]!;
    for (const shopId of [other.shop_id!, seller.shop_id!, undefined]) {
      const answer = await receive(delivery(liveEvent("listing.deleted", theirs, shopId)));
      await processEvent(answer.event!, { mirror });
      expect((await mirror.store.listing(theirs))?.listing.shopId).toBe(seller.shop_id);
    }
  });

  it("an event for a listing the mirror does not hold, of a shop it does not mirror, reads nothing and keeps nothing", async () => {
    const answer = await receive(delivery(liveEvent("listing.created", 9_999_999_999, 12_345)));
    await processEvent(answer.event!, { mirror });
    expect(await mirror.store.listing(9_999_999_999)).toBeNull();
  });

  describe("order.paid", () => {
    const keptOrders = async (shopId = seller.shop_id!) =>
      (await orderStore(db).orders(shopId, {}, { limit: 100, offset: 0 })).orders;

    async function keepOrdersOf(kept: CreatedSeller) {
      await storeSellerTokens(tokenStore(db), sandbox.url, kept.user_id, [
        "listings_r",
        "listings_w",
        "shops_r",
        "transactions_r",
      ]);
      expect(await fillOrders(db, mirror.marketplace, { userId: kept.user_id, shopId: kept.shop_id! })).toMatchObject({
        ok: true,
      });
    }

    it("is answered at once, and its work brings the paid receipt, as the marketplace answers it, into the shop's kept orders once", async () => {
      await keepOrdersOf(seller);
      const receiptId = await placeOrder(listingId, "Webhook Buyer");
      const sent = delivery(paidEvent(seller.shop_id!, receiptId, String(seller.shop_id)));
      const answer = await receive(sent);
      expect([answer.status, answer.event]).toEqual([
        202,
        expect.objectContaining({ type: "order.paid", shopId: seller.shop_id, receiptId }),
      ]);
      expect(await keptOrders()).toEqual([]);
      await processEvent(answer.event!, { mirror });
      expect(await keptOrders()).toMatchObject([{ receiptId, buyerName: "Webhook Buyer", paid: true, shipped: false }]);

      expect([(await receive(sent)).status, (await receive(sent)).event]).toEqual([200, undefined]);
      await processEvent(answer.event!, { mirror });
      expect(await keptOrders()).toHaveLength(1);
    });

    it("keeps nothing for a receipt of another shop named under a kept shop, and reads nothing for a shop whose orders are not kept", async () => {
      await keepOrdersOf(seller);
      const other = await mirroredSeller();
      const theirs = await placeOrder(other.listing_ids[0]!, "Another Shop's Buyer");
      const reads = await receiptReads();

      await processEvent((await receive(delivery(paidEvent(seller.shop_id!, theirs)))).event!, { mirror });
      expect(await keptOrders()).toEqual([]);
      expect(await receiptReads()).toBe(reads + 1);

      await processEvent((await receive(delivery(paidEvent(other.shop_id!, theirs)))).event!, { mirror });
      expect(await keptOrders(other.shop_id!)).toEqual([]);
      expect(await receiptReads()).toBe(reads + 1);
    });
  });
});
