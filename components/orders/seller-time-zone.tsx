"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { keepTimeZoneAction } from "@/app/orders/keep-time-zone";
import { callAction } from "../feedback/call-action";

/** Sends the browser's time zone when the one kept with the seller differs, then shows the page in it. */
export function SellerTimeZone({ kept }: { kept: string }) {
  const router = useRouter();
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browser || browser === kept) return;
    // Not kept (an older page, the dashboard away): the days stay as they were, and the next visit sends it again.
    void callAction(() => keepTimeZoneAction({ timeZone: browser }))
      .then((result) => result.ok && router.refresh())
      .catch(() => undefined);
  }, [kept, router]);
  return null;
}
