import "server-only";
import { sellerDay, type SellerDay } from "../day";
import { db } from "../../db";
import { purchaseUrl } from "../../marketplace/config";
import { marketplaceNowMs } from "../../marketplace/marketplace-date";
import type { Database } from "../../db/database";
import type { Result } from "../../marketplace/failure";
import { keptOrdersReady, type KeptOrders } from "../background";
import type { Seller } from "../../marketplace/wire";
import { orderStore, type OrderFilter } from "../order-store";
import { answered, FIRST_FILL_WAIT_MS } from "../orders-view";
import { isFlagged, itemName, queueItems, type QueueCounts, type QueueFilter, type QueueItem } from "./queue-rows";
import { queueStore, type OwnedItem } from "./queue-store";
import { settleDeadlines, type ItemFacts } from "./moves";
import { WAITING } from "../ship-receipts";
import { waitingShipments } from "../waiting-shipments";
import type { OnDeadline, QueueRow } from "./states";

/** Beyond this many orders the queue reads no further and says so: narrow it by listing, date or search. */
export const QUEUE_MAX_ORDERS = 10_000;

export type QueueView = {
  sync: KeptOrders;
  items: QueueItem[];
  counts: QueueCounts;
  /** The whole filtered queue's item ids due today, for "Select all due today" across pages. */
  dueTodayIds: string[];
  cut: boolean;
  /** The seller's today, in their time zone. */
  day: SellerDay;
  listings: { listingId: number; title: string; orders: number }[];
  /** Unix seconds on the marketplace's clock, which a wait's deadline is judged on. */
  marketplaceNow: number;
  /** The seller's defaults for "Ask the buyer". */
  wait: { waitDays: number; onDeadline: OnDeadline };
  /** The carrier the seller last shipped with, which the shipping form opens on. */
  carrier: string | null;
};

/**
 * The shop's orders with their answers and queue rows. Remakes of a receipt no longer open, and items made of a
 * receipt cancelled since (flagged so the seller stops), still belong to an open queue: their receipts are read
 * beside the open ones.
 */
async function keptQueueOrders(database: Database, shopId: number, filter: OrderFilter & { openOnly: boolean }) {
  const orders = orderStore(database);
  const rows = await queueStore(database).rows(shopId);
  const kept = await orders.orders(shopId, filter, { limit: QUEUE_MAX_ORDERS, offset: 0 });
  const read = new Set(kept.orders.map((order) => order.receiptId));
  const worked = (row: QueueRow) => row.remakeOf !== null || row.state === "made";
  const remade = [
    ...new Set(rows.filter((row) => worked(row) && !read.has(row.receiptId)).map((row) => row.receiptId)),
  ];
  const all = [...kept.orders];
  if (filter.openOnly && remade.length > 0) {
    const page = { limit: remade.length, offset: 0 };
    all.push(...(await orders.orders(shopId, { ...filter, openOnly: false, receiptIds: remade }, page)).orders);
  }
  return { orders: all, rows, cut: kept.total > kept.orders.length };
}

const OPEN_QUEUE = { due: null, openOnly: true, state: null } as const;

/**
 * How many items are due today and overdue in the seller's days, from the kept orders alone (the landing page asks
 * the marketplace nothing for it): null until the shop's orders are kept. What buyers answered does not move a day.
 */
export async function dueCounts(shopId: number, now = Date.now() / 1000): Promise<QueueCounts | null> {
  const database = await db();
  if (!(await orderStore(database).sync(shopId))) return null;
  const read = await keptQueueOrders(database, shopId, OPEN_QUEUE);
  const unanswered = read.orders.map((order) => ({
    ...order,
    flagged: 0,
    items: order.items.map((item) => ({ ...item, questions: [] })),
  }));
  const timeZone = await queueStore(database).timeZone(shopId);
  return queueItems(unanswered, read.rows, OPEN_QUEUE, now, timeZone).counts;
}

/** The seller's time zone, which their days (due today, the date filter) are counted in. */
export const sellerTimeZone = async (shopId: number) => queueStore(await db()).timeZone(shopId);

export async function queueView(
  seller: Seller,
  filter: OrderFilter & QueueFilter,
  page: { limit: number; offset: number },
  now = Date.now() / 1000,
  reads: "if-stale" | "now" = "if-stale",
): Promise<Result<QueueView>> {
  const fresh = await keptOrdersReady(seller, FIRST_FILL_WAIT_MS, reads);
  if (!fresh.ok) return fresh;
  const database = await db();
  const marketplaceNow = Math.floor(marketplaceNowMs() / 1000);
  await settleDeadlines(database, seller.shopId, marketplaceNow, itemFactsOf(database, seller));
  const read = await keptQueueOrders(database, seller.shopId, filter);
  const orders = await answered(database, seller, read.orders);
  const timeZone = await queueStore(database).timeZone(seller.shopId);
  const { items, counts } = queueItems(orders, read.rows, filter, now, timeZone);
  const waiting = new Map<string, string>();
  for (const shipment of await waitingShipments(database).ofShop(seller.shopId))
    for (const itemId of shipment.itemIds)
      waiting.set(itemId, shipment.refusal ? `Not sent when the marketplace answered: ${shipment.refusal}` : WAITING);
  const dueToday =
    filter.due === "today" ? items : queueItems(orders, read.rows, { ...filter, due: "today" }, now, timeZone).items;
  return {
    ok: true,
    data: {
      sync: fresh.data,
      items: items.slice(page.offset, page.offset + page.limit).map((item) => ({
        ...item,
        orderUrl: purchaseUrl(item.receiptId),
        ...(waiting.has(item.itemId) && item.state !== "shipped" && { shipmentWaiting: waiting.get(item.itemId) }),
      })),
      counts,
      dueTodayIds: dueToday.map((item) => item.itemId),
      cut: read.cut,
      day: sellerDay(now, timeZone),
      listings: await orderStore(database).listings(seller.shopId),
      marketplaceNow,
      wait: await queueStore(database).settings(seller.shopId),
      carrier: await queueStore(database).carrier(seller.shopId),
    },
  };
}

/** What the orders say of each item a move names: read from the kept receipts of the seller's own shop. */
export function itemFactsOf(database: Database, seller: Seller) {
  return async (owned: OwnedItem[]): Promise<Map<string, ItemFacts>> => {
    const kept = await orderStore(database).kept(seller.shopId, [...new Set(owned.map((item) => item.receiptId))]);
    const orders = await answered(database, seller, [...kept.values()]);
    const facts = new Map<string, ItemFacts>();
    for (const item of owned) {
      const order = orders.find((candidate) => candidate.receiptId === item.receiptId);
      const bought = order?.items.find((candidate) => candidate.transactionId === item.transactionId);
      if (!order || !bought) continue;
      facts.set(item.itemId, {
        flagged: isFlagged(bought),
        receiptShipped: order.shipped,
        life: order.life,
        buyerNote: Boolean(order.messageFromBuyer),
        name: itemName(bought.title, order.receiptId, item.row?.remakeOf ? item.itemId : null),
        processingDays: bought.processingDays ?? null,
      });
    }
    return facts;
  };
}
