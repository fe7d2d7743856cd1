"use client";

import { useEffect, type ReactNode } from "react";
import { QUESTION_INSTRUCTIONS_MAX, QUESTIONS_MAX } from "@/lib/personalization/question-draft";
import { characterCount } from "@/lib/personalization/rules";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { snapshotOfQuestionSet } from "@/lib/personalization/snapshot-codec";
import type { QuestionTemplate } from "@/lib/templates/template";
import { useFeedback } from "../../feedback/toast-context";
import { noEnterSubmit } from "../use-save-controls";
import { EditorActions } from "../editor-actions";
import { EditableFieldset } from "../editable-fieldset";
import { CannotEditNotice } from "../cannot-edit-notice";
import { EditorDialogs, TemplatesDialog } from "../editor-dialogs";
import { templateValues, valuesOf } from "../../questions/drafts";
import { useQuestionSetForm } from "../../questions/use-question-set-form";
import { useQuestionSetSave } from "./use-question-set-save";
import { QuestionList } from "../../questions/question-list";
import type { Pricing } from "../../questions/question-card";
import { QuestionSetPreview } from "./question-set-preview";

/** The stored questions whose instructions are longer than the marketplace now accepts. */
const overLimitOf = (questions: readonly Question[]) =>
  questions.flatMap((question, index) =>
    characterCount(question.instructions) > QUESTION_INSTRUCTIONS_MAX
      ? [{ index, title: question.title, length: characterCount(question.instructions) }]
      : [],
  );

/** The multi-question period's editor (docs/marketplace.md §9.4): up to five questions of every type, checked in the browser with the server's own schema. */
export function QuestionSetForm({
  listing,
  canEdit,
  storedPasses,
  pricing,
  onStored,
  aside,
}: {
  listing: Listing;
  canEdit: boolean;
  storedPasses: boolean;
  pricing: Pricing;
  onStored: (questions: Question[]) => void;
  aside: ReactNode;
}) {
  const form = useQuestionSetForm(valuesOf(listing.questions), { storedPasses });
  const { watch, reset, getValues, formState, trigger, setFocus } = form;
  const { notify } = useFeedback();
  const writes = useQuestionSetSave({ listing, canEdit, form, onStored });
  const { setDialog, locked, controls } = writes;
  const { formElement } = controls;
  const questions = watch("questions") ?? [];
  // Stored before the 120-character rule, or by another client: shown as they are, never cut, and named until fixed.
  const overLimit = overLimitOf(listing.questions);

  useEffect(() => {
    for (const { index } of overLimit) void trigger(`questions.${index}.instructions`);
    // Once, when the editor opens (after hydrating, so the server's HTML shows none); the seller's edits re-check as they type.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
        {!canEdit && <CannotEditNotice here={`/listings/${listing.id}`} what="these questions are" />}
        <form
          ref={formElement}
          onSubmit={writes.save}
          onKeyDown={noEnterSubmit}
          data-keeps-draft
          noValidate
          aria-label="Personalization questions"
          aria-keyshortcuts="Control+S Meta+S"
          className="space-y-4"
        >
          <EditableFieldset disabled={!canEdit || locked} className="space-y-4">
            <legend className="text-lg font-semibold">Personalization questions</legend>
            <p className="text-sm text-stone-600">
              Buyers can be asked up to {QUESTIONS_MAX} questions, in this order. Drag a question by its handle, or use
              Move up and Move down.
            </p>
            {overLimit.length > 0 && (
              <div role="status" className="rounded-lg bg-amber-50 p-4 text-sm ring-1 ring-amber-200">
                <p className="font-semibold">Instructions too long for the marketplace now</p>
                <ul className="mt-1 list-disc pl-5">
                  {overLimit.map(({ index, title, length }) => (
                    <li key={index}>
                      Question {index + 1} (“{title}”) has instructions of {length} characters; the marketplace now
                      accepts at most {QUESTION_INSTRUCTIONS_MAX} while listings can ask several questions.
                    </li>
                  ))}
                </ul>
                <p className="mt-1">
                  Buyers still see them as they are. Shorten them below, then save: nothing is cut for you.
                </p>
              </div>
            )}
            <QuestionList form={form} pricing={pricing} />

            <EditorActions
              writes={writes}
              saveLabel="Save questions"
              dirty={formState.isDirty}
              nothingToSave={writes.nothingToSave}
              canRemove={listing.questions.length > 0}
            />
          </EditableFieldset>
        </form>
        <EditorDialogs
          writes={writes}
          templates={() => (
            <TemplatesDialog
              current={{ questions: getValues().questions }}
              fits={(template) => templateValues(template) !== undefined}
              onApply={applyTemplate}
              onClose={() => setDialog(null)}
              onSignIn={writes.signInAgain}
            />
          )}
          title={listing.title}
          onAddInstructions={(index) => setFocus(`questions.${index ?? 0}.instructions`)}
          mine={(values) => snapshotOfQuestionSet(values.questions, pricing.currencyCode)}
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
