"use client";

import { lazy, Suspense, useEffect, useRef, useState, useTransition, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import type { Listing, Question } from "@/lib/marketplace/wire";
import type { ActionResult } from "@/lib/actions/seller-action";
import { updatePersonalizationAction } from "@/app/listings/[id]/update-personalization";
import { removePersonalizationAction } from "@/app/listings/[id]/remove-personalization";
import { signInAction } from "@/app/auth-actions";
import { useFeedback } from "../feedback/toast-context";
import { QuestionFields } from "./question-fields";
import { BuyerPreview } from "./buyer-preview";
import { keepDraft, takeDraft } from "./draft";
import { useUnsavedChanges } from "./use-unsaved-changes";
import { notDone, useSaveControls } from "./use-save-controls";
import { EditorActions } from "./editor-actions";
import { questionResolver } from "./question-resolver";
import { historyKey } from "./history-key";

// Only after the seller asks for them: the page's first load does not carry their code.
const LeaveDialog = lazy(() => import("./leave-dialog").then((module) => ({ default: module.LeaveDialog })));
const CannotEditNotice = lazy(() => import("./cannot-edit-notice").then((module) => ({ default: module.CannotEditNotice })));
const RemoveDialog = lazy(() => import("./remove-dialog").then((module) => ({ default: module.RemoveDialog })));
const TemplatesDialog = lazy(() => import("./templates-dialog").then((module) => ({ default: module.QuestionTemplatesDialog })));

const NEW_QUESTION: QuestionValues = { instructions: "", maxAllowedCharacters: 100, required: false };

const valuesOf = (question: Question | undefined): QuestionValues =>
  question ? { instructions: question.instructions, maxAllowedCharacters: question.maxAllowedCharacters ?? 100, required: question.required } : NEW_QUESTION;

/** The form (left) and, beside it on wide screens, the buyer's preview and `aside` (right). */
export function QuestionForm({ listing, canEdit, onStored, aside }: { listing: Listing; canEdit: boolean; onStored: (listing: Listing) => void; aside?: ReactNode }) {
  const form = useForm<QuestionValues>({ resolver: questionResolver, mode: "onChange", defaultValues: valuesOf(listing.questions[0]) });
  const { handleSubmit, watch, setError, reset, getValues, setFocus, formState } = form;
  const { notify, clear } = useFeedback();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const { formElement, saveButton, focusSaveWhenDone, hydrated } = useSaveControls(canEdit, pending);
  const [dialog, setDialog] = useState<"templates" | "remove" | null>(null);
  const restored = useRef(false);
  const here = `/listings/${listing.id}`;
  const unsaved = useUnsavedChanges(formState.isDirty);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = takeDraft(listing.id);
    if (!draft) return;
    reset({ ...getValues(), ...Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)) }, { keepDefaultValues: true });
    notify({ tone: "info", text: "Your unsaved changes were kept while you signed in again. Review them and save." });
  }, [listing.id, reset, getValues, notify]);

  function failed(result: Extract<ActionResult<unknown>, { ok: false }>, values: QuestionValues, verb: "save" | "remove") {
    if (result.reauth) {
      keepDraft(listing.id, values);
      window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(here)}&reason=expired`);
      return;
    }
    // A write whose outcome is unknown is in the history as such.
    void queryClient.invalidateQueries({ queryKey: historyKey(listing.id) });
    const fields = Object.entries(result.fieldErrors ?? {}).filter(([field]) => field in NEW_QUESTION);
    for (const [field, message] of fields) setError(field as keyof QuestionValues, { type: "server", message });
    const action = result.missingScope ? (
      <form action={signInAction} onSubmit={() => keepDraft(listing.id, getValues())} data-keeps-draft className="mt-2">
        <input type="hidden" name="callbackUrl" value={here} />
        <button type="submit" className="min-h-11 rounded-md bg-red-800 px-3 py-1.5 font-medium text-white hover:bg-red-900">
          Sign in again and allow editing
        </button>
      </form>
    ) : undefined;
    // A field to correct takes focus; otherwise the message does, so the seller reads why and what to do.
    // The rule a field broke is shown once, next to that field; the message says where to look.
    const why = fields.length > 0 && !result.formError.startsWith("Some fields") ? "The marketplace refused what is in the form: see the message next to the field, correct it and save again." : result.formError;
    notify({ tone: "error", text: `${notDone(result, verb)} ${why}`, action }, { focus: fields.length === 0 });
    if (fields[0]) setFocus(fields[0][0] as keyof QuestionValues);
  }

  const save = handleSubmit(
    (values) => {
      clear();
      startTransition(async () => {
        const result = await updatePersonalizationAction({ listingId: listing.id, question: values });
        if (!result.ok) return failed(result, values, "save");
        const [question] = result.data;
        onStored({ ...listing, isPersonalizable: true, questions: result.data, legacyDisagrees: false });
        reset(valuesOf(question));
        focusSaveWhenDone.current = true;
        notify({ tone: "success", text: "Saved. Buyers are now asked this question." });
      });
    },
    () => notify({ tone: "error", text: "Not saved. Some fields need attention: see the message next to each one." }),
  );

  const remove = () => {
    clear();
    startTransition(async () => {
      const result = await removePersonalizationAction({ listingId: listing.id });
      if (!result.ok) return failed(result, getValues(), "remove");
      onStored({ ...listing, isPersonalizable: false, questions: [], legacyDisagrees: false });
      reset(NEW_QUESTION);
      focusSaveWhenDone.current = true;
      notify({ tone: "success", text: "Personalization removed. Buyers are no longer asked a question on this listing." });
    });
  };

  const applyTemplate = (name: string, values: QuestionValues) => {
    setDialog(null);
    for (const field of ["instructions", "maxAllowedCharacters", "required"] as const) form.setValue(field, values[field], { shouldDirty: true, shouldValidate: true });
    notify({ tone: "info", text: `Template “${name}” is in the form. Review the question, then save it.` });
    setFocus("instructions");
  };

  const instructions = watch("instructions") ?? "";
  const limit = watch("maxAllowedCharacters");
  const required = watch("required");

  return (
    <>
      <div className="min-w-0 space-y-6">
        {!canEdit && (
          <Suspense fallback={null}>
            <CannotEditNotice here={here} />
          </Suspense>
        )}

        <form
          ref={formElement}
          onSubmit={save}
          data-keeps-draft
          noValidate
          className="space-y-5 rounded-xl bg-white p-5 text-stone-900 ring-1 ring-stone-200"
          aria-label="Personalization question"
          aria-keyshortcuts="Control+S Meta+S"
        >
          <fieldset disabled={!canEdit || pending || !hydrated} className="min-w-0 space-y-5">
            <legend className="text-lg font-semibold">Personalization question</legend>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-600">Question type</dt>
              <dd>Text input</dd>
              <dt className="text-stone-600">Title</dt>
              <dd>Personalization</dd>
            </dl>

            <QuestionFields form={form} />

            <EditorActions
              saveButton={saveButton}
              pending={pending}
              saveLabel="Save question"
              dirty={formState.isDirty}
              canRemove={listing.questions.length > 0}
              onTemplates={() => setDialog("templates")}
              onRemove={() => setDialog("remove")}
            />
          </fieldset>
        </form>
      </div>

      <div className="min-w-0 space-y-6 lg:sticky lg:top-4 lg:self-start">
        <BuyerPreview instructions={instructions} required={Boolean(required)} limit={Number(limit)} />
        {aside}
      </div>

      <Suspense fallback={null}>
        {dialog === "templates" && <TemplatesDialog current={getValues()} onApply={applyTemplate} onClose={() => setDialog(null)} />}
        {dialog === "remove" && <RemoveDialog title={listing.title} onConfirm={remove} onClose={() => setDialog(null)} />}
        {unsaved.leaving && <LeaveDialog onStay={unsaved.stay} onLeave={unsaved.leave} />}
      </Suspense>
    </>
  );
}
