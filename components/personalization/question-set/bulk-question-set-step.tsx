"use client";

import { newQuestionDraft, type QuestionForm } from "@/lib/personalization/question-set";
import { TemplatePicker } from "../../listings/template-picker";
import { templateValues } from "./drafts";
import { QuestionList } from "./question-list";
import { useQuestionSetForm } from "./use-question-set-form";

/** The bulk dialog's first step in the multi-question period: the question set every selected listing will ask. */
export function BulkQuestionSetStep({
  onReview,
  onCancel,
}: {
  onReview: (questions: QuestionForm[]) => void;
  onCancel: () => void;
}) {
  const form = useQuestionSetForm({ questions: [newQuestionDraft("text_input")] });
  return (
    <form
      onSubmit={form.handleSubmit((values) => onReview(values.questions))}
      noValidate
      className="mt-4 space-y-4"
      aria-label="Questions for the selected listings"
    >
      <p className="text-sm text-stone-600">
        Buyers of every selected listing will be asked these questions, in this order; they replace what each listing
        asks now.
      </p>
      <TemplatePicker valuesOf={templateValues} onPick={(values) => form.reset(values, { keepDefaultValues: true })} />
      <QuestionList form={form} idPrefix="bulk-" pricing={{ each: true }} />
      <div className="flex justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md px-4 py-2 ring-1 ring-stone-300 hover:bg-stone-100"
        >
          Cancel
        </button>
        <button type="submit" className="rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark">
          Review the change
        </button>
      </div>
    </form>
  );
}
