"use client";

import { useEffect, useRef } from "react";
import { PAGE_SIZE, VIEW_STATES } from "@/lib/listings/query-keys";
import { editorHref, listingsHref, listingsTitle, viewParams } from "@/lib/listings/view";
import { PANEL_CLASS } from "../ui/panel";
import { BulkBar } from "./bulk-bar";
import { ListingRow } from "./listing-row";
import { ListingsHead } from "./listings-head";
import { ListingsToolbar } from "./listings-toolbar";
import { NoListings } from "./no-listings";
import { PageNumbers } from "./page-numbers";
import { ReadAgain } from "./read-again";
import { ReadingNotices } from "./reading-notices";
import { ReadOnlyListingsNotice } from "./read-only-listings-notice";
import { rememberListingsView } from "./last-listings-view";
import { useListingsRead, unavailableOf, type Unavailable } from "./use-listings-read";
import { useListingsView } from "./use-listings-view";
import { useSelection } from "../listings-selection";
import { useSignInOnExpiry } from "../use-sign-in-on-expiry";
import { RecoveryNotice } from "../feedback/recovery-notice";

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

  const stateLabel = VIEW_STATES.find((option) => option.value === view.state)?.label.toLowerCase() ?? view.state;
  const narrowed = view.q !== "" || view.filter !== "all";
  const partialOf = data?.partialOf;
  const keptCopy = data?.keptCopy;
  // A removed listing is gone: nothing in that view can be selected for a change.
  const selectable = canEdit && partialOf === undefined && view.state !== "removed";
  const pageIds = data?.listings.map((listing) => listing.id) ?? [];
  const first = (shownPage - 1) * PAGE_SIZE + 1;
  const anySelected = selection.allMatching || selection.ids.size > 0;

  return (
    <section aria-labelledby="listings-heading" className={`mt-6 ${anySelected ? "max-md:pb-44" : ""}`}>
      <h2 id="listings-heading" className="sr-only">
        Listings
      </h2>
      {!canEdit && <ReadOnlyListingsNotice here={`/listings?${viewParams(view)}`} />}
      <ListingsToolbar view={view} onShow={show} />
      <ReadingNotices partialOf={partialOf} keptCopy={keptCopy} holds={data?.total} stateLabel={stateLabel} />

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

      {data && data.count === 0 && <NoListings view={view} total={data.total} stateLabel={stateLabel} onShow={show} />}

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
              <ListingsHead
                selectable={selectable}
                selected={pageIds.filter(selection.isSelected).length}
                onPage={pageIds.length}
                onToggle={(checked) => selection.toggle(pageIds, checked)}
              />
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
