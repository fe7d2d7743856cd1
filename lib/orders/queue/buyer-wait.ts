import { dayText } from "../day";
import type { QueueItem } from "./queue-rows";

// Waiting on the buyer: how long is left on the marketplace's clock, and the message the seller sends the buyer
// elsewhere (the marketplace has no messages API, docs/marketplace.md §16).

const HOUR = 3600;

/** "1 day 4 hours left", "40 minutes left", or that the deadline passed, from Unix seconds on one clock. */
export function timeLeft(deadline: number, now: number): string {
  const left = deadline - now;
  if (left <= 0) return "deadline passed";
  const days = Math.floor(left / (24 * HOUR));
  const hours = Math.floor((left % (24 * HOUR)) / HOUR);
  if (days > 0)
    return `${days} ${days === 1 ? "day" : "days"}${hours > 0 ? ` ${hours} ${hours === 1 ? "hour" : "hours"}` : ""} left`;
  if (hours > 0) return `${hours} ${hours === 1 ? "hour" : "hours"} left`;
  const minutes = Math.max(1, Math.floor(left / 60));
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"} left`;
}

/** The words for the buyer: what to check (each flagged answer), by when, what happens then, and their order's link. */
export function buyerMessage(
  item: Pick<QueueItem, "buyerName" | "receiptId" | "title" | "answers" | "deadline" | "onDeadline">,
  orderUrl: string,
) {
  const checks = item.answers
    .filter((answer) => answer.flags.length > 0)
    .map((answer) => `- ${answer.title}: “${answer.value}” (${answer.flags.map((flag) => flag.message).join(" ")})`);
  const by = item.deadline === null ? "soon" : `by ${dayText(item.deadline)}`;
  const then =
    item.onDeadline === "go-ahead"
      ? "If I have not heard from you by then, I will make it exactly as you wrote it."
      : "I will hold your order until I hear from you.";
  return [
    `Hello ${item.buyerName || "there"},`,
    "",
    `Thank you for your order ${item.receiptId} (“${item.title}”). Before I make it, could you check what you asked for?`,
    ...checks,
    "",
    `Please reply ${by} with the text as you want it made, or to say it is right as it is. ${then}`,
    "",
    `Your order: ${orderUrl}`,
  ].join("\n");
}
