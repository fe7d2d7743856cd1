import "server-only";
import type { Database } from "../db/database";
import type { Marketplace } from "../marketplace/client";
import { logger } from "../observability/logger";
import { carrierOf } from "./carriers";
import { orderStore } from "./order-store";
import { moveItems, NOT_FOUND, type ItemFacts } from "./queue/moves";
import { queueStore, type OwnedItem } from "./queue/queue-store";
import { itemFactsOf } from "./queue/queue-view";
import { refusalOf, stateOf } from "./queue/states";
import { DOWN_IN_A_ROW, SHIP_RECEIPTS_MAX, shipReceipts, type ShipSeller } from "./ship-receipts";
import { shipmentList } from "./shipment-list";
import { trackingCodeOf } from "./tracking-input";
import { waitingShipments } from "./waiting-shipments";
import type { Seller } from "../marketplace/wire";

// "Mark shipped" in the queue, from the form (a tracking code per order, the carrier chosen once) or a pasted list:
// an item moves to shipped only once the marketplace holds its order's shipment (ship-receipts.ts). The queue's own
// refusals and a bad code cost no request; a refused order is one sentence, and the rest of the batch ships.

/** What the kept orders say of each item (queue-view.ts reads them with their answers). */
export type FactsOf = (owned: OwnedItem[]) => Promise<Map<string, ItemFacts>>;

export type OrderShipment = { receiptId: number; carrierName?: string; trackingCode?: string };

/** `waiting`: items kept to ship when the marketplace answers again. */
export type ShipBatch = {
  done: string[];
  refused: { itemId?: string; reason: string }[];
  waiting: string[];
};

const TOO_MANY_ORDERS = `At most ${SHIP_RECEIPTS_MAX} orders can be marked shipped at once: tick fewer, then the next ones.`;
const NO_CARRIER = "it has a tracking code but no carrier: choose the carrier, then ship it again.";

/**
 * `refresh`: brings the kept orders up to date once something may be sent (an order cancelled since the page loaded
 * is then refused before anything goes); a batch the queue or a bad code refuses whole reads nothing.
 */
export type ShipOptions = { factsOf?: FactsOf; refresh?: () => Promise<unknown> };

/** The items among `itemIds` the queue lets ship, by order; the others refused with the queue's sentence. */
function judged(
  itemIds: Iterable<string>,
  owned: Map<string, OwnedItem>,
  facts: Map<string, ItemFacts>,
  batch: ShipBatch,
) {
  const byReceipt = new Map<number, OwnedItem[]>();
  for (const itemId of itemIds) {
    const item = owned.get(itemId);
    const known = facts.get(itemId);
    const reason = !item || !known ? NOT_FOUND(itemId) : refusalOf("shipped", stateOf(item.row, known), known.name);
    if (reason) batch.refused.push({ itemId, reason });
    else byReceipt.set(item!.receiptId, [...(byReceipt.get(item!.receiptId) ?? []), item!]);
  }
  return byReceipt;
}

