"use client";

import { useEffect, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import { snapshotOfForm } from "@/lib/personalization/snapshot-codec";
import { sellerQuestionSchema } from "@/lib/personalization/editor-schema";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { singleQuestionOf, type QuestionTemplate } from "@/lib/templates/template";
import { useFeedback } from "../feedback/toast-context";
import { BuyerPreview } from "./buyer-preview";
import { CannotEditNotice } from "./cannot-edit-notice";
import { boundTo, QuestionFields } from "../questions/question-fields";
import { noEnterSubmit } from "./use-save-controls";
import { EditorActions } from "./editor-actions";
import { EditableFieldset } from "./editable-fieldset";
import { EditorDialogs, TemplatesDialog } from "./editor-dialogs";
import { useQuestionSave, valuesOf } from "./use-question-save";

const FIELDS = ["instructions", "maxAllowedCharacters", "required"] as const;

type Props = {
  listing: Listing;
  canEdit: boolean;
  /** Focus the first field once shown (the seller just asked to add a question). */
  focusFirst?: boolean;
  onStored: (questions: Question[]) => void;
  aside?: ReactNode;
};

/**
 * The editor's one question with react-hook-form, checked with the schema the server action and the sandbox use:
 * saved (only when something changed, and after a confirmation when it has no instructions), removed, filled from a template.
 */
export function QuestionForm({ listing, canEdit, focusFirst = false, onStored, aside }: Props) {
  const form = useForm<QuestionValues>({
    resolver: zodResolver(sellerQuestionSchema),
    mode: "onChange",
    defaultValues: valuesOf(listing.questions[0]),
  });
  const { control, getValues, setFocus, trigger, formState } = form;
  const { notify } = useFeedback();
  const [required, limit] = useWatch({ control, name: ["required", "maxAllowedCharacters"] });
  const writes = useQuestionSave({ listing, canEdit, form, onStored });
  const { setDialog, locked, controls } = writes;
  const { formElement } = controls;
  // A listing without a question shows this form only after "Add a question": the new question is itself the change.
  const changed = formState.isDirty || listing.questions.length === 0;

  useEffect(() => {
    if (focusFirst) setFocus("instructions");
  }, [focusFirst, setFocus]);

  // A stored value that breaks today's rules says so when the editor opens, not only on save.
  const hasStored = listing.questions.length > 0;
  useEffect(() => {
    if (hasStored) void trigger();
  }, [hasStored, trigger]);

  const applyTemplate = (template: QuestionTemplate) => {
    const values = singleQuestionOf(template);
    if (!values) return;
    setDialog(null);
    for (const field of FIELDS) form.setValue(field, values[field], { shouldDirty: true, shouldValidate: true });
    notify({ tone: "info", text: `Template “${template.name}” is in the form. Review the question, then save it.` });
    setFocus("instructions");
  };

  const fields = boundTo(form);

  return (
    <>
      <div className="min-w-0 space-y-6">
        {!canEdit && <CannotEditNotice here={`/listings/${listing.id}`} />}

        <form
          ref={formElement}
          onSubmit={(event) => {
            event.preventDefault();
            if (changed) void writes.save(event);
          }}
          onKeyDown={noEnterSubmit}
          data-keeps-draft
          noValidate
          className="space-y-5 rounded-xl bg-white p-5 text-stone-900 ring-1 ring-stone-200"
          aria-label="Personalization question"
          aria-keyshortcuts="Control+S Meta+S"
        >
          <EditableFieldset disabled={!canEdit || locked} className="min-w-0 space-y-5">
            <legend className="text-lg font-semibold">Personalization question</legend>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-600">Question type</dt>
              <dd>Text input</dd>
              <dt className="text-stone-600">Title</dt>
              <dd>Personalization</dd>
            </dl>
            <QuestionFields {...fields} />
            <EditorActions
              writes={writes}
              saveLabel="Save question"
              dirty={formState.isDirty}
              nothingToSave={changed ? undefined : "Nothing to save: change the question first."}
              canRemove={listing.questions.length > 0}
            />
          </EditableFieldset>
        </form>
      </div>

      <div className="min-w-0 space-y-6 lg:sticky lg:top-4 lg:self-start">
        <BuyerPreview
          instructions={fields.instructions}
          required={Boolean(required)}
          limit={Number(limit)}
          addOnPrice={listing.questions[0]?.addOnPrice}
        />
        {aside}
      </div>

      <EditorDialogs
        writes={writes}
        templates={() => (
          <TemplatesDialog
            current={{ question: getValues() }}
            fits={(template) => singleQuestionOf(template) !== undefined}
            onApply={applyTemplate}
            onClose={() => setDialog(null)}
            onSignIn={writes.signInAgain}
          />
        )}
        title={listing.title}
        onAddInstructions={() => setFocus("instructions")}
        mine={snapshotOfForm}
      />
    </>
  );
}
