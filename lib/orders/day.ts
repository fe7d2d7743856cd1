import type { Order, OrderItem } from "../marketplace/receipt-wire";

// Days of orders as the Orders page's date filter reads them: in UTC, so a printed sheet and its filter agree.

const DAY_TEXT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "28 Nov 2026", from Unix seconds. */
export const dayText = (seconds: number) => DAY_TEXT.format(seconds * 1000);

/** "2026-11-28", from Unix seconds: what a spreadsheet sorts and reads as a date. */
export const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export const DAY = 24 * 3600;

/** The UTC day `now` (Unix seconds) falls in, as its first second. */
export const utcDayStart = (now: number) => Math.floor(now / DAY) * DAY;

/**
 * When an item must ship (Unix seconds): the marketplace's expected ship date on its transaction, or the order date
 * where it has none (and for orders kept before the date was kept).
 */
export const shipByOf = (order: Pick<Order, "createdAt">, item: Pick<OrderItem, "shipBy">) =>
  item.shipBy ?? order.createdAt;
