"use client";

import { useEffect, useRef } from "react";
import { PAGE_SIZE, VIEW_STATES } from "@/lib/listings/query-keys";
import { editorHref, listingsHref, listingsTitle, viewParams } from "@/lib/listings/view";
import { wholeNumber } from "@/lib/whole-number";
import { PANEL_CLASS } from "../ui/panel";
import { BulkBar } from "./bulk-bar";
import { ListingRow } from "./listing-row";
import { ListingsToolbar } from "./listings-toolbar";
import { PageNumbers } from "./page-numbers";
import { ReadAgain } from "./read-again";
import { ReadOnlyListingsNotice } from "./read-only-listings-notice";
import { rememberListingsView } from "./last-listings-view";
import { useListingsRead, unavailableOf, type Unavailable } from "./use-listings-read";
import { useListingsView } from "./use-listings-view";
import { useSelection } from "../listings-selection";
import { useSignInOnExpiry } from "../use-sign-in-on-expiry";
import { RecoveryNotice } from "../feedback/recovery-notice";
import { TimeAgo } from "../feedback/time-ago";

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
  const { query, heldFailure, retryingHeld, retryHeld, readAgain } = useListingsRead(view, unavailable);
  useSignInOnExpiry(query.error, `/listings?${viewParams(view)}`);
  const selection = useSelection(view);
  const data = query.data;
  const shownPage = data?.page ?? view.page;

  useEffect(() => {
    if (!query.isPlaceholderData && data && data.page !== view.page) show({ page: data.page }, { replace: true });
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

  const stateLabel = VIEW_STATES.find((option) => option.value === view.state)?.label.toLowerCase() ?? view.state;
  const narrowed = view.q !== "" || view.filter !== "all";
  const partialOf = data?.partialOf;
  const keptCopy = data?.keptCopy;
  // A removed listing is gone: nothing in that view can be selected for a change.
  const selectable = canEdit && partialOf === undefined && view.state !== "removed";
  const pageIds = data?.listings.map((listing) => listing.id) ?? [];
  const selectedOnPage = pageIds.filter(selection.isSelected).length;
  const first = (shownPage - 1) * PAGE_SIZE + 1;
  const anySelected = selection.allMatching || selection.ids.size > 0;

  return (
    <section aria-labelledby="listings-heading" className={`mt-6 ${anySelected ? "max-md:pb-44" : ""}`}>
      <h2 id="listings-heading" className="sr-only">
        Listings
      </h2>
      {!canEdit && <ReadOnlyListingsNotice here={`/listings?${viewParams(view)}`} />}
      <ListingsToolbar view={view} onShow={show} />
      {/* Why the list holds less, or older, than the marketplace: a large shop still being read, or the marketplace away. */}
      {partialOf !== undefined && (
        <p role="status" className="mt-4 rounded-lg bg-blue-50 p-3 text-sm text-blue-950 ring-1 ring-blue-200">
          Your shop has {wholeNumber(partialOf)} {stateLabel} listings. Until the dashboard has read them all, this list
          holds the first {data?.total}: search, filters and sorts cover those, and changes to many listings open once
          the reading is done.
        </p>
      )}
      {keptCopy && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          Showing your listings as the dashboard last read them, <TimeAgo at={keptCopy.readAt} />; the marketplace is
          not answering, and the page tries again by itself.
        </p>
      )}

      {selectable && data && data.count > 0 && (
        <BulkBar
          view={view}
          selection={selection}
          count={data.count}
          pageIds={pageIds}
          stateLabel={stateLabel}
          narrowed={narrowed}
          multiQuestion={multiQuestion}
        />
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
                onClick={() => show({ q: "", filter: "all", page: 1 })}
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
            className={`mt-4 scroll-mt-4 ${PANEL_CLASS} outline-none focus-visible:ring-2 focus-visible:ring-blue-700 md:scroll-mt-24 ${query.isPlaceholderData ? "opacity-60" : ""}`}
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
                            checked={selectedOnPage === pageIds.length}
                            ref={(box) => {
                              if (box) box.indeterminate = selectedOnPage > 0 && selectedOnPage < pageIds.length;
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

      <ReadAgain hidden={Boolean(keptCopy)} readAgain={readAgain} />
    </section>
  );
}
