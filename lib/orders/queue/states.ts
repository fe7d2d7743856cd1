// Where an order item stands in the production queue, and which move each state allows. Pure: the store keeps rows,
// the page and the actions read these rules.

export const QUEUE_STATES = ["review", "to-make", "made", "shipped"] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export const STATE_LABELS: Record<QueueState, string> = {
  review: "Review needed",
  "to-make": "To make",
  made: "Made",
  shipped: "Shipped",
};

export type MoveKind = "made" | "shipped" | "approve" | "correct" | "remake";

/** How a flagged item was cleared for making: approved as it is, or with the correction the buyer agreed to. */
export type Review = "approved" | "corrected";

export type QueueRow = {
  itemId: string;
  receiptId: number;
  transactionId: number;
  remakeOf: string | null;
  reason: string | null;
  state: Exclude<QueueState, "review">;
  review: Review | null;
  note: string | null;
  createdAt: number;
};

/**
 * An item's state now. A receipt the marketplace shows shipped ships its items (a remake goes through the queue
 * again, so it is left to its own row); a flagged item no one has approved needs review whatever its row says.
 */
export function stateOf(
  row: Pick<QueueRow, "state" | "review" | "remakeOf"> | undefined,
  item: { flagged: boolean; receiptShipped: boolean },
): QueueState {
  if (item.receiptShipped && !row?.remakeOf) return "shipped";
  const state = row?.state ?? "to-make";
  if (state === "to-make" && item.flagged && !row?.review) return "review";
  return state;
}

/** Why a move is refused from a state, as a sentence naming the item; null when it is allowed. */
export function refusalOf(kind: MoveKind, state: QueueState, name: string): string | null {
  switch (kind) {
    case "made":
      if (state === "review")
        return `${name} is still in review: approve its answers as they are, or note the correction the buyer agreed to, before marking it made.`;
      if (state === "made") return `${name} is marked made already.`;
      if (state === "shipped") return `${name} is shipped already.`;
      return null;
    case "shipped":
      if (state === "review")
        return `${name} is still in review: approve it or note a correction, then make it, before shipping it.`;
      if (state === "shipped") return `${name} is shipped already.`;
      return null;
    case "approve":
    case "correct":
      return state === "review" ? null : `${name} needs no review: its answers are approved or have nothing to check.`;
    case "remake":
      return state === "made" || state === "shipped"
        ? null
        : `${name} is not made yet, so there is nothing to remake: make it first.`;
  }
}
