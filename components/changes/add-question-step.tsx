"use client";

import { useState } from "react";
import { newQuestionDraft, type QuestionDraft } from "@/lib/personalization/question-draft";
import { QUESTION_TYPE_NAMES, QUESTION_TYPES, type QuestionType } from "@/lib/personalization/question-types";
import type { QuestionForm } from "@/lib/personalization/question-set";
import { requiredWithoutInstructions } from "@/lib/personalization/rules";
import { NoInstructionsDialog } from "../questions/no-instructions-dialog";
import { QuestionCard, type Pricing } from "../questions/question-card";
import { useQuestionSetForm } from "../questions/use-question-set-form";
import { FIELD_CLASS } from "./change-field";
import { ReviewButtons } from "./question-set-step";

type Props = {
  onReview: (question: QuestionForm) => void;
  onCancel: () => void;
  busy: boolean;
  pricing: Pricing;
  /** The question typed before signing in again. */
  initial?: QuestionForm;
  /** "3 listings": the listings the question is added to. */
  listings: string;
};

/** One question added after what each selected listing asks, typed in the editor's fields and checked as typed. */
export function AddQuestionStep({ onReview, onCancel, busy, pricing, initial, listings }: Props) {
  const form = useQuestionSetForm(
    { questions: [initial ? { ...newQuestionDraft(initial.type), ...initial } : newQuestionDraft("text_input")] },
    { checkAsTyped: true },
  );
  const [unexplained, setUnexplained] = useState<QuestionForm>();
  const [announced, announce] = useState("");
  const type = form.watch("questions.0.type");

  const changeType = (next: QuestionType) => {
    const now = form.getValues("questions.0");
    const titled = now.title !== newQuestionDraft(now.type).title;
    const draft: QuestionDraft = {
      ...newQuestionDraft(next),
      ...(titled && { title: now.title }),
      instructions: next === "dropdown" ? "" : now.instructions,
      required: now.required,
    };
    form.reset({ questions: [draft] }, { keepDefaultValues: true });
  };

  return (
    <form
      onSubmit={form.handleSubmit(({ questions: [question] }) => {
        if (!question) return;
        if (requiredWithoutInstructions(question)) setUnexplained(question);
        else onReview(question);
      })}
      noValidate
      className="mt-4 space-y-4"
      aria-label="Question to add to the selected listings"
    >
      <p className="text-sm text-stone-600">
        Buyers of every selected listing will be asked this question after the ones the listing asks now.
      </p>
      <label className="block font-medium">
        Question type
        <select
          value={type}
          onChange={(event) => changeType(event.target.value as QuestionType)}
          className={FIELD_CLASS}
        >
          {QUESTION_TYPES.map((each) => (
            <option key={each} value={each}>
              {QUESTION_TYPE_NAMES[each]}
            </option>
          ))}
        </select>
      </label>
      <ul>
        <QuestionCard
          form={form}
          index={0}
          count={1}
          fieldId={`add-${type}`}
          type={type}
          onMove={() => undefined}
          onRemove={() => undefined}
          announce={announce}
          pricing={pricing}
          alone
        />
      </ul>
      <p role="status" className="sr-only">
        {announced}
      </p>
      <ReviewButtons onCancel={onCancel} busy={busy} />
      {unexplained && (
        <NoInstructionsDialog
          verb="Review"
          listings={listings}
          onConfirm={() => onReview(unexplained)}
          onAddInstructions={() => setTimeout(() => form.setFocus("questions.0.instructions"), 0)}
          onClose={() => setUnexplained(undefined)}
        />
      )}
    </form>
  );
}
