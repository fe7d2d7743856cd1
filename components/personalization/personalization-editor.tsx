"use client";

import { lazy, Suspense } from "react";
import { editableInSingleQuestionEditor } from "@/lib/personalization/editable";
import { QuestionFormLoader } from "./question-form-loader";
import { ListingHeading, ListingNotLoaded } from "./listing-heading";
import { useEditedListing } from "./use-edited-listing";

// The history is read in the browser after the page is shown, so its code (and its diffs) need not hold up the first load.
// Shown from the server's HTML at once; their code is not needed before the seller acts, so it loads beside the page's.
const StoredQuestion = lazy(() => import("./stored-question").then((module) => ({ default: module.StoredQuestion })));
const ReadOnlyNotice = lazy(() => import("./read-only-notice").then((module) => ({ default: module.ReadOnlyNotice })));
const HistoryList = lazy(() => import("./history-list").then((module) => ({ default: module.HistoryList })));

export function PersonalizationEditor({ listingId, canEdit }: { listingId: number; canEdit: boolean }) {
  const { query, listing, formVersion, stored, restored } = useEditedListing(listingId);
  if (!listing) return <ListingNotLoaded error={query.error} />;
  const editable = editableInSingleQuestionEditor(listing);

  return (
    <>
      <ListingHeading listing={listing} />
      <div className="mt-4 grid gap-6 lg:grid-cols-[3fr_2fr]">
        {editable ? (
          <QuestionFormLoader
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
          onRestored={(questions) => restored(listing, questions)}
        />
      </Suspense>
    </>
  );
}
