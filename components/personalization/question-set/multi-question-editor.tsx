"use client";

import { lazy, Suspense } from "react";
import { ReadOnlySection } from "../read-only-notice";
import { StoredQuestion } from "../stored-question";
import { ListingHeading, ListingNotLoaded } from "../listing-heading";
import { useEditedListing } from "../use-edited-listing";
import { editableQuestionSet } from "../../questions/drafts";
import { QuestionSetForm } from "./question-set-form";

const HistoryList = lazy(() =>
  import("../../history/history-list").then((module) => ({ default: module.HistoryList })),
);

/** The listing's page in the multi-question period: the question set editor, what the marketplace holds now, and the history. */
export default function MultiQuestionEditor({
  listingId,
  canEdit,
  currencyCode,
  addOnPrices,
  storedPasses,
}: {
  listingId: number;
  canEdit: boolean;
  currencyCode?: string;
  addOnPrices: boolean;
  /** The server's storedQuestionsPass for the questions it read, which are the first form's. */
  storedPasses: boolean;
}) {
  const { query, listing, formVersion, stored, restored } = useEditedListing(listingId);
  if (!listing) return <ListingNotLoaded error={query.error} />;
  const editable = editableQuestionSet(listing.questions);

  return (
    <>
      <ListingHeading listing={listing} />
      <div className="mt-6">
        {editable ? (
          <QuestionSetForm
            key={formVersion}
            listing={listing}
            canEdit={canEdit}
            storedPasses={storedPasses && formVersion === 0}
            pricing={{ currencyCode, offered: addOnPrices }}
            onStored={stored}
            aside={<StoredQuestion listing={listing} />}
          />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
            <ReadOnlySection>
              <p className="mt-2">
                This listing asks buyers a kind of question this dashboard does not know, and the marketplace replaces
                all of a listing’s questions on every save, so saving here would delete it. Edit its questions on the
                marketplace.
              </p>
            </ReadOnlySection>
            <StoredQuestion listing={listing} />
          </div>
        )}
      </div>
      <Suspense fallback={<p className="mt-6 text-sm">Loading the history…</p>}>
        <HistoryList listing={listing} canRestore={canEdit && editable} onRestored={restored} />
      </Suspense>
    </>
  );
}
