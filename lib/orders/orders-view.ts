import "server-only";
import { db } from "../db";
import type { Database } from "../db/database";
import { historyStore } from "../history/history-store";
import { marketplace } from "../marketplace";
import type { Result } from "../marketplace/failure";
import type { Order } from "../marketplace/receipt-wire";
import type { Question } from "../marketplace/wire";
import { ensureFilled } from "../mirror/background";
import { mirrorStore } from "../mirror/mirror-store";
import { productionCheckOf } from "../production/answer-checks";
import { profileStore } from "../production/profile-store";
import { answeredOrders, type HistoryPoint } from "./asked-questions";
import { keptOrdersReady } from "./background";
import type { Seller } from "./kept-orders";
import { orderStore, type OrderFilter, type OrderSync } from "./order-store";
import { productionSheet, type SheetListing } from "./production-sheet";
import { inDueWindow, type DueFilter } from "./queue/queue-rows";
import { DAY, shipByOf, utcDayStart } from "./day";
import { questionStats, STATS_DAYS, type QuestionStats } from "./question-stats";

/** How long a view waits for a first fill before showing what is kept so far: a small shop's fill ends within it. */
export const FIRST_FILL_WAIT_MS = 3000;

const HISTORY_DEPTH = 200;

/**
 * Today's questions of these listings: the mirror's when the shop is mirrored; until then one batch read (100 ids a
 * request) while the mirror fills in the background, as the listings page does.
 */
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
  await ensureFilled(seller);
  const market = await marketplace();
  for (let start = 0; start < listingIds.length; start += 100) {
    const read = await market.getListingsByListingIds(seller.userId, listingIds.slice(start, start + 100));
    if (read.ok) for (const listing of read.data) today.set(listing.id, listing.questions);
  }
  return today;
}

const historyOf = (database: Database, seller: Seller, listingId: number): Promise<HistoryPoint[]> =>
  historyStore(database).list(seller.shopId, listingId, HISTORY_DEPTH);

export async function answered(database: Database, seller: Seller, orders: readonly Order[]) {
  const listingIds = [
    ...new Set(
      orders.flatMap((order) => order.items.flatMap((item) => (item.listingId === null ? [] : [item.listingId]))),
    ),
  ];
  const today = await questionsToday(database, seller, listingIds);
  const history = new Map<number, HistoryPoint[]>();
  for (const listingId of listingIds) history.set(listingId, await historyOf(database, seller, listingId));
  const profiles = await profileStore(database).forListings(seller.shopId, listingIds);
  return answeredOrders(
    orders,
    (listingId) => today.get(listingId),
    (listingId) => history.get(listingId) ?? [],
    productionCheckOf(seller.shopId, profiles),
  );
}

/** Beyond this many open orders the sheet is cut short and says so: narrow it by listing or date. */
export const SHEET_MAX_ORDERS = 2000;

export async function productionSheetView(
  seller: Seller,
  filter: OrderFilter,
  due: DueFilter | null = null,
): Promise<Result<{ sheet: SheetListing[]; orders: number; total: number; notPaid: number; sync: OrderSync }>> {
  // Printed to be made from: an order cancelled a minute ago must not be on it.
  const fresh = await keptOrdersReady(seller, FIRST_FILL_WAIT_MS, "now");
  if (!fresh.ok) return fresh;
  const database = await db();
  const kept = await orderStore(database).orders(
    seller.shopId,
    { ...filter, openOnly: true },
    { limit: SHEET_MAX_ORDERS, offset: 0 },
  );
  const today = utcDayStart(Date.now() / 1000);
  // The queue's due filter holds items, not orders: an order is on the sheet with its items in the window. An order in
  // payment review is open but not to be made until it is paid.
  const paid = kept.orders.filter((order) => order.paid && order.life !== "payment-review");
  const all = await answered(database, seller, paid);
  const orders = due
    ? all
        .map((order) => ({
          ...order,
          items: order.items.filter((item) => inDueWindow(due, shipByOf(order, item), today)),
        }))
        .filter((order) => order.items.length > 0)
    : all;
  return {
    ok: true,
    data: {
      sheet: productionSheet(orders),
      orders: orders.length,
      total: kept.total,
      notPaid: kept.orders.length - paid.length,
      sync: fresh.data,
    },
  };
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
  const since = Math.floor(Date.now() / 1000) - STATS_DAYS * DAY;
  const history = await historyOf(database, seller, listingId);
  return questionStats(await store.items(seller.shopId, listingId, since), today, history);
}
