"use client";

import { useEffect, useState } from "react";

const ago = new Intl.RelativeTimeFormat("en", { numeric: "always" });

function agoText(at: number, now: number) {
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return "less than a minute ago";
  if (minutes < 60) return ago.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? ago.format(-hours, "hour") : ago.format(-Math.floor(hours / 24), "day");
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
