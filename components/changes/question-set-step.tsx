"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { sellerQuestionSchema } from "@/lib/personalization/editor-schema";
import { newQuestionDraft, type QuestionDraft } from "@/lib/personalization/question-draft";
import type { QuestionForm } from "@/lib/personalization/question-set";
import type { QuestionForm as SingleQuestion } from "@/lib/personalization/schema";
import { singleQuestionOf } from "@/lib/templates/template";
import { TemplatePicker } from "../templates/template-picker";
import { templateValues } from "../questions/drafts";
import { QuestionList } from "../questions/question-list";
import { useQuestionSetForm } from "../questions/use-question-set-form";
import { boundTo, QuestionFields } from "../questions/question-fields";
import { Button } from "../ui/button";

type Props = {
  onReview: (questions: QuestionForm[]) => void;
  onCancel: () => void;
  busy: boolean;
  /** The questions typed before signing in again. */
  initial?: QuestionForm[];
};

export function ReviewButtons({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  return (
    <div className="flex justify-end gap-3">
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? "Reading the listings…" : "Review the change"}
      </Button>
    </div>
  );
}

/** The whole question set every selected listing will ask, typed in the editor's fields or started from a template. */
export function QuestionSetStep({ questionSet, ...props }: Props & { questionSet: boolean }) {
  return questionSet ? <SetFields {...props} /> : <SingleQuestionFields {...props} />;
}

function SetFields({ onReview, onCancel, busy, initial }: Props) {
  const form = useQuestionSetForm({
    questions: initial?.map((question): QuestionDraft => ({ ...newQuestionDraft(question.type), ...question })) ?? [
      newQuestionDraft("text_input"),
    ],
  });
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
      <QuestionList form={form} idPrefix="change-" pricing={{ each: true }} />
      <ReviewButtons onCancel={onCancel} busy={busy} />
    </form>
  );
}

// Before the multi-question period the marketplace takes one text question, so the seller edits just that one.
function SingleQuestionFields({ onReview, onCancel, busy, initial }: Props) {
  const kept = initial?.[0] as (QuestionForm & Partial<SingleQuestion>) | undefined;
  const form = useForm<SingleQuestion>({
    resolver: zodResolver(sellerQuestionSchema),
    mode: "onChange",
    defaultValues: {
      instructions: kept?.instructions ?? "",
      maxAllowedCharacters: kept?.maxAllowedCharacters ?? 100,
      required: kept?.required ?? false,
    },
  });
  const review = (question: SingleQuestion) =>
    onReview([
      {
        ...newQuestionDraft("text_input"),
        instructions: question.instructions ?? "",
        required: question.required,
        maxAllowedCharacters: question.maxAllowedCharacters,
      } as QuestionForm,
    ]);
  return (
    <form
      onSubmit={form.handleSubmit(review)}
      noValidate
      className="mt-4 space-y-5"
      aria-label="Question for the selected listings"
    >
      <p className="text-sm text-stone-700">
        Buyers of every selected listing will be asked this one text question, titled “Personalization”.
      </p>
      <TemplatePicker
        valuesOf={singleQuestionOf}
        onPick={(values) => form.reset(values, { keepDefaultValues: true })}
      />
      <QuestionFields {...boundTo(form)} />
      <ReviewButtons onCancel={onCancel} busy={busy} />
    </form>
  );
}
