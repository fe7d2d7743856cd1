"use client";

// One format for every time on a page: a page of listings shows one per row, and each new format costs its own setup.
let format: Intl.DateTimeFormat | undefined;

export function LocalTime({ at }: { at: number }) {
  const date = new Date(at);
  format ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {format.format(date)}
    </time>
  );
}