/** The ticked items' orders shipped, each with its tracking code where one is given. */
export async function shipOrders(
  database: Database,
  marketplace: Marketplace,
  seller: ShipSeller,
  order: { itemIds: readonly string[]; shipments: readonly OrderShipment[] },
  { factsOf = itemFactsOf(database, seller), refresh }: ShipOptions = {},
): Promise<ShipBatch | { refusal: string }> {
  const owned = await queueStore(database).owned(seller.shopId, order.itemIds);
  let facts = await factsOf([...owned.values()]);
  const batch: ShipBatch = { done: [], refused: [], waiting: [] };
  let byReceipt = judged(new Set(order.itemIds), owned, facts, batch);
  if (byReceipt.size > SHIP_RECEIPTS_MAX) return { refusal: TOO_MANY_ORDERS };
  const refuseOrder = (receiptId: number, reason: string) => {
    for (const item of byReceipt.get(receiptId) ?? [])
      batch.refused.push({ itemId: item.itemId, reason: `Order ${receiptId}: ${reason}` });
    byReceipt.delete(receiptId);
  };
  const tracking = [];
  const given = new Map(order.shipments.map((shipment) => [shipment.receiptId, shipment]));
  for (const receiptId of [...byReceipt.keys()]) {
    const shipment = given.get(receiptId);
    if (!shipment?.trackingCode?.trim()) continue;
    const code = trackingCodeOf(shipment.trackingCode);
    const carrier = shipment.carrierName ? carrierOf(shipment.carrierName) : undefined;
    if ("refusal" in code) refuseOrder(receiptId, code.refusal);
    else if (!carrier) refuseOrder(receiptId, NO_CARRIER);
    else tracking.push({ receiptId, carrierName: carrier.value, trackingCode: code.code });
  }
  if (byReceipt.size === 0) return batch;
  if (refresh) {
    await refresh();
    facts = await factsOf([...owned.values()]);
    // Shipped since it was judged (a second click, another tab): the marketplace holds it shipped, as asked.
    const ids = [...byReceipt.values()].flat().map((item) => item.itemId);
    const shippedSince = ids.filter((itemId) => {
      const known = facts.get(itemId);
      return known !== undefined && stateOf(owned.get(itemId)!.row, known) === "shipped";
    });
    batch.done.push(...shippedSince);
    byReceipt = judged(
      ids.filter((itemId) => !shippedSince.includes(itemId)),
      owned,
      facts,
      batch,
    );
    if (byReceipt.size === 0) return batch;
  }
  const sent = await shipReceipts(database, marketplace, seller, { receiptIds: [...byReceipt.keys()], tracking });
  if (!sent.ok) return { refusal: sent.refusal };
  const landed: string[] = [];
  for (const outcome of sent.data) {
    const items = byReceipt.get(outcome.receiptId) ?? [];
    if (outcome.shipped) landed.push(...items.map((item) => item.itemId));
    else if (outcome.waiting) {
      const entry = tracking.find((one) => one.receiptId === outcome.receiptId);
      await waitingShipments(database).keep({
        shopId: seller.shopId,
        userId: seller.userId,
        receiptId: outcome.receiptId,
        ...(entry && { tracking: { carrierName: entry.carrierName, trackingCode: entry.trackingCode } }),
        itemIds: items.map((item) => item.itemId),
      });
      batch.waiting.push(...items.map((item) => item.itemId));
      refuseOrder(outcome.receiptId, outcome.reason);
    } else refuseOrder(outcome.receiptId, outcome.reason);
  }
  const shipped = sent.data.filter((one) => one.shipped).map((one) => one.receiptId);
  await waitingShipments(database).done(seller.shopId, shipped);
  const moved = await moveShipped(database, seller, landed, facts);
  return { ...batch, done: [...batch.done, ...moved.done], refused: [...batch.refused, ...moved.refused] };
}

/** Judged as the items stood before the shipment, which now shows their receipt shipped. */
async function moveShipped(database: Database, mover: Seller, itemIds: string[], facts: Map<string, ItemFacts>) {
  const moved = await moveItems(database, mover, "shipped", itemIds, async () => facts);
  // A second Mark shipped at once waited for the first one's shipment (sent once), which moved the item: shipped too.
  const now = await queueStore(database).owned(
    mover.shopId,
    moved.refused.map((item) => item.itemId),
  );
  const shipped = (itemId: string) => now.get(itemId)?.row?.state === "shipped";
  return {
    done: [...moved.done, ...moved.refused.filter((item) => shipped(item.itemId)).map((item) => item.itemId)],
    refused: moved.refused.filter((item) => !shipped(item.itemId)),
  };
}

/**
 * A pasted or uploaded list: each line an order of the shop's queue with a known carrier and a clean code, or refused
 * by its number; the orders it names are shipped as the form's are, every item of each that can ship.
 */
