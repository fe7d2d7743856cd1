import type { Order, OrderItem } from "../marketplace/receipt-wire";

// Days of orders as the seller lives them: in the seller's time zone (the browser's, kept with the seller), so "due
// today" turns at the seller's midnight. Only the spreadsheet's dates are UTC days (isoDay).

export const DAY = 24 * 3600;

/** Until the seller's browser has said its time zone. */
export const DEFAULT_TIME_ZONE = "UTC";

export function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: "en-US" | "en-GB", options: Intl.DateTimeFormatOptions & { timeZone: string }) {
  const key = `${locale} ${options.timeZone} ${"hour" in options ? "wall" : "day"}`;
  let kept = formats.get(key);
  if (!kept) formats.set(key, (kept = new Intl.DateTimeFormat(locale, options)));
  return kept;
}

const wallClock = (seconds: number, timeZone: string) => {
  const parts = format("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(seconds * 1000);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((one) => one.type === type)?.value);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    seconds:
      Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second")) / 1000,
  };
};

/** How far `timeZone`'s clocks are ahead of UTC at `seconds`. */
const offsetAt = (seconds: number, timeZone: string) =>
  wallClock(Math.floor(seconds), timeZone).seconds - Math.floor(seconds);

/** The first second of the calendar day year-month-day in `timeZone` (taken twice: the offset may differ by then). */
function midnight(year: number, month: number, day: number, timeZone: string) {
  const wall = Date.UTC(year, month - 1, day) / 1000;
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

/** The first second of the day `now` (Unix seconds) falls in, in `timeZone`. */
export function dayStartIn(now: number, timeZone: string) {
  const { year, month, day } = wallClock(Math.floor(now), timeZone);
  return midnight(year, month, day, timeZone);
}

/** A day of 23 or 25 hours ends where the next one starts: two hours past 24 is always in the next day. */
const nextDayStart = (start: number, timeZone: string) => dayStartIn(start + DAY + 2 * 3600, timeZone);

/** The seller's today, as Unix seconds: it starts at `start`, ends before `end`; `weekEnd` ends the 7 days from today. */
export type SellerDay = { timeZone: string; start: number; end: number; weekEnd: number };

export function sellerDay(now: number, timeZone: string): SellerDay {
  const start = dayStartIn(now, timeZone);
  let weekEnd = start;
  for (let day = 0; day < 7; day += 1) weekEnd = nextDayStart(weekEnd, timeZone);
  return { timeZone, start, end: nextDayStart(start, timeZone), weekEnd };
}

/** The first second of a "YYYY-MM-DD" date in `timeZone`, or, with `end`, its last second. */
export function dateBound(date: string, timeZone: string, end = false) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const start = midnight(year, month, day, timeZone);
  return end ? nextDayStart(start, timeZone) - 1 : start;
}

/** Days a remake takes when its listing's processing time is not known (orders kept before it was). */
export const REMAKE_DAYS = 3;

/** A remake ships by the start of the day its listing's processing time after today, in the seller's time zone. */
export function remakeShipBy(now: number, processingDays: number | null | undefined, timeZone: string) {
  const days = processingDays && processingDays > 0 ? processingDays : REMAKE_DAYS;
  return dayStartIn(dayStartIn(now, timeZone) + days * DAY + 12 * 3600, timeZone);
}

/** "28 Nov 2026", from Unix seconds, in the seller's time zone. */
export const dayText = (seconds: number, timeZone = DEFAULT_TIME_ZONE) =>
  format("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }).format(seconds * 1000);

/** "2026-11-28", from Unix seconds, in the seller's time zone: the queue's dates, which sort as they read. */
export function localDay(seconds: number, timeZone: string) {
  const { year, month, day } = wallClock(Math.floor(seconds), timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "2026-11-28", from Unix seconds, a UTC day: what a spreadsheet sorts and reads as a date. */
export const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * When an item must ship (Unix seconds): the marketplace's expected ship date on its transaction, or the order date
 * where it has none (and for orders kept before the date was kept).
 */
export const shipByOf = (order: Pick<Order, "createdAt">, item: Pick<OrderItem, "shipBy">) =>
  item.shipBy ?? order.createdAt;
