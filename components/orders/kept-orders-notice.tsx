"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { outageBackoffMs } from "../feedback/outage-backoff";
import { TimeAgo } from "../feedback/time-ago";

// The listings' backoff, held to 15 s: a seller waiting to mark a day's items made sees the page back within seconds.
const RETRY_CAP_MS = 15_000;

/**
 * While the marketplace is not answering, the Orders page and the sheet serve the orders kept in the dashboard: this
 * says how old they are and reads the page again by itself until the marketplace answers, when the notice goes.
 */
export function KeptOrdersNotice({ checkedAt, timeZone }: { checkedAt: number; timeZone: string }) {
  const router = useRouter();
  useEffect(() => {
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(
        () => {
          attempt += 1;
          router.refresh();
          next();
        },
        Math.min(RETRY_CAP_MS, outageBackoffMs(attempt)),
      );
    };
    next();
    return () => clearTimeout(timer);
  }, [router]);
  const clock = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(checkedAt);
  return (
    <p
      role="status"
      className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
      data-testid="kept-orders"
    >
      The marketplace is not answering; these are your orders as of{" "}
      <time dateTime={new Date(checkedAt).toISOString()} suppressHydrationWarning>
        {clock}
      </time>
      , <TimeAgo at={checkedAt} />. Review, Mark made, remakes and undo work meanwhile, and the page tries again by
      itself.
    </p>
  );
}
