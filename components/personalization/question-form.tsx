"use client";

import { useEffect, useRef, useState, useSyncExternalStore, useTransition } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import { sellerQuestionSchema } from "@/lib/personalization/hidden-characters";
import type { Listing, Question } from "@/lib/marketplace/wire";
import type { ActionResult } from "@/lib/actions/seller-action";
import { updatePersonalizationAction } from "@/app/listings/[id]/update-personalization";
import { removePersonalizationAction } from "@/app/listings/[id]/remove-personalization";
import { signInAction } from "@/app/auth-actions";
import { QuestionFields } from "./question-fields";
import { BuyerPreview } from "./buyer-preview";
import { RemoveDialog } from "./remove-dialog";
import { keepDraft, takeDraft } from "./draft";

type Status = { tone: "success" | "error" | "info"; text: string; missingScope?: boolean };

const NEW_QUESTION: QuestionValues = { instructions: "", maxAllowedCharacters: 100, required: false };

const valuesOf = (question: Question | undefined): QuestionValues =>
  question ? { instructions: question.instructions, maxAllowedCharacters: question.maxAllowedCharacters ?? 100, required: question.required } : NEW_QUESTION;

// False in the server's HTML, true once React runs: until then a click on Save would submit the form natively and drop the draft.
const noSubscription = () => () => {};
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

export function QuestionForm({ listing, canEdit, onStored }: { listing: Listing; canEdit: boolean; onStored: (listing: Listing) => void }) {
  const form = useForm<QuestionValues>({ resolver: zodResolver(sellerQuestionSchema), mode: "onChange", defaultValues: valuesOf(listing.questions[0]) });
  const { handleSubmit, watch, setError, reset, getValues } = form;
  const [status, setStatus] = useState<Status | null>(null);
  const [pending, startTransition] = useTransition();
  const restored = useRef(false);
  const hydrated = useHydrated();
  const here = `/listings/${listing.id}`;

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = takeDraft(listing.id);
    if (!draft) return;
    reset({ ...getValues(), ...Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)) }, { keepDefaultValues: true });
    setStatus({ tone: "info", text: "Your unsaved changes were kept while you signed in again. Review them and save." });
  }, [listing.id, reset, getValues]);

  function failed(result: Extract<ActionResult<unknown>, { ok: false }>, values: QuestionValues) {
    if (result.reauth) {
      keepDraft(listing.id, values);
      window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(here)}&reason=expired`);
      return;
    }
    for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
      if (field in NEW_QUESTION) setError(field as keyof QuestionValues, { type: "server", message });
    }
    setStatus({ tone: "error", text: result.formError, missingScope: result.missingScope });
  }

  const save = handleSubmit((values) => {
    setStatus(null);
    startTransition(async () => {
      const result = await updatePersonalizationAction({ listingId: listing.id, question: values });
      if (!result.ok) return failed(result, values);
      const [question] = result.data;
      onStored({ ...listing, isPersonalizable: true, questions: result.data, legacyDisagrees: false });
      reset(valuesOf(question));
      setStatus({ tone: "success", text: "Saved. Buyers are now asked this question." });
    });
  });

  const remove = () => {
    setStatus(null);
    startTransition(async () => {
      const result = await removePersonalizationAction({ listingId: listing.id });
      if (!result.ok) return failed(result, getValues());
      onStored({ ...listing, isPersonalizable: false, questions: [], legacyDisagrees: false });
      reset(NEW_QUESTION);
      setStatus({ tone: "success", text: "Personalization removed. Buyers are no longer asked a question on this listing." });
    });
  };

  const instructions = watch("instructions") ?? "";
  const limit = watch("maxAllowedCharacters");
  const required = watch("required");

  return (
    <div className="space-y-6">
      {status && (
        <div
          role={status.tone === "error" ? "alert" : "status"}
          className={`rounded-lg p-4 text-sm ring-1 ${status.tone === "error" ? "bg-red-50 text-red-900 ring-red-200" : status.tone === "success" ? "bg-green-50 text-green-900 ring-green-200" : "bg-blue-50 text-blue-900 ring-blue-200"}`}
        >
          <p>{status.text}</p>
          {status.missingScope && (
            <form action={signInAction} onSubmit={() => keepDraft(listing.id, getValues())} className="mt-3">
              <input type="hidden" name="callbackUrl" value={here} />
              <button type="submit" className="rounded-md bg-red-800 px-3 py-1.5 font-medium text-white">
                Sign in again and allow editing
              </button>
            </form>
          )}
        </div>
      )}
      {!canEdit && (
        <div role="status" className="rounded-lg bg-amber-50 p-4 text-sm ring-1 ring-amber-200">
          <p>You did not allow the dashboard to edit listings, so this question is read-only. Sign in again and keep “Create and edit your listings” checked.</p>
          <form action={signInAction} className="mt-3">
            <input type="hidden" name="callbackUrl" value={here} />
            <button type="submit" className="rounded-md bg-stone-900 px-3 py-1.5 font-medium text-white">
              Sign in again
            </button>
          </form>
        </div>
      )}

      <form onSubmit={save} noValidate className="space-y-5 rounded-xl bg-white p-5 ring-1 ring-stone-200" aria-label="Personalization question">
        <fieldset disabled={!canEdit || pending || !hydrated} className="space-y-5">
          <legend className="text-lg font-semibold">Personalization question</legend>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">Question type</dt>
            <dd>Text input</dd>
            <dt className="text-stone-600">Title</dt>
            <dd>Personalization</dd>
          </dl>
          <p className="-mt-3 text-xs text-stone-500">During the marketplace&apos;s migration period every listing has one text question titled “Personalization”.</p>

          <QuestionFields form={form} />

          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
              {pending ? "Saving…" : "Save question"}
            </button>
            {listing.questions.length > 0 && <RemoveDialog title={listing.title} onConfirm={remove} />}
          </div>
        </fieldset>
      </form>

      <BuyerPreview instructions={instructions} required={Boolean(required)} limit={Number(limit)} />
    </div>
  );
}
