"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { QUESTIONS_MAX } from "@/lib/personalization/question-set";
import type { Listing } from "@/lib/marketplace/wire";
import { snapshotOfQuestionSet } from "@/lib/personalization/snapshot-codec";
import type { QuestionTemplate } from "@/lib/templates/template";
import { useFeedback } from "../../feedback/toast-context";
import { useUnsavedChanges } from "../use-unsaved-changes";
import { noEnterSubmit } from "../use-save-controls";
import { EditorActions } from "../editor-actions";
import { CannotEditNotice } from "../cannot-edit-notice";
import { EditorDialogs, TemplatesDialog } from "../editor-dialogs";
import { keepQuestionSetDraft, takeQuestionSetDraft, templateValues, valuesOf } from "./drafts";
import { useQuestionSetForm } from "./use-question-set-form";
import { useQuestionSetSave } from "./use-question-set-save";
import { QuestionList } from "./question-list";
import type { Pricing } from "./question-card";
import { QuestionSetPreview } from "./question-set-preview";
import { OverLimitNotice, overLimitOf } from "./over-limit-notice";

/** The multi-question period's editor (docs/marketplace.md §9.4): up to five questions of every type, checked in the browser with the server's own schema. */
export function QuestionSetForm({
  listing,
  canEdit,
  pricing,
  onStored,
  aside,
}: {
  listing: Listing;
  canEdit: boolean;
  pricing: Pricing;
  onStored: (listing: Listing) => void;
  aside: ReactNode;
}) {
  const form = useQuestionSetForm(valuesOf(listing.questions));
  const { watch, reset, getValues, formState, trigger, setFocus } = form;
  const { notify } = useFeedback();
  const { pending, controls, dialog, setDialog, basis, nothingToSave, write, save, takeTheirs, remove, signInAgain } =
    useQuestionSetSave({ listing, canEdit, form, onStored });
  const { formElement, saveButton, hydrated } = controls;
  const restored = useRef(false);
  const unsaved = useUnsavedChanges(formState.isDirty, () => keepQuestionSetDraft(listing.id, getValues()));
  const here = `/listings/${listing.id}`;
  const questions = watch("questions") ?? [];
  // Stored before the 120-character rule, or by another client: shown as they are, never cut, and named until fixed.
  const overLimit = overLimitOf(listing.questions);

  useEffect(() => {
    if (!hydrated) return;
    for (const { index } of overLimit) void trigger(`questions.${index}.instructions`);
    // Once, when the form can first show errors; the seller's edits re-check as they type.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = takeQuestionSetDraft(listing.id);
    if (!draft) return;
    reset(draft, { keepDefaultValues: true });
    notify({ tone: "info", text: "Your unsaved changes were kept. Review them and save." });
  }, [listing.id, reset, notify]);

  // Applying replaces the whole set: the template's questions, in its order, as unsaved edits.
  const applyTemplate = (template: QuestionTemplate) => {
    const values = templateValues(template, listing.questions);
    if (!values) return;
    setDialog(null);
    reset(values, { keepDefaultValues: true });
    notify({
      tone: "info",
      text: `Template “${template.name}” is in the form. Templates keep no add-on prices: a question this listing already asks keeps its price, and a new one charges nothing unless you set a price. Review the questions, then save them.`,
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-6">
        {!canEdit && <CannotEditNotice here={here} what="these questions are" />}
        <form
          ref={formElement}
          onSubmit={save}
          onKeyDown={noEnterSubmit}
          data-keeps-draft
          noValidate
          aria-label="Personalization questions"
          aria-keyshortcuts="Control+S Meta+S"
          className="space-y-4"
        >
          <fieldset disabled={!canEdit || pending || !hydrated} className="space-y-4">
            <legend className="text-lg font-semibold">Personalization questions</legend>
            <p className="text-sm text-stone-600">
              Buyers can be asked up to {QUESTIONS_MAX} questions, in this order. Drag a question by its handle, or use
              Move up and Move down.
            </p>
            <OverLimitNotice overLimit={overLimit} />
            <QuestionList form={form} pricing={pricing} />

            <EditorActions
              saveButton={saveButton}
              pending={pending}
              saveLabel="Save questions"
              dirty={formState.isDirty}
              nothingToSave={nothingToSave}
              canRemove={listing.questions.length > 0}
              onTemplates={() => setDialog("templates")}
              onRemove={() => setDialog("remove")}
            />
          </fieldset>
        </form>
        <EditorDialogs
          dialog={dialog}
          onClose={() => setDialog(null)}
          templates={() => (
            <TemplatesDialog
              current={{ questions: getValues().questions }}
              fits={(template) => templateValues(template) !== undefined}
              onApply={applyTemplate}
              onClose={() => setDialog(null)}
              onSignIn={signInAgain}
            />
          )}
          title={listing.title}
          onRemove={remove}
          write={write}
          onAddInstructions={(index) => {
            basis.stay();
            setTimeout(() => setFocus(`questions.${index ?? 0}.instructions`), 0);
          }}
          mine={(values) => snapshotOfQuestionSet(values.questions, pricing.currencyCode)}
          keepLabel="Keep mine and save them"
          onTakeTheirs={takeTheirs}
          unsaved={unsaved}
          onSaveAndLeave={() => basis.saveAndLeave(unsaved, formElement.current)}
          several
        />
      </div>
      {/* Beside the questions on wide screens, so the seller sees each change as a buyer will. */}
      <div className="space-y-6 self-start lg:sticky lg:top-4">
        <QuestionSetPreview questions={questions} currencyCode={pricing.currencyCode} />
        {aside}
      </div>
    </div>
  );
}
