"use client";

import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard, LISTING_STATES, listingsKey, PAGE_SIZE } from "@/lib/listing-queries";
import type { ListingPage } from "@/lib/marketplace/wire";
import type { ListingState } from "@/lib/marketplace/client";
import { QuestionSummary } from "./question-summary";
import { BulkBar } from "./bulk-bar";
import { RecentBulkJobs } from "./recent-bulk-jobs";
import { useSignInOnExpiry } from "../use-sign-in-on-expiry";

/** Ticked listings, or every listing in the filter (across pages); a new filter starts a new selection. */
type Selection = { state: ListingState; ids: ReadonlySet<number>; allMatching: boolean };

export function ListingsTable({ state, page, canEdit = false, multiQuestion = false }: { state: ListingState; page: number; canEdit?: boolean; multiQuestion?: boolean }) {
  const [kept, setSelection] = useState<Selection>({ state, ids: new Set(), allMatching: false });
  const selection: Selection = kept.state === state ? kept : { state, ids: new Set(), allMatching: false };
  const query = useQuery({
    queryKey: listingsKey(state, page),
    queryFn: () => fetchFromDashboard<ListingPage>(`/api/listings?state=${state}&page=${page}`),
  });
  useSignInOnExpiry(query.error, `/listings?state=${state}&page=${page}`);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  const first = (page - 1) * PAGE_SIZE + 1;
  const pageIds = data?.listings.map((listing) => listing.id) ?? [];
  const pageSelected = pageIds.filter((id) => selection.allMatching || selection.ids.has(id)).length;

  const select = (ids: number[], checked: boolean) => {
    const next = new Set(selection.ids);
    for (const id of ids) if (checked) next.add(id);
    else next.delete(id);
    setSelection({ state, ids: next, allMatching: false });
  };

  return (
    <section aria-labelledby="listings-heading" className="mt-6">
      <h2 id="listings-heading" className="sr-only">
        Listings
      </h2>
      <nav aria-label="Filter by state" className="flex flex-wrap gap-2">
        {LISTING_STATES.map((option) => (
          <Link
            key={option.value}
            href={`/listings?state=${option.value}`}
            aria-current={option.value === state ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm ring-1 ${option.value === state ? "bg-stone-900 text-white ring-stone-900" : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-100"}`}
          >
            {option.label}
          </Link>
        ))}
      </nav>

      <RecentBulkJobs />

      {canEdit && data && data.listings.length > 0 && (
        <BulkBar
          state={state}
          count={data.count}
          selectedIds={[...selection.ids]}
          allMatching={selection.allMatching}
          pageFullySelected={pageSelected === pageIds.length}
          onSelectAllMatching={() => setSelection({ state, ids: new Set(), allMatching: true })}
          onClear={() => setSelection({ state, ids: new Set(), allMatching: false })}
          multiQuestion={multiQuestion}
        />
      )}

      {query.isError && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          {query.error.message}
        </p>
      )}

      {data && data.listings.length === 0 && <p className="mt-6 text-stone-600">No {LISTING_STATES.find((option) => option.value === state)?.label.toLowerCase()} listings.</p>}

      {data && data.listings.length > 0 && (
        <>
          <div className="mt-4 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Your {state.replace("_", " ")} listings, showing {first} to {first + data.listings.length - 1} of {data.count}
              </caption>
              <thead className="bg-stone-100 text-stone-700">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {canEdit ? (
                      <span className="flex items-center gap-3">
                        <input
                          type="checkbox"
                          aria-label="Select all listings on this page"
                          className="h-4 w-4"
                          checked={pageSelected === pageIds.length}
                          ref={(box) => {
                            if (box) box.indeterminate = pageSelected > 0 && pageSelected < pageIds.length;
                          }}
                          disabled={selection.allMatching}
                          onChange={(event) => select(pageIds, event.target.checked)}
                        />
                        Listing
                      </span>
                    ) : (
                      "Listing"
                    )}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">Buyers asked</th>
                  <th scope="col" className="px-4 py-2 font-medium">Required</th>
                  <th scope="col" className="px-4 py-2 font-medium">Character limit</th>
                </tr>
              </thead>
              <tbody>
                {data.listings.map((listing) => (
                  <tr key={listing.id} className="border-t border-stone-100 align-top">
                    <td className="px-4 py-3">
                      <div className="flex items-start gap-3">
                        {canEdit && (
                          <input
                            type="checkbox"
                            aria-label={`Select ${listing.title}`}
                            className="mt-0.5 h-4 w-4 shrink-0"
                            checked={selection.allMatching || selection.ids.has(listing.id)}
                            disabled={selection.allMatching}
                            onChange={(event) => select([listing.id], event.target.checked)}
                          />
                        )}
                        <div>
                          <Link href={`/listings/${listing.id}`} className="font-medium text-blue-800 underline-offset-2 hover:underline">
                            {listing.title}
                          </Link>
                          {listing.legacyDisagrees && (
                            <p className="mt-1 text-xs text-amber-800">The legacy personalization fields disagree with this question; saving will bring them in line.</p>
                          )}
                        </div>
                      </div>
                    </td>
                    <QuestionSummary listing={listing} multiQuestion={multiQuestion} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
            <p>
              Showing {first}–{first + data.listings.length - 1} of {data.count}
            </p>
            <div className="flex gap-2">
              {page > 1 && (
                <Link href={`/listings?state=${state}&page=${page - 1}`} className="rounded-md px-3 py-1.5 ring-1 ring-stone-300 hover:bg-stone-100">
                  Previous page
                </Link>
              )}
              {page < pages && (
                <Link href={`/listings?state=${state}&page=${page + 1}`} className="rounded-md px-3 py-1.5 ring-1 ring-stone-300 hover:bg-stone-100">
                  Next page
                </Link>
              )}
            </div>
          </nav>
        </>
      )}
    </section>
  );
}
