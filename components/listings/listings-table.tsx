"use client";

import { useEffect, useRef, useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchFromDashboard, listingsKey, PAGE_SIZE, ReadError, VIEW_STATES } from "@/lib/listings/query-keys";
import {
  editorHref,
  listingsHref,
  listingsTitle,
  viewParams,
  type ListingsView,
  type ViewPage,
} from "@/lib/listings/view";
import type { Selection } from "@/lib/changes/selection-schema";
import { BulkBar } from "./bulk-bar";
import { ListingRow } from "./listing-row";
import { ListingsToolbar } from "./listings-toolbar";
import { PageNumbers } from "./page-numbers";
import { ReadOnlyListingsNotice } from "./read-only-listings-notice";
import { rememberListingsView } from "./last-listings-view";
import { useListingsView } from "./use-listings-view";
import { useSelection } from "./use-selection";
import { useSignInOnExpiry } from "../use-sign-in-on-expiry";
import { RecoveryNotice } from "../feedback/recovery-notice";
import { outageBackoffMs } from "../feedback/outage-backoff";
import { TimeAgo } from "../feedback/time-ago";

const PARTIAL_REFETCH_MS = 2_000;

const apiPath = (view: ListingsView, fresh = false) => `/api/listings?${viewParams(view)}${fresh ? "&fresh=1" : ""}`;

type Unavailable = { message: string; retryAfter?: number };

const unavailableOf = (error: unknown): Unavailable =>
  error instanceof ReadError && error.retryAfter !== undefined
    ? {
        message: `The marketplace is busy and asked us to wait ${error.retryAfter} seconds.`,
        retryAfter: error.retryAfter,
      }
    : { message: error instanceof Error ? error.message : "The listings could not be read. Try again in a moment." };

