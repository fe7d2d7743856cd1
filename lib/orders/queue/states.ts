import type { OrderLife } from "../../marketplace/receipt-wire";

// Where an order item stands in the production queue, and which move each state allows. Pure: the store keeps rows,
// the page and the actions read these rules.

export const QUEUE_STATES = [
  "not-paid",
  "review",
  "waiting",
  "to-make",
  "made",
  "cancelled-made",
  "cancelled",
  "shipped",
] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export const STATE_LABELS: Record<QueueState, string> = {
  "not-paid": "Not paid yet: don't make",
  review: "Review needed",
  waiting: "Waiting on buyer",
  "to-make": "To make",
  made: "Made",
  "cancelled-made": "Cancelled after it was made",
  cancelled: "Cancelled",
  shipped: "Shipped",
};

export type MoveKind = "made" | "shipped" | "approve" | "correct" | "read-note" | "remake" | "ask" | "deadline";

/** How a flagged item was cleared for making: approved as it is, or with the correction the buyer agreed to. */
export type Review = "approved" | "corrected";

/** What happens to an item waiting on the buyer when its deadline passes: held for review, or made as written. */
export type OnDeadline = "hold" | "go-ahead";
export const ON_DEADLINE: readonly OnDeadline[] = ["hold", "go-ahead"];

export type QueueRow = {
  itemId: string;
  receiptId: number;
  transactionId: number;
  remakeOf: string | null;
  reason: string | null;
  state: "to-make" | "made" | "shipped" | "waiting";
  review: Review | null;
  note: string | null;
  /** The buyer's note to the order was read by the seller (absent in rows kept before notes were). */
  noteRead?: boolean;
  createdAt: number;
  /** Unix seconds on the marketplace's clock, while waiting on the buyer. */
  deadline?: number | null;
  onDeadline?: OnDeadline | null;
  /** A remake's own ship-by (Unix seconds); an original ships by its order's date. */
  shipBy?: number | null;
};

/** `buyerNote`: the order carries a note from the buyer (message_from_buyer), which the seller reads before making. */
export type OrderFacts = { flagged: boolean; receiptShipped: boolean; life?: OrderLife; buyerNote?: boolean };

/** Whether the item waits on the seller reading the buyer's note. */
export const noteUnread = (row: Pick<QueueRow, "noteRead"> | undefined, item: Pick<OrderFacts, "buyerNote">) =>
  item.buyerNote === true && row?.noteRead !== true;

/**
 * An item's state now. A receipt the marketplace shows shipped ships its items (a remake goes through the queue
 * again, so it is left to its own row); a cancelled order's items are cancelled, flagged apart when work on them was
 * done (made, or a remake started); an order in payment review is not to be made; a flagged item no one has
 * approved, or one whose buyer left a note the seller has not read, needs review whatever its row says.
 */
export function stateOf(
  row: Pick<QueueRow, "state" | "review" | "remakeOf" | "noteRead"> | undefined,
  item: OrderFacts,
): QueueState {
  if (item.receiptShipped && !row?.remakeOf) return "shipped";
  const state = row?.state ?? "to-make";
  if (item.life === "canceled") return state === "made" || row?.remakeOf ? "cancelled-made" : "cancelled";
  if (item.life === "payment-review") return "not-paid";
  if (state === "to-make" && ((item.flagged && !row?.review) || noteUnread(row, item))) return "review";
  return state;
}

const cancelled = (state: QueueState) => state === "cancelled" || state === "cancelled-made";

/** Why a move is refused from a state, as a sentence naming the item; null when it is allowed. */
export function refusalOf(kind: MoveKind, state: QueueState, name: string, unreadNote = false): string | null {
  if (kind === "deadline") return state === "waiting" ? null : `${name} is not waiting on the buyer.`;
  if (cancelled(state))
    return `${name} was cancelled on the marketplace, so nothing was done: stop making it and put it aside.`;
  if (state === "not-paid" && kind !== "remake")
    return `${name} is not paid yet (the marketplace is reviewing the payment): don't make or ship it until it is paid.`;
  switch (kind) {
    case "made":
      if (state === "review" || state === "waiting")
        return `${name} is still in review: approve its answers as they are, or note the correction the buyer agreed to, before marking it made.`;
      if (state === "made") return `${name} is marked made already.`;
      if (state === "shipped") return `${name} is shipped already.`;
      return null;
    case "shipped":
      if (state === "review" || state === "waiting")
        return `${name} is still in review: approve it or note a correction, then make it, before shipping it.`;
      if (state === "shipped") return `${name} is shipped already.`;
      return null;
    case "approve":
    case "correct":
      return state === "review" || state === "waiting"
        ? null
        : `${name} needs no review: its answers are approved or have nothing to check.`;
    case "read-note":
      return unreadNote ? null : `${name} has no note from the buyer left to read.`;
    case "ask":
      if (state === "waiting") return `${name} is waiting on the buyer already.`;
      return state === "review" ? null : `${name} needs no review, so there is nothing to ask the buyer.`;
    case "remake":
      return state === "made" || state === "shipped"
        ? null
        : `${name} is not made yet, so there is nothing to remake: make it first.`;
  }
}
