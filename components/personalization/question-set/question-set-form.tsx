"use client";

import { useEffect, useRef, useState, useSyncExternalStore, useTransition, type ReactNode } from "react";
import { QUESTIONS_MAX } from "@/lib/personalization/question-set";
import type { Listing } from "@/lib/marketplace/wire";
import type { ActionResult } from "@/lib/actions/seller-action";
import { updateQuestionSetAction } from "@/app/listings/[id]/update-question-set";
import { removePersonalizationAction } from "@/app/listings/[id]/remove-personalization";
import { RemoveDialog } from "../remove-dialog";
import { keepQuestionSetDraft, takeQuestionSetDraft, valuesOf } from "./drafts";
import { useQuestionSetForm } from "./use-question-set-form";
import { QuestionList } from "./question-list";
import { QuestionSetPreview } from "./question-set-preview";

type Status = { tone: "success" | "error" | "info"; text: string };

const noSubscription = () => () => {};
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);
const TONES = { error: "bg-red-50 text-red-900 ring-red-200", success: "bg-green-50 text-green-900 ring-green-200", info: "bg-blue-50 text-blue-900 ring-blue-200" };

/** The multi-question period's editor (spec 9.4): up to five questions of every type, checked in the browser with the server's own schema. */
export function QuestionSetForm({ listing, canEdit, onStored, aside }: { listing: Listing; canEdit: boolean; onStored: (listing: Listing) => void; aside: ReactNode }) {
  const form = useQuestionSetForm(valuesOf(listing.questions));
  const { handleSubmit, watch, reset, getValues } = form;
  const [status, setStatus] = useState<Status | null>(null);
  const [removing, setRemoving] = useState(false);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const restored = useRef(false);
  const here = `/listings/${listing.id}`;
  const questions = watch("questions") ?? [];

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = takeQuestionSetDraft(listing.id);
    if (!draft) return;
    reset(draft, { keepDefaultValues: true });
    setStatus({ tone: "info", text: "Your unsaved changes were kept while you signed in again. Review them and save." });
  }, [listing.id, reset]);

  function failed(result: Extract<ActionResult<unknown>, { ok: false }>) {
    if (result.reauth) {
      keepQuestionSetDraft(listing.id, getValues());
      window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(here)}&reason=expired`);
      return;
    }
    setStatus({ tone: "error", text: result.formError });
  }

  const save = handleSubmit((values) => {
    setStatus(null);
    startTransition(async () => {
      const result = await updateQuestionSetAction({ listingId: listing.id, questions: values.questions });
      if (!result.ok) return failed(result);
      onStored({ ...listing, isPersonalizable: true, questions: result.data, legacyDisagrees: false });
      reset(valuesOf(result.data));
      setStatus({ tone: "success", text: `Saved. Buyers are now asked ${result.data.length === 1 ? "this question" : `these ${result.data.length} questions`}.` });
    });
  });

  const removeAll = () => {
    setStatus(null);
    startTransition(async () => {
      const result = await removePersonalizationAction({ listingId: listing.id });
      if (!result.ok) return failed(result);
      onStored({ ...listing, isPersonalizable: false, questions: [], legacyDisagrees: false });
      reset({ questions: [] });
      setStatus({ tone: "success", text: "Personalization removed. Buyers are no longer asked anything on this listing." });
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-6">
      {status && (
        <div role={status.tone === "error" ? "alert" : "status"} className={`rounded-lg p-4 text-sm ring-1 ${TONES[status.tone]}`}>
          <p>{status.text}</p>
        </div>
      )}
      {!canEdit && (
        <p role="status" className="rounded-lg bg-amber-50 p-4 text-sm ring-1 ring-amber-200">
          You did not allow the dashboard to edit listings, so these questions are read-only. Sign in again and keep “Create and edit your listings” checked.
        </p>
      )}
      <form onSubmit={save} noValidate aria-label="Personalization questions" className="space-y-4">
        <fieldset disabled={!canEdit || pending || !hydrated} className="space-y-4">
          <legend className="text-lg font-semibold">Personalization questions</legend>
          <p className="text-sm text-stone-600">
            The marketplace is in its multi-question period: buyers can be asked up to {QUESTIONS_MAX} questions, in this order. Drag a question by its handle, or use Move up and Move
            down.
          </p>
          <QuestionList form={form} />

          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
              {pending ? "Saving…" : "Save questions"}
            </button>
            {listing.questions.length > 0 && (
              <button
                type="button"
                onClick={() => setRemoving(true)}
                className="min-h-11 rounded-lg px-4 py-2 font-medium text-red-800 ring-1 ring-red-300 hover:bg-red-50 dark:text-red-300 dark:ring-red-700 dark:hover:bg-red-950"
              >
                Remove personalization
              </button>
            )}
          </div>
        </fieldset>
      </form>
      {removing && <RemoveDialog title={listing.title} onConfirm={removeAll} onClose={() => setRemoving(false)} />}

      </div>
      {/* Beside the questions on wide screens, so the seller sees each change as a buyer will. */}
      <div className="space-y-6 self-start lg:sticky lg:top-4">
        <QuestionSetPreview questions={questions} />
        {aside}
      </div>
    </div>
  );
}