export function ListingsTable({
  canEdit = false,
  multiQuestion = false,
  unavailable,
}: {
  canEdit?: boolean;
  multiQuestion?: boolean;
  /** Why the server could not read this view: shown in the page's frame until the seller tries again or moves on. */
  unavailable?: Unavailable;
}) {
  const { view, show } = useListingsView();
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
  useSignInOnExpiry(query.error, `/listings?${viewParams(view)}`);
  const selection = useSelection(view);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const data = query.data;
  const shownPage = data?.page ?? view.page;

  useEffect(() => {
    if (!query.isPlaceholderData && data && data.page !== view.page)
      show({ ...view, page: data.page }, { replace: true });
  }, [data, query.isPlaceholderData, view, show]);

  const table = useRef<HTMLDivElement>(null);
  const shownList = useRef({ list: `${view.state} ${view.q} ${view.filter} ${view.sort}`, page: shownPage });
  useEffect(() => {
    if (query.isPlaceholderData) return;
    const list = `${view.state} ${view.q} ${view.filter} ${view.sort}`;
    const turned = shownList.current.list === list && shownList.current.page !== shownPage;
    shownList.current = { list, page: shownPage };
    if (!turned || !table.current) return;
    table.current.focus({ preventScroll: true });
    table.current.scrollIntoView({ block: "start" });
  }, [query.isPlaceholderData, shownPage, view.state, view.q, view.filter, view.sort]);

  useEffect(() => {
    document.title = `${listingsTitle({ ...view, page: shownPage })} · Personalization dashboard`;
    rememberListingsView(listingsHref({ ...view, page: shownPage }));
  }, [view, shownPage]);

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

  const refresh = async () => {
    setRefreshing(true);
    setRefreshError(null);
    try {
      const fresh = await read(true);
      await queryClient.invalidateQueries({ queryKey: ["listings"] });
      queryClient.setQueryData(listingsKey(view), fresh);
    } catch (error) {
      setRefreshError(
        error instanceof Error ? error.message : "The listings could not be read again. Try again in a moment.",
      );
    } finally {
      setRefreshing(false);
    }
  };

  const stateLabel = VIEW_STATES.find((option) => option.value === view.state)?.label.toLowerCase() ?? view.state;
  const narrowed = view.q !== "" || view.filter !== "all";
  const partialOf = data?.partialOf;
  const keptCopy = data?.keptCopy;
  // A removed listing is gone: nothing in that view can be selected for a change.
  const selectable = canEdit && partialOf === undefined && view.state !== "removed";
  const pageIds = data?.listings.map((listing) => listing.id) ?? [];
  const pageSelected = pageIds.filter(selection.isSelected).length;
  const first = (shownPage - 1) * PAGE_SIZE + 1;
  const anySelected = selection.allMatching || selection.ids.size > 0;
  const bulkSelection: Selection = selection.allMatching
    ? {
        kind: "filter",
        state: view.state,
        ...(view.q && { q: view.q }),
        ...(view.filter !== "all" && { filter: view.filter }),
        ...(selection.excluded.size > 0 && { exclude: [...selection.excluded] }),
      }
    : { kind: "listings", listingIds: [...selection.ids] };

  return (
    <section aria-labelledby="listings-heading" className={`mt-6 ${anySelected ? "max-md:pb-44" : ""}`}>
      <h2 id="listings-heading" className="sr-only">
        Listings
      </h2>
      {!canEdit && <ReadOnlyListingsNotice here={`/listings?${viewParams(view)}`} />}
      <ListingsToolbar view={view} onShow={show} />

      {partialOf !== undefined && (
        <p role="status" className="mt-4 rounded-lg bg-blue-50 p-3 text-sm text-blue-950 ring-1 ring-blue-200">
          Your shop has {partialOf.toLocaleString("en-US")} {stateLabel} listings. Until the dashboard has read them
          all, this list holds the first {data?.total}: search, filters and sorts cover those, and changes to many
          listings open once the reading is done.
        </p>
      )}

      {keptCopy && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          Showing your listings as the dashboard last read them, <TimeAgo at={keptCopy.readAt} />; the marketplace is
          not answering, and the page tries again by itself.
        </p>
      )}

      {selectable && data && data.count > 0 && (
        // On a phone the bar waits for a selection, then stays pinned to the bottom of the screen, in reach of a thumb;
        // wider, the holder steps aside (display: contents) so that the bar sticks to the top of the list as before.
        <div
          data-testid="bulk-bar-holder"
          className={
            anySelected
              ? "md:contents max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-20 max-md:p-2 max-md:[&>section]:mt-0 max-md:[&>section]:gap-2 max-md:[&>section]:p-2 max-md:[&>section]:shadow-lg max-md:[&>section>span]:flex-nowrap max-md:[&>section>span]:overflow-x-auto"
              : "max-md:hidden md:contents"
          }
        >
          <BulkBar
            stateLabel={stateLabel}
            narrowed={narrowed}
            count={data.count}
            selection={bulkSelection}
            selectedCount={
              selection.allMatching ? Math.max(0, data.count - selection.excluded.size) : selection.ids.size
            }
            excludedCount={selection.excluded.size}
            onThisPage={pageSelected}
            allMatching={selection.allMatching}
            pageFullySelected={pageIds.length > 0 && pageSelected === pageIds.length}
            onSelectAllMatching={selection.selectAllMatching}
            onClear={selection.clear}
            multiQuestion={multiQuestion}
          />
        </div>
      )}

      {heldFailure && (
        <RecoveryNotice
          key={heldFailure.triedAt}
          message={heldFailure.message}
          retryAfter={heldFailure.retryAfter}
          retrying={retryingHeld}
          triedAt={heldFailure.triedAt}
          onRetry={() => void retryHeld()}
        />
      )}

      {query.isError && (
        <RecoveryNotice
          key={query.errorUpdatedAt}
          {...unavailableOf(query.error)}
          retrying={query.isFetching}
          triedAt={query.errorUpdateCount > 1 ? query.errorUpdatedAt : undefined}
          onRetry={() => void query.refetch()}
        />
      )}

      {data && data.count === 0 && (
        <div className="mt-6 text-stone-700">
          {data.total === 0 ? (
            <p>No {stateLabel} listings.</p>
          ) : (
            <p>
              None of your {data.total} {stateLabel} listings matches{view.q ? ` “${view.q}”` : ""}
              {view.filter !== "all" ? " with this personalization filter" : ""}.{" "}
              {view.q ? "Try other words, or" : "Try another filter, or"}{" "}
              <button
                type="button"
                onClick={() => show({ ...view, q: "", filter: "all", page: 1 })}
                className="min-h-11 text-blue-800 underline underline-offset-2 md:min-h-0"
              >
                show all {stateLabel} listings
              </button>
              .
            </p>
          )}
        </div>
      )}

      {data && data.listings.length > 0 && (
        <>
          <div
            ref={table}
            tabIndex={-1}
            aria-busy={query.isFetching}
            className={`mt-4 scroll-mt-4 rounded-xl bg-white ring-1 ring-stone-200 outline-none focus-visible:ring-2 focus-visible:ring-blue-700 md:scroll-mt-24 ${query.isPlaceholderData ? "opacity-60" : ""}`}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Your {stateLabel} listings{narrowed ? " that match" : ""}, showing {first} to{" "}
                {first + data.listings.length - 1} of {data.count}
              </caption>
              <thead className="bg-stone-100 text-stone-700">
                <tr>
                  <th scope="col" className="px-2 py-2 font-medium md:w-[38%] md:px-4">
                    {selectable ? (
                      <span className="flex items-center gap-1 md:gap-2">
                        <label className="flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center md:h-6 md:w-6">
                          <input
                            type="checkbox"
                            aria-label="Select all listings on this page"
                            className="h-4 w-4"
                            checked={pageSelected === pageIds.length}
                            ref={(box) => {
                              if (box) box.indeterminate = pageSelected > 0 && pageSelected < pageIds.length;
                            }}
                            onChange={(event) => selection.toggle(pageIds, event.target.checked)}
                          />
                        </label>
                        Listing
                      </span>
                    ) : (
                      "Listing"
                    )}
                  </th>
                  <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                    Buyers are asked
                  </th>
                  <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell md:w-28">
                    Required
                  </th>
                  <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell md:w-32">
                    Character limit
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.listings.map((listing) => (
                  <ListingRow
                    key={listing.id}
                    listing={listing}
                    editHref={editorHref(listing.id, { ...view, page: shownPage })}
                    selectable={selectable}
                    selected={selection.isSelected(listing.id)}
                    onSelect={(checked) => selection.toggle([listing.id], checked)}
                    multiQuestion={multiQuestion}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <nav
            aria-label="Pages"
            className="mt-4 flex flex-col gap-3 text-sm md:flex-row md:items-center md:justify-between"
          >
            <p aria-live="polite">
              Showing {first}–{first + data.listings.length - 1} of {data.count}
              {narrowed && ` (of ${data.total} ${stateLabel})`}
            </p>
            <PageNumbers view={{ ...view, page: shownPage }} pages={data.pages} onShow={show} />
          </nav>
        </>
      )}

      <div className={`mt-6 flex flex-wrap items-center gap-3 text-sm text-stone-600 ${keptCopy ? "hidden" : ""}`}>
        <p>Changed listings on the marketplace itself? This list may be up to 30 seconds old.</p>
        <button
          type="button"
          onClick={refresh}
          disabled={refreshing}
          className="min-h-11 rounded-md px-3 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60 md:min-h-9"
        >
          {refreshing ? "Reading your listings…" : "Read the listings again"}
        </button>
        {refreshError && (
          <p role="alert" className="text-red-800">
            {refreshError}
          </p>
        )}
      </div>
    </section>
  );
}
