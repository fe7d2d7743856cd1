import "server-only";
import { db } from "../db";
import type { Database } from "../db/database";
import { historyStore } from "../history/history-store";
import { marketplace } from "../marketplace";
import type { Result } from "../marketplace/failure";
import type { Order } from "../marketplace/receipt-wire";
import type { Question } from "../marketplace/wire";
import { mirrorStore } from "../mirror/mirror-store";
import { answeredOrders, type AnsweredOrder, type HistoryPoint } from "./asked-questions";
import { bringOrdersUpToDate, type Seller } from "./kept-orders";
import { orderStore, type OrderFilter } from "./order-store";
import { productionSheet, type SheetListing } from "./production-sheet";
import { questionStats, STATS_DAYS, type QuestionStats } from "./question-stats";

export type OrdersView = {
  total: number;
  open: number;
  orders: AnsweredOrder[];
  listings: { listingId: number; title: string; orders: number }[];
};

const HISTORY_DEPTH = 200;

/** Today's questions of these listings: the mirror's when the shop is mirrored, else one batch read (100 ids a request). */
async function questionsToday(database: Database, seller: Seller, listingIds: number[]) {
  const today = new Map<number, Question[]>();
  const mirror = mirrorStore(database);
  if ((await mirror.shop(seller.shopId))?.status === "filled") {
    for (const listingId of listingIds) {
      const kept = await mirror.listing(listingId);
      if (kept) today.set(listingId, kept.listing.questions);
    }
    return today;
  }
  const market = await marketplace();
  for (let start = 0; start < listingIds.length; start += 100) {
    const read = await market.getListingsByListingIds(seller.userId, listingIds.slice(start, start + 100));
    if (read.ok) for (const listing of read.data) today.set(listing.id, listing.questions);
  }
  return today;
}

export async function answered(database: Database, seller: Seller, orders: readonly Order[]) {
  const listingIds = [
    ...new Set(
      orders.flatMap((order) => order.items.flatMap((item) => (item.listingId === null ? [] : [item.listingId]))),
    ),
  ];
  const today = await questionsToday(database, seller, listingIds);
  const history = new Map<number, HistoryPoint[]>();
  const store = historyStore(database);
  for (const listingId of listingIds)
    history.set(
      listingId,
      (await store.list(seller.shopId, listingId, HISTORY_DEPTH)).map((entry) => ({
        recordedAt: entry.recordedAt,
        previous: entry.previous,
      })),
    );
  return answeredOrders(
    orders,
    (listingId) => today.get(listingId),
    (listingId) => history.get(listingId) ?? [],
  );
}

export async function ordersView(
  seller: Seller,
  filter: OrderFilter,
  page: { limit: number; offset: number },
): Promise<Result<OrdersView>> {
  const database = await db();
  const fresh = await bringOrdersUpToDate(database, await marketplace(), seller);
  if (!fresh.ok) return fresh;
  const store = orderStore(database);
  const kept = await store.orders(seller.shopId, filter, page);
  return {
    ok: true,
    data: {
      total: kept.total,
      open: kept.open,
      orders: await answered(database, seller, kept.orders),
      listings: await store.listings(seller.shopId),
    },
  };
}

/** Beyond this many open orders the sheet is cut short and says so: narrow it by listing or date. */
export const SHEET_MAX_ORDERS = 2000;

export async function productionSheetView(
  seller: Seller,
  filter: OrderFilter,
): Promise<Result<{ sheet: SheetListing[]; orders: number; total: number }>> {
  const database = await db();
  const fresh = await bringOrdersUpToDate(database, await marketplace(), seller);
  if (!fresh.ok) return fresh;
  const kept = await orderStore(database).orders(
    seller.shopId,
    { ...filter, openOnly: true },
    { limit: SHEET_MAX_ORDERS, offset: 0 },
  );
  const orders = await answered(database, seller, kept.orders);
  return { ok: true, data: { sheet: productionSheet(orders), orders: orders.length, total: kept.total } };
}

/** Null until the shop's orders are kept (the Orders page reads them): the editor itself asks the marketplace nothing. */
export async function keptQuestionStats(
  seller: Seller,
  listingId: number,
  today: readonly Question[],
): Promise<Record<number, QuestionStats> | null> {
  const database = await db();
  const store = orderStore(database);
  if (!(await store.sync(seller.shopId))?.filled) return null;
  const since = Math.floor(Date.now() / 1000) - STATS_DAYS * 24 * 3600;
  const history = (await historyStore(database).list(seller.shopId, listingId, HISTORY_DEPTH)).map((entry) => ({
    recordedAt: entry.recordedAt,
    previous: entry.previous,
  }));
  return questionStats(await store.items(seller.shopId, listingId, since), today, history);
}
