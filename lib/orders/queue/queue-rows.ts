import { formatMoney } from "../../marketplace/money";
import { DAY, shipByOf, utcDayStart } from "../day";
import { printFlags, type AnswerFlag } from "../answer-flags";
import type { AnsweredItem, AnsweredOrder } from "../asked-questions";
import { stateOf, type QueueRow, type QueueState, type Review } from "./states";

// The queue as the Orders page shows it: one row per item (and per remake), sorted by when it must ship, oldest first.

export type DueFilter = "today" | "overdue" | "week";

export type QueueFilter = { due: DueFilter | null; openOnly: boolean; state: QueueState | null; listingId?: number };

/** `titleToday`: today's wording when it changed since the order, null when the question is no longer asked. */
export type QueueAnswer = {
  title: string;
  titleToday?: string | null;
  value: string;
  addOn: string | null;
  flags: AnswerFlag[];
};

export type QueueItem = {
  itemId: string;
  receiptId: number;
  buyerName: string;
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
  /** The correction is made from as an answer is, so it gets an answer's print flags. */
  noteFlags: AnswerFlag[];
};

export type QueueCounts = { items: number; orders: number; dueToday: number; overdue: number };

export const isFlagged = (item: AnsweredItem) => item.questions.some((question) => question.flags.length > 0);

export const itemName = (title: string, receiptId: number, remake: string | null) =>
  remake ? `The remake ${remake} of “${title}” (order ${receiptId})` : `“${title}” of order ${receiptId}`;

/** Whether an item due to ship at `shipBy` is in a due filter's window of UTC days, `today` its first second. */
export function inDueWindow(filter: DueFilter, shipBy: number, today: number) {
  if (filter === "today") return shipBy >= today && shipBy < today + DAY;
  if (filter === "overdue") return shipBy < today;
  return shipBy < today + 7 * DAY;
}

const due = (filter: DueFilter, shipBy: number, state: QueueState, today: number) =>
  state !== "shipped" && inDueWindow(filter, shipBy, today);

export function queueItems(
  orders: readonly AnsweredOrder[],
  rows: readonly QueueRow[],
  filter: QueueFilter,
  now: number,
): { items: QueueItem[]; counts: QueueCounts } {
  const byItem = new Map(rows.map((row) => [row.itemId, row]));
  const remakesOf = new Map<number, QueueRow[]>();
  for (const row of rows)
    if (row.remakeOf) remakesOf.set(row.transactionId, [...(remakesOf.get(row.transactionId) ?? []), row]);
  const today = utcDayStart(now);
  const all: QueueItem[] = [];
  for (const order of orders)
    for (const item of filter.openOnly && !order.paid ? [] : order.items) {
      if (filter.listingId !== undefined && item.listingId !== filter.listingId) continue;
      const flagged = isFlagged(item);
      const answers = item.questions.map((question) => ({
        title: question.title,
        ...(question.titleToday !== undefined && { titleToday: question.titleToday }),
        value: question.answer?.value ?? "",
        addOn: question.addOnPaid ? formatMoney(question.addOnPaid) : null,
        flags: question.flags,
      }));
      const shipBy = shipByOf(order, item);
      const original = String(item.transactionId);
      for (const row of [byItem.get(original), ...(remakesOf.get(item.transactionId) ?? [])]) {
        const itemId = row?.itemId ?? original;
        const state = stateOf(row, { flagged, receiptShipped: order.shipped });
        all.push({
          itemId,
          receiptId: order.receiptId,
          buyerName: order.buyerName,
          title: item.title,
          quantity: item.quantity,
          answers,
          orderedAt: order.createdAt,
          shipBy,
          state,
          remakeOf: row?.remakeOf ?? null,
          reason: row?.reason ?? null,
          review: row?.review ?? null,
          note: row?.note ?? null,
          noteFlags: row?.note ? printFlags(row.note) : [],
        });
      }
    }
  const open = all.filter((item) => !filter.openOnly || item.state !== "shipped");
  const items = open
    .filter((item) => filter.state === null || item.state === filter.state)
    .filter((item) => filter.due === null || due(filter.due, item.shipBy, item.state, today))
    .sort((a, b) => a.shipBy - b.shipBy || a.receiptId - b.receiptId || a.itemId.localeCompare(b.itemId));
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
