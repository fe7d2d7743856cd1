"use client";

import { useEffect, useState } from "react";

// Made on first use: made as the module loads, it cost /listings 170 ms at Lighthouse's 4x slowdown (ICU's data).
let format: Intl.RelativeTimeFormat | undefined;
const ago = (value: number, unit: Intl.RelativeTimeFormatUnit) =>
  (format ??= new Intl.RelativeTimeFormat("en", { numeric: "always" })).format(value, unit);

function agoText(at: number, now: number) {
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return "less than a minute ago";
  if (minutes < 60) return ago(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? ago(-hours, "hour") : ago(-Math.floor(hours / 24), "day");
}

/** "3 minutes ago", kept true as the page stays open. */
export function TimeAgo({ at }: { at: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={new Date(at).toISOString()} suppressHydrationWarning>
      {agoText(at, now)}
    </time>
  );
}