export async function shipList(
  database: Database,
  marketplace: Marketplace,
  seller: ShipSeller,
  text: string,
  options: ShipOptions = {},
): Promise<ShipBatch | { refusal: string }> {
  const list = shipmentList(text);
  if (!list.ok) return { refusal: list.refusal };
  if (list.shipments.length > SHIP_RECEIPTS_MAX)
    return {
      refusal: `The list names ${list.shipments.length} orders: at most ${SHIP_RECEIPTS_MAX} are shipped at once, so split it and ship each part.`,
    };
  const kept = await orderStore(database).kept(
    seller.shopId,
    list.shipments.map((one) => one.receiptId),
  );
  const remakes = await queueStore(database).rows(seller.shopId);
  const refused: ShipBatch["refused"] = list.refused.map((line) => ({ reason: line.reason }));
  const itemIds: string[] = [];
  const lineOf = new Map<number, number>();
  for (const shipment of list.shipments) {
    const order = kept.get(shipment.receiptId);
    if (!order) {
      refused.push({
        reason: `Line ${shipment.line}, order ${shipment.receiptId}: it is not an order of your shop in the queue, so nothing was sent for it. Check the number; a new order shows in the queue once Orders has read it.`,
      });
      continue;
    }
    lineOf.set(shipment.receiptId, shipment.line);
    itemIds.push(
      ...order.items.map((item) => String(item.transactionId)),
      ...remakes.filter((row) => row.receiptId === order.receiptId && row.state !== "shipped").map((row) => row.itemId),
    );
  }
  if (itemIds.length === 0) return { done: [], refused, waiting: [] };
  const shipped = await shipOrders(database, marketplace, seller, { itemIds, shipments: list.shipments }, options);
  if ("refusal" in shipped) return shipped;
  // Each sentence names its line, as the seller reads the list.
  const withLine = (reason: string) => {
    const receiptId = Number(/order (\d+)/i.exec(reason)?.[1]);
    if (!lineOf.has(receiptId)) return reason;
    const line = `Line ${lineOf.get(receiptId)}`;
    return reason.startsWith(`Order ${receiptId}: `)
      ? `${line}, order ${reason.slice("Order ".length)}`
      : `${line}: ${reason}`;
  };
  return {
    ...shipped,
    refused: [...refused, ...shipped.refused.map((one) => ({ ...one, reason: withLine(one.reason) }))],
  };
}

/** The background sends a few at a time, oldest first, through the shared pacer. */
const WAITING_PER_ROUND = 20;

/**
 * The shipments kept while the marketplace did not answer, sent now: shipped, their items move; refused, the queue
 * row says why; still unanswered, they wait for the next round.
 */
export async function sendWaitingShipments(
  database: Database,
  marketplace: Marketplace,
  factsOf: (seller: Seller) => FactsOf = (seller) => itemFactsOf(database, seller),
) {
  const store = waitingShipments(database);
  let unanswered = 0;
  for (const waiting of await store.toSend(WAITING_PER_ROUND)) {
    const seller = { userId: waiting.userId, shopId: waiting.shopId };
    const owned = await queueStore(database).owned(seller.shopId, waiting.itemIds);
    const facts = await factsOf(seller)([...owned.values()]);
    // The permission was checked when it was kept; one withdrawn since is refused by the marketplace (403).
    const sent = await shipReceipts(
      database,
      marketplace,
      { ...seller, scopes: ["transactions_w"] },
      {
        receiptIds: [waiting.receiptId],
        tracking: waiting.tracking && [{ receiptId: waiting.receiptId, ...waiting.tracking }],
      },
    );
    const outcome = sent.ok ? sent.data[0] : undefined;
    if (outcome?.shipped) {
      await moveShipped(database, seller, waiting.itemIds, facts);
      await store.done(seller.shopId, [waiting.receiptId]);
      logger().info({ msg: "a waiting shipment was sent", shopId: seller.shopId, receiptId: waiting.receiptId });
      continue;
    }
    if (outcome && "waiting" in outcome) {
      unanswered += 1;
      if (unanswered >= DOWN_IN_A_ROW) return;
      continue;
    }
    unanswered = 0;
    const reason = outcome && !outcome.shipped ? outcome.reason : !sent.ok ? sent.refusal : "not sent.";
    await store.refused(seller.shopId, waiting.receiptId, reason);
  }
}
