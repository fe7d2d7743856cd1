import { dayText } from "./day";
import type { OrdersUrlView } from "./view";

// What an Orders view holds, in words, for a page that follows it (the production sheet): one phrase per filter set.

const DUE_WORDS: Record<NonNullable<OrdersUrlView["due"]>, string> = {
  today: "due to ship today (UTC)",
  overdue: "overdue",
  week: "due to ship this week (UTC)",
};

const dayOf = (date: string) => dayText(Date.parse(`${date}T00:00:00Z`) / 1000);

function placed({ from, to }: Pick<OrdersUrlView, "from" | "to">) {
  if (from && to) return from === to ? `placed on ${dayOf(from)}` : `placed ${dayOf(from)} to ${dayOf(to)}`;
  if (from) return `placed on or after ${dayOf(from)}`;
  if (to) return `placed on or before ${dayOf(to)}`;
  return null;
}

/** `listingTitle` names the listing filtered on, where the page knows it; otherwise its number does. */
export function viewWords(view: OrdersUrlView, listingTitle?: string): string[] {
  const words = [
    view.q.trim() ? `matching “${view.q.trim()}”` : null,
    view.listing === null ? null : listingTitle ? `with “${listingTitle}”` : `with listing ${view.listing}`,
    placed(view),
    view.due === null ? null : DUE_WORDS[view.due],
  ];
  return words.filter((phrase) => phrase !== null);
}
