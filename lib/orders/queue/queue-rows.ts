import { formatMoney } from "../../marketplace/money";
import { DEFAULT_TIME_ZONE, sellerDay, shipByOf, type SellerDay } from "../day";
import { printFlags, type AnswerFlag } from "../answer-flags";
import type { AnsweredItem, AnsweredOrder } from "../asked-questions";
import type { Refund } from "../../marketplace/receipt-wire";
import { stateOf, type OnDeadline, type QueueRow, type QueueState, type Review } from "./states";

// The queue as the Orders page shows it: one row per item (and per remake), sorted by when it must ship, oldest first.

export type DueFilter = "today" | "overdue" | "week";

/** `deadline`: the items waiting on the buyer first, the nearest deadline first; otherwise by when each must ship. */
export type QueueSort = "ship-by" | "deadline";

export type QueueFilter = {
  due: DueFilter | null;
  openOnly: boolean;
  state: QueueState | null;
  listingId?: number;
  sort?: QueueSort;
  /** Only the items of orders whose buyer left a note. */
  hasNote?: boolean;
};

/** `titleToday`: today's wording when it changed since the order, null when the question is no longer asked. */
export type QueueAnswer = {
  title: string;
  type: string;
  titleToday?: string | null;
  value: string;
  addOn: string | null;
  flags: AnswerFlag[];
};

export type QueueItem = {
  itemId: string;
  receiptId: number;
  buyerName: string;
  listingId: number | null;
  title: string;
  quantity: number;
  answers: QueueAnswer[];
  /** Unix seconds. */
  orderedAt: number;
  shipBy: number;
  state: QueueState;
  remakeOf: string | null;
  reason: string | null;
  review: Review | null;
  note: string | null;
  /** The correction is made from as an answer is, so it gets an answer's print flags and production checks. */
  noteFlags: AnswerFlag[];
  /** What the buyer wrote to the seller with the order (message_from_buyer), and whether the seller has read it. */
  buyerNote: string | null;
  noteRead: boolean;
  /** What the marketplace refunded of the order, each a sentence: the amount and the reason. */
  refunds: string[];
  /** Unix seconds on the marketplace's clock, while waiting on the buyer. */
  deadline: number | null;
  onDeadline: OnDeadline | null;
  /** Where the buyer sees the order on the marketplace, for the message asking them (the server knows the site). */
  orderUrl?: string;
  /** Its items cost over $10, which within the United States ships only with a tracking code (docs/marketplace.md §16.6). */
  trackingNeeded: boolean;
  /** A shipment of it waiting for the marketplace to answer, or what the marketplace said when it did. */
  shipmentWaiting?: string;
  /** The listing has a production profile, so the item has a proof (app/api/production/proof/). */
  proof?: boolean;
};

const TRACKED_OVER = 10;

const itemsTotal = (order: AnsweredOrder) =>
  order.items.reduce((sum, item) => sum + (item.price.amount / item.price.divisor) * item.quantity, 0);

export type QueueCounts = { items: number; orders: number; dueToday: number; overdue: number };

export const isFlagged = (item: AnsweredItem) => item.questions.some((question) => question.flags.length > 0);

/** A remake's number among its original's remakes, from its id ("80000001-r2" is 2); null for an original. */
export const remakeNumber = (itemId: string) => {
  const found = /-r([1-9][0-9]*)$/.exec(itemId);
  return found ? Number(found[1]) : null;
};

/** How a seller names the item: "Remake 1 of order 60001 (“Ring”)", never the queue's own id. */
export const itemName = (title: string, receiptId: number, remakeId: string | null) => {
  const remake = remakeId && remakeNumber(remakeId);
  return remake ? `Remake ${remake} of order ${receiptId} (“${title}”)` : `“${title}” of order ${receiptId}`;
};

/** Whether an item due to ship at `shipBy` is in a due filter's window of the seller's days; the week holds overdue. */
export function inDueWindow(filter: DueFilter, shipBy: number, day: SellerDay) {
  if (filter === "today") return shipBy >= day.start && shipBy < day.end;
  if (filter === "overdue") return shipBy < day.start;
  return shipBy < day.weekEnd;
}

const CLOSED: readonly QueueState[] = ["shipped", "cancelled"];

