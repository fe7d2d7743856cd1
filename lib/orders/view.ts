import type { OrderFilter } from "./order-store";

// The Orders page's view in its URL: search, listing, dates (YYYY-MM-DD, inclusive, UTC) and page.

export type OrdersUrlView = { q: string; listing: number | null; from: string; to: string; page: number };

export const ORDERS_PER_PAGE = 25;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

const validDate = (text: string) => (DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? text : "");

export function parseOrdersView(params: Record<string, string | string[] | undefined>): OrdersUrlView {
  const listing = Number(first(params.listing));
  const page = Number(first(params.page));
  return {
    q: first(params.q).slice(0, 200),
    listing: Number.isSafeInteger(listing) && listing > 0 ? listing : null,
    from: validDate(first(params.from)),
    to: validDate(first(params.to)),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function orderFilterOf(view: OrdersUrlView): OrderFilter {
  return {
    ...(view.q.trim() && { search: view.q.trim() }),
    ...(view.listing !== null && { listingId: view.listing }),
    ...(view.from && { from: Date.parse(`${view.from}T00:00:00Z`) / 1000 }),
    ...(view.to && { to: Date.parse(`${view.to}T23:59:59Z`) / 1000 }),
  };
}

export function ordersHref(view: OrdersUrlView, path = "/orders", extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.listing !== null) params.set("listing", String(view.listing));
  if (view.from) params.set("from", view.from);
  if (view.to) params.set("to", view.to);
  if (view.page > 1) params.set("page", String(view.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
