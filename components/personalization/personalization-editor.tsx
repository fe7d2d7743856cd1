"use client";

import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { editableInSingleQuestionEditor } from "@/lib/personalization/single-question-period";
import type { Question } from "@/lib/marketplace/wire";
import { CannotEditNotice } from "./cannot-edit-notice";
import { hasDraft } from "./use-question-save";
import { ListingHeading, ListingNotLoaded } from "./listing-heading";
import { NoQuestion } from "./no-question";
import { QuestionForm } from "./question-form";
import { ReadOnlyNotice } from "./read-only-notice";
import { StoredQuestion } from "./stored-question";
import { useEditedListing } from "./use-edited-listing";

const HistoryList = lazy(() => import("../history/history-list").then((module) => ({ default: module.HistoryList })));

const noSubscription = () => () => {};
const noDraftOnServer = () => false;

export function PersonalizationEditor({ listingId, canEdit }: { listingId: number; canEdit: boolean }) {
  const { query, listing, formVersion, stored, restored } = useEditedListing(listingId);
  const [adding, setAdding] = useState<"clicked" | "draft" | false>(false);
  const [removed, setRemoved] = useState(false);
  const draftKept = useSyncExternalStore(noSubscription, () => hasDraft(listingId), noDraftOnServer);
  if (draftKept && !adding) setAdding("draft");
  if (!listing) return <ListingNotLoaded error={query.error} />;
  const editable = editableInSingleQuestionEditor(listing);
  const onStored = (questions: Question[]) => {
    stored(questions);
    if (questions.length > 0) return;
    setAdding(false);
    setRemoved(true);
  };

  return (
    <>
      <ListingHeading listing={listing} />
      <div className="mt-4 grid gap-6 lg:grid-cols-[3fr_2fr]">
        {!editable ? (
          <>
            <ReadOnlyNotice questionCount={listing.questions.length} />
            <StoredQuestion listing={listing} />
          </>
        ) : listing.questions.length > 0 || adding ? (
          <QuestionForm
            key={formVersion}
            listing={listing}
            canEdit={canEdit}
            focusFirst={adding === "clicked"}
            onStored={onStored}
            aside={<StoredQuestion listing={listing} />}
          />
        ) : (
          <>
            <div className="min-w-0 space-y-6">
              {!canEdit && <CannotEditNotice here={`/listings/${listing.id}`} />}
              <NoQuestion
                canEdit={canEdit}
                focus={removed}
                onAdd={() => {
                  setAdding("clicked");
                  setRemoved(false);
                }}
              />
            </div>
            <StoredQuestion listing={listing} />
          </>
        )}
      </div>
      <Suspense fallback={<p className="mt-6 text-sm">Loading the history…</p>}>
        <HistoryList
          listing={listing}
          canRestore={canEdit && editable}
          onRestored={(questions) => {
            setAdding(false);
            restored(questions);
          }}
        />
      </Suspense>
    </>
  );
}
