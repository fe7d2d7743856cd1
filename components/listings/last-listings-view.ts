"use client";

import { useSyncExternalStore } from "react";
import { keepInTab, readFromTab } from "../tab-storage";

// The view (tab, filters, page) the seller last looked at, so that pages reached without it in their address (the
// changes, the inbox) lead back to it rather than to the first page of active listings.
const KEY = "listings-view";

export const rememberListingsView = (href: string) => keepInTab(KEY, href);

function remembered(): string | null {
  const stored = readFromTab(KEY);
  return typeof stored === "string" && stored.startsWith("/listings?") ? stored : null;
}

const unchanging = () => () => {};

export function useLastListingsHref(fallback: string): string {
  return useSyncExternalStore(
    unchanging,
    () => remembered() ?? fallback,
    () => fallback,
  );
}
