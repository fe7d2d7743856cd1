"use client";

import { useCallback } from "react";
import { useSearchParams } from "next/navigation";
import { listingsHref, parseListingsView, type ListingsView } from "@/lib/listings/view";

export type ShowView = (change: Partial<ListingsView>, options?: { replace?: boolean }) => void;

export function useListingsView() {
  const params = useSearchParams();
  const view = parseListingsView(Object.fromEntries(params));
  // A change merges into the address as it is now, not the view last rendered: a sort then a filter picked at once keep both.
  const show = useCallback<ShowView>((change, options = {}) => {
    const now = parseListingsView(Object.fromEntries(new URLSearchParams(window.location.search)));
    const href = listingsHref({ ...now, ...change });
    if (options.replace) window.history.replaceState(null, "", href);
    else window.history.pushState(null, "", href);
  }, []);
  return { view, show };
}
