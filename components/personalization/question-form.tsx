"use client";

import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, useTransition, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import type { Listing } from "@/lib/marketplace/wire";
import type { ActionResult } from "@/lib/actions/seller-action";
import { updatePersonalizationAction } from "@/app/listings/[id]/update-personalization";
import { removePersonalizationAction } from "@/app/listings/[id]/remove-personalization";
import { signInAction } from "@/app/auth-actions";
import { useFeedback } from "../feedback/toast-context";
import { boundTo, QuestionFields } from "./question-fields";
import { QuestionFormFrame } from "./question-form-frame";
import { keepDraft, takeDraft } from "./draft";
import { notDone, useSaveControls } from "./use-save-controls";
import { EditorActions } from "./editor-actions";
import { questionResolver } from "./question-resolver";
import { historyKey } from "./history-key";
import { NEW_QUESTION, QUESTION_FIELDS, valuesOf } from "./question-values";

// Only after the seller asks for them: the page's first load does not carry their code.
const RemoveDialog = lazy(() => import("./remove-dialog").then((module) => ({ default: module.RemoveDialog })));
const TemplatesDialog = lazy(() =>
  import("./templates-dialog").then((module) => ({ default: module.QuestionTemplatesDialog })),
);

/** What the seller did in the form before its code loaded (question-form-loader.tsx): the values, the field and caret, the button pressed. */
export type Handoff = {
  values: QuestionValues;
  focus?: { id: string; start: number | null; end: number | null };
  intent?: "save" | "templates" | "remove";
};

export type QuestionFormProps = {
  listing: Listing;
  canEdit: boolean;
  onStored: (listing: Listing) => void;
  aside?: ReactNode;
};

/** The editor's form with react-hook-form: checked with the shared schema, saved, removed, filled from a template. */
export function QuestionForm({
  listing,
  canEdit,
  onStored,
  aside,
  handoff,
  onDirtyChange,
}: QuestionFormProps & { handoff?: Handoff; onDirtyChange: (dirty: boolean) => void }) {
  const form = useForm<QuestionValues>({
    resolver: questionResolver,
    mode: "onChange",
    defaultValues: valuesOf(listing.questions[0]),
  });
  const { handleSubmit, watch, setError, reset, getValues, setFocus, formState } = form;
  const { notify, clear } = useFeedback();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const { formElement, saveButton, focusSaveWhenDone, hydrated } = useSaveControls(canEdit, pending);
  const [dialog, setDialog] = useState<"templates" | "remove" | null>(null);
  const restored = useRef(false);
  const here = `/listings/${listing.id}`;

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = takeDraft(listing.id);
    if (!draft) return;
    reset(
      { ...getValues(), ...Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined)) },
      { keepDefaultValues: true },
    );
    notify({ tone: "info", text: "Your unsaved changes were kept while you signed in again. Review them and save." });
  }, [listing.id, reset, getValues, notify]);

  // Before paint: what was typed before this code loaded counts as unsaved edits, and the caret stays where it was.
  const handedOver = useRef({ values: false, intent: false });
  const typedBefore =
    handoff !== undefined &&
    QUESTION_FIELDS.some((field) => !Object.is(handoff.values[field], valuesOf(listing.questions[0])[field]));
  // The loader keeps the leave guard across the hand-over; until the typed values are in, they count as unsaved.
  const dirty = formState.isDirty || (typedBefore && !handedOver.current.values);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useLayoutEffect(() => {
    if (!handoff || handedOver.current.values) return;
    handedOver.current.values = true;
    const start = valuesOf(listing.questions[0]);
    for (const field of QUESTION_FIELDS) {
      if (!Object.is(handoff.values[field], start[field]))
        form.setValue(field, handoff.values[field], { shouldDirty: true, shouldValidate: true });
    }
    const focused = handoff.focus && document.getElementById(handoff.focus.id);
    if (focused instanceof HTMLTextAreaElement || focused instanceof HTMLInputElement) {
      focused.focus();
      if (handoff.focus?.start != null && focused.type !== "number" && focused.type !== "checkbox")
        focused.setSelectionRange(handoff.focus.start, handoff.focus.end);
    }
  }, [handoff, listing, form]);
  useEffect(() => {
    if (!handoff?.intent || handedOver.current.intent) return;
    handedOver.current.intent = true;
    if (handoff.intent === "save") formElement.current?.requestSubmit();
    else setDialog(handoff.intent);
  }, [handoff, formElement]);

  function failed(
    result: Extract<ActionResult<unknown>, { ok: false }>,
    values: QuestionValues,
    verb: "save" | "remove",
  ) {
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
        <button
          type="submit"
          className="min-h-11 rounded-md bg-red-800 px-3 py-1.5 font-medium text-white hover:bg-red-900"
        >
          Sign in again and allow editing
        </button>
      </form>
    ) : undefined;
    // A field to correct takes focus; otherwise the message does, so the seller reads why and what to do.
    // The rule a field broke is shown once, next to that field; the message says where to look.
    const why =
      fields.length > 0 && !result.formError.startsWith("Some fields")
        ? "The marketplace refused what is in the form: see the message next to the field, correct it and save again."
        : result.formError;
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
      notify({
        tone: "success",
        text: "Personalization removed. Buyers are no longer asked a question on this listing.",
      });
    });
  };

  const applyTemplate = (name: string, values: QuestionValues) => {
    setDialog(null);
    for (const field of QUESTION_FIELDS)
      form.setValue(field, values[field], { shouldDirty: true, shouldValidate: true });
    notify({ tone: "info", text: `Template “${name}” is in the form. Review the question, then save it.` });
    setFocus("instructions");
  };

  const fields = boundTo(form);

  return (
    <>
      <QuestionFormFrame
        ready
        here={here}
        canEdit={canEdit}
        disabled={!canEdit || pending || !hydrated}
        form={{ ref: formElement, onSubmit: save }}
        preview={{
          instructions: fields.instructions,
          required: Boolean(watch("required")),
          limit: Number(watch("maxAllowedCharacters")),
        }}
        aside={aside}
      >
        <QuestionFields {...fields} />
        <EditorActions
          saveButton={saveButton}
          pending={pending}
          saveLabel="Save question"
          dirty={formState.isDirty}
          canRemove={listing.questions.length > 0}
          onTemplates={() => setDialog("templates")}
          onRemove={() => setDialog("remove")}
        />
      </QuestionFormFrame>

      <Suspense fallback={null}>
        {dialog === "templates" && (
          <TemplatesDialog current={getValues()} onApply={applyTemplate} onClose={() => setDialog(null)} />
        )}
        {dialog === "remove" && (
          <RemoveDialog title={listing.title} onConfirm={remove} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
}
