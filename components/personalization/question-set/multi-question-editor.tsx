"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchFromDashboard, listingKey } from "@/lib/listing-queries";
import type { Listing } from "@/lib/marketplace/wire";
import { StoredQuestion } from "../stored-question";
import { HistoryList } from "../history-list";
import { historyKey } from "../history-key";
import { useSignInOnExpiry } from "../../use-sign-in-on-expiry";
import { editableQuestionSet } from "./drafts";
import { QuestionSetForm } from "./question-set-form";

/** The listing's page in the multi-question period: the question set editor, what the marketplace holds now, and the history. */
export default function MultiQuestionEditor({ listingId, canEdit }: { listingId: number; canEdit: boolean }) {
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
  const editable = editableQuestionSet(listing.questions);

  return (
    <>
      <h1 className="mt-4 text-2xl font-semibold">{listing.title}</h1>
      <p className="mt-1 text-sm text-stone-600">
        Listing {listing.id} · {listing.state.replace("_", " ")}
        {listing.price ? ` · ${listing.price}` : ""}
      </p>
      <div className="mt-6">
        {editable ? (
          <QuestionSetForm key={formVersion} listing={listing} canEdit={canEdit} onStored={stored} aside={<StoredQuestion listing={listing} />} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
            <section role="status" aria-label="Why this listing is read-only" className="rounded-xl bg-amber-50 p-5 text-sm ring-1 ring-amber-200">
              <h2 className="font-semibold">Read-only here</h2>
              <p className="mt-2">
                This listing asks buyers a kind of question this dashboard does not know, and the marketplace replaces all of a listing’s questions on every save, so saving here
                would delete it. Edit its questions on the marketplace.
              </p>
            </section>
            <StoredQuestion listing={listing} />
          </div>
        )}
      </div>
      <HistoryList
        listing={listing}
        canRestore={canEdit && editable}
        onRestored={(questions) => {
          stored({ ...listing, isPersonalizable: questions.length > 0, questions, legacyDisagrees: false });
          setFormVersion((version) => version + 1);
        }}
      />
    </>
  );
}
