"use client";

import { useEffect, useRef, useState, useSyncExternalStore, useTransition } from "react";
import { useFieldArray, useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { newQuestionDraft, QUESTION_TYPE_NAMES, QUESTION_TYPES, QUESTIONS_MAX, questionSetFormSchema, type QuestionSetForm as QuestionSetOutput, type QuestionType } from "@/lib/personalization/question-set";
import type { Listing } from "@/lib/marketplace/wire";
import type { ActionResult } from "@/lib/actions/seller-action";
import { updateQuestionSetAction } from "@/app/listings/[id]/update-question-set";
import { removePersonalizationAction } from "@/app/listings/[id]/remove-personalization";
import { RemoveDialog } from "../remove-dialog";
import { keepQuestionSetDraft, takeQuestionSetDraft, valuesOf, type QuestionSetValues } from "./drafts";
import { QuestionCard } from "./question-card";
import { QuestionSetPreview } from "./question-set-preview";

type Status = { tone: "success" | "error" | "info"; text: string };

const noSubscription = () => () => {};
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);
const TONES = { error: "bg-red-50 text-red-900 ring-red-200", success: "bg-green-50 text-green-900 ring-green-200", info: "bg-blue-50 text-blue-900 ring-blue-200" };

/** The multi-question period's editor (spec 9.4): up to five questions of every type, checked in the browser with the server's own schema. */
export function QuestionSetForm({ listing, canEdit, onStored }: { listing: Listing; canEdit: boolean; onStored: (listing: Listing) => void }) {
  const form = useForm<QuestionSetValues, unknown, QuestionSetOutput>({
    resolver: zodResolver(questionSetFormSchema) as unknown as Resolver<QuestionSetValues, unknown, QuestionSetOutput>,
    mode: "onTouched",
    defaultValues: valuesOf(listing.questions),
  });
  const { control, handleSubmit, watch, reset, getValues, formState } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: "questions" });
  const [status, setStatus] = useState<Status | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [newType, setNewType] = useState<QuestionType>("dropdown");
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const restored = useRef(false);
  const here = `/listings/${listing.id}`;
  const questions = watch("questions") ?? [];
  const setError = formState.errors.questions?.root?.message ?? formState.errors.questions?.message;

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

  const moveQuestion = (from: number, to: number) => {
    if (to < 0 || to >= fields.length) return;
    move(from, to);
    const title = getValues(`questions.${to}.title`);
    setAnnouncement(`Question “${title}” moved to position ${to + 1} of ${fields.length}.`);
  };

  return (
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
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <form onSubmit={save} noValidate aria-label="Personalization questions" className="space-y-4">
        <fieldset disabled={!canEdit || pending || !hydrated} className="space-y-4">
          <legend className="text-lg font-semibold">Personalization questions</legend>
          <p className="text-sm text-stone-600">
            The marketplace is in its multi-question period: buyers can be asked up to {QUESTIONS_MAX} questions, in this order. Drag a question by its handle, or use Move up and Move
            down.
          </p>
          <ol className="space-y-4">
            {fields.map((field, index) => (
              <QuestionCard
                key={field.id}
                form={form}
                index={index}
                count={fields.length}
                fieldId={field.id}
                type={questions[index]?.type ?? field.type}
                onMove={moveQuestion}
                onRemove={() => {
                  const title = getValues(`questions.${index}.title`);
                  remove(index);
                  setAnnouncement(`Question “${title}” removed. ${fields.length - 1} left.`);
                }}
                announce={setAnnouncement}
              />
            ))}
          </ol>
          <p role="alert" className="text-sm font-medium text-red-800">
            {setError}
          </p>

          <div className="flex flex-wrap items-end gap-3 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
            <div>
              <label htmlFor="new-question-type" className="block text-sm font-medium">
                Type of the new question
              </label>
              <select id="new-question-type" value={newType} onChange={(event) => setNewType(event.target.value as QuestionType)} className="mt-1 rounded-md border border-stone-400 p-2">
                {QUESTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {QUESTION_TYPE_NAMES[type]}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              disabled={fields.length >= QUESTIONS_MAX}
              aria-describedby="add-question-hint"
              onClick={() => {
                append(newQuestionDraft(newType), { shouldFocus: true, focusName: `questions.${fields.length}.title` });
                setAnnouncement(`${QUESTION_TYPE_NAMES[newType]} question added as question ${fields.length + 1}.`);
              }}
              className="rounded-lg px-4 py-2 font-medium ring-1 ring-stone-400 hover:bg-white disabled:opacity-50"
            >
              Add a question
            </button>
            <p id="add-question-hint" className="text-sm text-stone-600">
              {fields.length >= QUESTIONS_MAX ? `A listing can ask at most ${QUESTIONS_MAX} questions: remove one to add another.` : `${fields.length} of ${QUESTIONS_MAX} questions.`}
            </p>
          </div>

          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
              {pending ? "Saving…" : "Save questions"}
            </button>
            {listing.questions.length > 0 && <RemoveDialog title={listing.title} onConfirm={removeAll} />}
          </div>
        </fieldset>
      </form>

      <QuestionSetPreview questions={questions} />
    </div>
  );
}