const due = (filter: DueFilter, shipBy: number, state: QueueState, day: SellerDay) =>
  !CLOSED.includes(state) && inDueWindow(filter, shipBy, day);

export const refundWords = (refunds: readonly Refund[] | undefined) =>
  (refunds ?? []).map(
    (refund) => `Refunded ${formatMoney(refund.amount)}${refund.reason ? `: ${refund.reason}` : " (no reason given)"}.`,
  );

const byShipBy = (a: QueueItem, b: QueueItem) =>
  a.shipBy - b.shipBy || a.receiptId - b.receiptId || a.itemId.localeCompare(b.itemId);

const byDeadline = (a: QueueItem, b: QueueItem) =>
  (a.deadline ?? Infinity) - (b.deadline ?? Infinity) || byShipBy(a, b);

export function queueItems(
  orders: readonly AnsweredOrder[],
  rows: readonly QueueRow[],
  filter: QueueFilter,
  now: number,
  timeZone = DEFAULT_TIME_ZONE,
): { items: QueueItem[]; counts: QueueCounts } {
  const byItem = new Map(rows.map((row) => [row.itemId, row]));
  const remakesOf = new Map<number, QueueRow[]>();
  for (const row of rows)
    if (row.remakeOf) remakesOf.set(row.transactionId, [...(remakesOf.get(row.transactionId) ?? []), row]);
  const today = sellerDay(now, timeZone);
  const all: QueueItem[] = [];
  for (const order of orders)
    for (const item of filter.openOnly && !order.paid && (order.life ?? "open") === "open" ? [] : order.items) {
      if (filter.listingId !== undefined && item.listingId !== filter.listingId) continue;
      if (filter.hasNote && !order.messageFromBuyer) continue;
      const flagged = isFlagged(item);
      const answers = item.questions.map((question) => ({
        title: question.title,
        type: question.type,
        ...(question.titleToday !== undefined && { titleToday: question.titleToday }),
        value: question.answer?.value ?? "",
        addOn: question.addOnPaid ? formatMoney(question.addOnPaid) : null,
        flags: question.flags,
      }));
      const shipBy = shipByOf(order, item);
      const trackingNeeded = itemsTotal(order) > TRACKED_OVER;
      const original = String(item.transactionId);
      for (const row of [byItem.get(original), ...(remakesOf.get(item.transactionId) ?? [])]) {
        const itemId = row?.itemId ?? original;
        const buyerNote = order.messageFromBuyer || null;
        const state = stateOf(row, {
          flagged,
          receiptShipped: order.shipped,
          life: order.life,
          buyerNote: buyerNote !== null,
        });
        all.push({
          itemId,
          receiptId: order.receiptId,
          buyerName: order.buyerName,
          listingId: item.listingId,
          title: item.title,
          quantity: item.quantity,
          answers,
          orderedAt: order.createdAt,
          shipBy: row?.remakeOf ? (row.shipBy ?? shipBy) : shipBy,
          state,
          remakeOf: row?.remakeOf ?? null,
          reason: row?.reason ?? null,
          review: row?.review ?? null,
          note: row?.note ?? null,
          noteFlags: row?.note ? [...printFlags(row.note), ...(item.produce?.(row.note) ?? [])] : [],
          buyerNote,
          noteRead: row?.noteRead === true,
          refunds: refundWords(order.refunds),
          deadline: row?.state === "waiting" ? (row.deadline ?? null) : null,
          onDeadline: row?.state === "waiting" ? (row.onDeadline ?? null) : null,
          trackingNeeded,
          ...(item.produce && { proof: true }),
        });
      }
    }
  const open = all.filter((item) => !filter.openOnly || !CLOSED.includes(item.state));
  const items = open
    .filter((item) => filter.state === null || item.state === filter.state)
    .filter((item) => filter.due === null || due(filter.due, item.shipBy, item.state, today))
    .sort(filter.sort === "deadline" ? byDeadline : byShipBy);
  return {
    items,
    counts: {
      items: items.length,
      orders: new Set(items.map((item) => item.receiptId)).size,
      dueToday: open.filter((item) => due("today", item.shipBy, item.state, today)).length,
      overdue: open.filter((item) => due("overdue", item.shipBy, item.state, today)).length,
    },
  };
}
