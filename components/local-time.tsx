"use client";

/** A moment in the reader's own time zone; the server's rendering may differ, so React keeps the browser's. */
export function LocalTime({ at }: { at: number }) {
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
    </time>
  );
}
