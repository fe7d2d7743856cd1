"use client";

import { lazy, Suspense, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchFromDashboard, listingKey } from "@/lib/listing-queries";
import type { Listing } from "@/lib/marketplace/wire";
import { editableInSingleQuestionEditor } from "@/lib/personalization/editable";
import { QuestionForm } from "./question-form";
import { historyKey } from "./history-key";
import { useSignInOnExpiry } from "../use-sign-in-on-expiry";

// The history is read in the browser after the page is shown, so its code (and its diffs) need not hold up the first load.
// Shown from the server's HTML at once; their code is not needed before the seller acts, so it loads beside the page's.
const StoredQuestion = lazy(() => import("./stored-question").then((module) => ({ default: module.StoredQuestion })));
const ReadOnlyNotice = lazy(() => import("./read-only-notice").then((module) => ({ default: module.ReadOnlyNotice })));
const HistoryList = lazy(() => import("./history-list").then((module) => ({ default: module.HistoryList })));

const STATE_NAMES: Record<string, string> = { active: "Active", inactive: "Inactive", draft: "Draft", expired: "Expired", sold_out: "Sold out" };

export function PersonalizationEditor({ listingId, canEdit }: { listingId: number; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: listingKey(listingId), queryFn: () => fetchFromDashboard<Listing>(`/api/listings/${listingId}`) });
  useSignInOnExpiry(query.error, `/listings/${listingId}`);
  // A restored version replaces the form's values, so the form starts again from the listing.
  const [formVersion, setFormVersion] = useState(0);
  const listing = query.data;
  if (!listing) {
    return query.isError ? (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
        {query.error.message}
      </p>
    ) : (
      <p className="mt-4">Loading the listing…</p>
    );
  }

  const stored = (next: Listing) => {
    queryClient.setQueryData(listingKey(listingId), next);
    void queryClient.invalidateQueries({ queryKey: ["listings"] });
    void queryClient.invalidateQueries({ queryKey: historyKey(listingId) });
  };
  const editable = editableInSingleQuestionEditor(listing);

  return (
    <>
      <h1 className="mt-4 text-2xl font-semibold break-words">{listing.title}</h1>
      {/* On the page's own background: its colours come from the page, light or dark. */}
      <p className="mt-1 text-sm">
        {STATE_NAMES[listing.state] ?? listing.state}
        {listing.price ? ` · ${listing.price}` : ""}
      </p>
      <details className="mt-1 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center">Details for support</summary>
        <p>Listing number {listing.id} on the marketplace.</p>
      </details>
      <div className="mt-4 grid gap-6 lg:grid-cols-[3fr_2fr]">
        {editable ? (
          <QuestionForm
            key={formVersion}
            listing={listing}
            canEdit={canEdit}
            onStored={stored}
            aside={
              <Suspense fallback={null}>
                <StoredQuestion listing={listing} />
              </Suspense>
            }
          />
        ) : (
          <>
            <Suspense fallback={null}>
              <ReadOnlyNotice questionCount={listing.questions.length} />
            </Suspense>
            <Suspense fallback={null}>
              <StoredQuestion listing={listing} />
            </Suspense>
          </>
        )}
      </div>
      <Suspense fallback={<p className="mt-6 text-sm">Loading the history…</p>}>
        <HistoryList
          listing={listing}
          canRestore={canEdit && editable}
          onRestored={(questions) => {
            stored({ ...listing, isPersonalizable: questions.length > 0, questions, legacyDisagrees: false });
            setFormVersion((version) => version + 1);
          }}
        />
      </Suspense>
    </>
  );
}
