import { dateBound, dayText, DEFAULT_TIME_ZONE } from "./day";
import type { OrderFilter } from "./order-store";
import type { DueFilter, QueueFilter, QueueSort } from "./queue/queue-rows";
import { QUEUE_STATES, type QueueState } from "./queue/states";

// The Orders page's view in its URL: search, listing, dates (YYYY-MM-DD, inclusive, the seller's days), the queue's
// filters (due by the seller's day, open only unless `open=0`, a state, the sort) and page.

export type OrdersUrlView = {
  q: string;
  listing: number | null;
  from: string;
  to: string;
  due: DueFilter | null;
  openOnly: boolean;
  state: QueueState | null;
  sort: QueueSort;
  /** Only the orders whose buyer left a note (`note=1`). */
  hasNote: boolean;
  page: number;
};

export const ORDERS_PER_PAGE = 100;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DUE: readonly DueFilter[] = ["today", "overdue", "week"];
const SORTS: readonly QueueSort[] = ["ship-by", "deadline"];

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

const validDate = (text: string) => (DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? text : "");

const oneOf = <T extends string>(values: readonly T[], text: string): T | null =>
  (values as readonly string[]).includes(text) ? (text as T) : null;

/** The form sends `open=0` always and `open=1` when the box is ticked: ticked wins, nothing sent means on. */
const openOnlyOf = (value: string | string[] | undefined) =>
  value === undefined || (Array.isArray(value) ? value : [value]).includes("1");

export function parseOrdersView(params: Record<string, string | string[] | undefined>): OrdersUrlView {
  const listing = Number(first(params.listing));
  const page = Number(first(params.page));
  return {
    q: first(params.q).slice(0, 200),
    listing: Number.isSafeInteger(listing) && listing > 0 ? listing : null,
    from: validDate(first(params.from)),
    to: validDate(first(params.to)),
    due: oneOf(DUE, first(params.due)),
    openOnly: openOnlyOf(params.open),
    state: oneOf(QUEUE_STATES, first(params.state)),
    sort: oneOf(SORTS, first(params.sort)) ?? "ship-by",
    hasNote: first(params.note) === "1",
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function orderFilterOf(view: OrdersUrlView, timeZone = DEFAULT_TIME_ZONE): OrderFilter {
  return {
    ...(view.q.trim() && { search: view.q.trim() }),
    ...(view.listing !== null && { listingId: view.listing }),
    ...(view.from && { from: dateBound(view.from, timeZone) }),
    ...(view.to && { to: dateBound(view.to, timeZone, true) }),
  };
}

/** Asking for shipped items shows them even with "open only" on: the seller asked for them by name. */
export function queueFilterOf(
  view: OrdersUrlView,
  timeZone = DEFAULT_TIME_ZONE,
): OrderFilter & QueueFilter & { openOnly: boolean } {
  return {
    ...orderFilterOf(view, timeZone),
    due: view.due,
    openOnly: view.openOnly && view.state !== "shipped" && view.state !== "cancelled",
    state: view.state,
    sort: view.sort,
    hasNote: view.hasNote,
  };
}

/** The sheet prints one state of the queue, to make unless the view names one; those in review on hold with `hold=1`. */
export const sheetOptionsOf = (view: OrdersUrlView, params: Record<string, string | string[] | undefined>) => ({
  state: view.state ?? "to-make",
  onHold: first(params.hold) === "1",
});

export function ordersHref(view: OrdersUrlView, path = "/orders", extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.listing !== null) params.set("listing", String(view.listing));
  if (view.from) params.set("from", view.from);
  if (view.to) params.set("to", view.to);
  if (view.due) params.set("due", view.due);
  if (!view.openOnly) params.set("open", "0");
  if (view.state) params.set("state", view.state);
  if (view.sort !== "ship-by") params.set("sort", view.sort);
  if (view.hasNote) params.set("note", "1");
  if (view.page > 1) params.set("page", String(view.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

// What an Orders view holds, in words, for a page that follows it (the production sheet): one phrase per filter set.

/** The Ship by filter's choices, as the form and the sheet's heading say them. */
export const DUE_LABELS: Record<NonNullable<OrdersUrlView["due"]>, string> = {
  today: "Due today",
  overdue: "Overdue",
  week: "Due in the next 7 days, overdue included",
};

const DUE_WORDS: Record<NonNullable<OrdersUrlView["due"]>, string> = {
  today: "due to ship today",
  overdue: "overdue",
  week: "due to ship in the next 7 days, overdue included",
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
    view.hasNote ? "with a note from the buyer" : null,
  ];
  return words.filter((phrase) => phrase !== null);
}
