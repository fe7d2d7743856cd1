import "server-only";
import { db } from "../db";
import type { Database } from "../db/database";
import { historyStore } from "../history/history-store";
import { marketplace } from "../marketplace";
import type { Order } from "../marketplace/receipt-wire";
import type { Question } from "../marketplace/wire";
import { ensureFilled } from "../mirror/background";
import { mirrorStore } from "../mirror/mirror-store";
import { productionCheckOf } from "../production/answer-checks";
import { profileStore } from "../production/profile-store";
import { answeredOrders, type HistoryPoint } from "./asked-questions";
import type { Seller } from "../marketplace/wire";
import { orderStore } from "./order-store";
import { DAY } from "./day";
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
