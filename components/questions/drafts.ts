import type { UseFormReturn } from "react-hook-form";
import type { Question } from "@/lib/marketplace/wire";
import type { QuestionTemplate } from "@/lib/templates/template";
import { priceTextOf } from "@/lib/marketplace/money";
import { alignWith, snapshotOf, type SnapshotQuestion } from "@/lib/personalization/snapshot";
import { newQuestionDraft, type QuestionDraft } from "@/lib/personalization/question-draft";
import { isQuestionType } from "@/lib/personalization/question-types";
import type { QuestionSetForm } from "@/lib/personalization/question-set";
import { keepInTab, takeFromTab } from "../tab-storage";

export type QuestionSetValues = { questions: QuestionDraft[] };
export type QuestionSetFormApi = UseFormReturn<QuestionSetValues, unknown, QuestionSetForm>;

/** Whether every question is of a type this editor knows; an unknown one is shown, never overwritten. */
export const editableQuestionSet = (questions: readonly Question[]) =>
  questions.every((question) => isQuestionType(question.type));

/** A question as the editor holds it, with the marketplace's ids, so that saving keeps the question and its choices. */
export function draftOf(question: Question | SnapshotQuestion): QuestionDraft {
  const type = isQuestionType(question.type) ? question.type : "text_input";
  const price = priceTextOf(question.addOnPrice);
  return {
    ...newQuestionDraft(type),
    ...(question.id !== undefined && { questionId: question.id }),
    title: question.title,
    instructions: question.instructions,
    required: question.required,
    maxAllowedCharacters: question.maxAllowedCharacters ?? 100,
    maxAllowedFiles: question.maxAllowedFiles ?? 1,
    options: (question.options ?? []).map((label, index) => {
      const optionId = question.optionIds?.[index];
      return optionId == null ? { label } : { label, optionId };
    }),
    addOnPrice: price,
    addOnPriceAsRead: price,
  };
}

export const valuesOf = (questions: readonly (Question | SnapshotQuestion)[]): QuestionSetValues => ({
  questions: questions.map(draftOf),
});

/**
 * Any template fits a question set (one text question is a set of one), as long as this editor knows each question's
 * type. A template holds no prices: over a listing, a question it shares with the listing (same type and title) shows
 * and keeps that question's price and ids, and a new one charges nothing until the seller sets a price.
 */
export const templateValues = (
  template: QuestionTemplate,
  listingQuestions: readonly Question[] = [],
): QuestionSetValues | undefined =>
  editableQuestionSet(template.questionSet.questions)
    ? valuesOf(alignWith(template.questionSet, snapshotOf({ questions: [...listingQuestions] })).questions)
    : undefined;

// Unsaved edits survive a trip through the marketplace's sign-in (components/tab-storage.ts).
const key = (listingId: number) => `question-set-draft:${listingId}`;

export const keepQuestionSetDraft = (listingId: number, values: QuestionSetValues) => keepInTab(key(listingId), values);

export function takeQuestionSetDraft(listingId: number): QuestionSetValues | undefined {
  const draft = takeFromTab(key(listingId)) as { questions?: unknown } | null | undefined;
  if (!Array.isArray(draft?.questions)) return undefined;
  const questions = draft.questions.filter(
    (question): question is QuestionDraft =>
      typeof question === "object" &&
      question !== null &&
      isQuestionType(String((question as { type?: unknown }).type)),
  );
  return { questions: questions.map((question) => ({ ...newQuestionDraft(question.type), ...question })) };
}
