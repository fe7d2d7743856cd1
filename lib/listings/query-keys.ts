import type { ListingState } from "../marketplace/client";

// Shared by the server (prefetch) and the browser (useQuery): the same keys, so hydration needs no refetch.
export const PAGE_SIZE = 25;

export const LISTING_STATES: { value: ListingState; label: string }[] = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "draft", label: "Draft" },
  { value: "expired", label: "Expired" },
  { value: "sold_out", label: "Sold out" },
];

/** The states a seller can view: the ones above, which changes select from, and the listings the marketplace removed. */
export const VIEW_STATES: { value: ListingState; label: string }[] = [
  ...LISTING_STATES,
  { value: "removed", label: "Removed" },
];

export const listingsKey = (view: { state: ListingState; q: string; filter: string; sort: string; page: number }) =>
  ["listings", view.state, view.q, view.filter, view.sort, view.page] as const;
export const stateCountsKey = ["listings", "state-counts"] as const;
export const mirrorKey = ["mirror"] as const;
export const neighboursKey = (listingId: number, query: string) =>
  ["listings", "neighbours", listingId, query] as const;
export const listingKey = (listingId: number) => ["listing", listingId] as const;

export class ReadError extends Error {
  constructor(
    message: string,
    readonly reauth: boolean,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export async function fetchFromDashboard<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { accept: "application/json" }, cache: "no-store" });
  const body: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = body as { error?: string; reauth?: boolean; retryAfter?: number };
    throw new ReadError(
      error.error ?? "The dashboard could not load this data. Reload the page.",
      error.reauth === true,
      typeof error.retryAfter === "number" ? error.retryAfter : undefined,
    );
  }
  return body as T;
}
