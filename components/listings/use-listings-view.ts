"use client";

import { useCallback } from "react";
import { useSearchParams } from "next/navigation";
import { listingsHref, parseListingsView, type ListingsView } from "@/lib/listings/view";

export function useListingsView() {
  const params = useSearchParams();
  const view = parseListingsView(Object.fromEntries(params));
  const show = useCallback((next: ListingsView, options: { replace?: boolean } = {}) => {
    const href = listingsHref(next);
    if (options.replace) window.history.replaceState(null, "", href);
    else window.history.pushState(null, "", href);
  }, []);
  return { view, show };
}
