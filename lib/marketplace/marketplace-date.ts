import "server-only";

// Per process, on globalThis: Next may load this module more than once, and every copy must read the same clock.
const globalForDate = globalThis as unknown as { marketplaceClockOffsetMs?: number };

/** Notes the Date header of a marketplace answer: the marketplace's clock, which a sandbox may have moved from ours. */
export function noteMarketplaceDate(header: string | null, receivedAtMs = Date.now()) {
  const at = header === null ? NaN : Date.parse(header);
  if (Number.isFinite(at)) globalForDate.marketplaceClockOffsetMs = at - receivedAtMs;
}

/** The marketplace's day (YYYY-MM-DD, UTC) by the last Date header it sent; the machine's own before any answer. */
export function marketplaceToday(nowMs = Date.now()): string {
  return new Date(marketplaceNowMs(nowMs)).toISOString().slice(0, 10);
}

/** The marketplace's now in milliseconds, by the last Date header it sent: a deadline set on its clock is judged on it. */
export const marketplaceNowMs = (nowMs = Date.now()) => nowMs + (globalForDate.marketplaceClockOffsetMs ?? 0);
