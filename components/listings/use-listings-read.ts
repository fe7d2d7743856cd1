"use client";

import { useRef, useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchFromDashboard, listingsKey, ReadError } from "@/lib/listings/query-keys";
import { listingsHref, viewParams, type ListingsView, type ViewPage } from "@/lib/listings/view";
import { outageBackoffMs } from "../feedback/outage-backoff";

const PARTIAL_REFETCH_MS = 2_000;

const apiPath = (view: ListingsView, fresh = false) => `/api/listings?${viewParams(view)}${fresh ? "&fresh=1" : ""}`;

export type Unavailable = { message: string; retryAfter?: number };

export const unavailableOf = (error: unknown): Unavailable =>
  error instanceof ReadError && error.retryAfter !== undefined
    ? {
        message: `The marketplace is busy and asked us to wait ${error.retryAfter} seconds.`,
        retryAfter: error.retryAfter,
      }
    : { message: error instanceof Error ? error.message : "The listings could not be read. Try again in a moment." };

/**
 * One view of the listings, read through the dashboard: a large shop's first listings until its mirror is filled, the
 * kept copy while the marketplace is away, and the failure the server met for this view held until the seller retries.
 */
export function useListingsRead(view: ListingsView, unavailable?: Unavailable) {
  const queryClient = useQueryClient();
  const [held, setHeld] = useState<(Unavailable & { href: string; triedAt?: number }) | undefined>(
    unavailable && { ...unavailable, href: listingsHref(view) },
  );
  const [retryingHeld, setRetryingHeld] = useState(false);
  const heldFailure = held?.href === listingsHref(view) ? held : undefined;
  // How many answers in a row were the kept copy: while the marketplace is away every read asks it afresh, less often
  // as the outage lasts.
  const awayAnswers = useRef(queryClient.getQueryData<ViewPage>(listingsKey(view))?.keptCopy ? 1 : 0);
  const read = async (fresh: boolean) => {
    const page = await fetchFromDashboard<ViewPage>(apiPath(view, fresh));
    awayAnswers.current = page.keptCopy ? awayAnswers.current + 1 : 0;
    return page;
  };
  const query = useQuery({
    queryKey: listingsKey(view),
    queryFn: () => read(awayAnswers.current > 0),
    enabled: heldFailure === undefined,
    placeholderData: keepPreviousData,
    // A large shop's first listings stand in until its mirror is filled, then the whole list replaces them.
    refetchInterval: (query) =>
      query.state.data?.keptCopy
        ? outageBackoffMs(Math.max(0, awayAnswers.current - 1))
        : query.state.data?.partialOf === undefined
          ? false
          : PARTIAL_REFETCH_MS,
  });

  // Read afresh, as the page's own read was: the mirror may hold the listings, but the seller asked the marketplace.
  const retryHeld = async () => {
    setRetryingHeld(true);
    try {
      queryClient.setQueryData(listingsKey(view), await read(true));
      setHeld(undefined);
    } catch (error) {
      setHeld({ ...unavailableOf(error), href: listingsHref(view), triedAt: Date.now() });
    } finally {
      setRetryingHeld(false);
    }
  };

  const readAgain = async () => {
    const fresh = await read(true);
    await queryClient.invalidateQueries({ queryKey: ["listings"] });
    queryClient.setQueryData(listingsKey(view), fresh);
  };

  return { query, heldFailure, retryingHeld, retryHeld, readAgain };
}
