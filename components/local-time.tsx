"use client";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Dec 2, 2026, 4:20 PM" in the browser's time zone, as en-US writes it (as the dashboard writes its numbers). Date's
 * own getters rather than Intl: the first Intl.DateTimeFormat of /listings cost 290 ms at Lighthouse's 4x slowdown. */
export function LocalTime({ at }: { at: number }) {
  const date = new Date(at);
  const hours = date.getHours();
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {`${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`}
    </time>
  );
}
