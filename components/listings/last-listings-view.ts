"use client";

import { useSyncExternalStore } from "react";

// The view (tab, filters, page) the seller last looked at, so that pages reached without it in their address (the
// changes, the inbox) lead back to it rather than to the first page of active listings.
const KEY = "listings-view";

export function rememberListingsView(href: string) {
  try {
    sessionStorage.setItem(KEY, href);
  } catch {
    // Storage refused (private mode, quota): the links lead to the first page instead.
  }
}

function remembered(): string | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    return stored?.startsWith("/listings?") ? stored : null;
  } catch {
    return null;
  }
}

const unchanging = () => () => {};

export function useLastListingsHref(fallback: string): string {
  return useSyncExternalStore(
    unchanging,
    () => remembered() ?? fallback,
    () => fallback,
  );
}
