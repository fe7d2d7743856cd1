"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { keepTimeZoneAction } from "@/app/orders/keep-time-zone";

/** Sends the browser's time zone when the one kept with the seller differs, then shows the page in it. */
export function SellerTimeZone({ kept }: { kept: string }) {
  const router = useRouter();
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browser || browser === kept) return;
    void keepTimeZoneAction({ timeZone: browser }).then((result) => {
      if (result.ok) router.refresh();
    });
  }, [kept, router]);
  return null;
}
