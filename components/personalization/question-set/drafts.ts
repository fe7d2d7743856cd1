import type { UseFormReturn } from "react-hook-form";
import type { Question } from "@/lib/marketplace/wire";
import type { QuestionTemplate } from "@/lib/templates/template";
import {
  isQuestionType,
  newQuestionDraft,
  type QuestionDraft,
  type QuestionSetForm,
} from "@/lib/personalization/question-set";

export type QuestionSetValues = { questions: QuestionDraft[] };
export type QuestionSetFormApi = UseFormReturn<QuestionSetValues, unknown, QuestionSetForm>;

/** Whether every question is of a type this editor knows; an unknown one is shown, never overwritten. */
export const editableQuestionSet = (questions: readonly Question[]) =>
  questions.every((question) => isQuestionType(question.type));

export function draftOf(question: Question): QuestionDraft {
  const type = isQuestionType(question.type) ? question.type : "text_input";
  return {
    ...newQuestionDraft(type),
    title: question.title,
    instructions: question.instructions,
    required: question.required,
    maxAllowedCharacters: question.maxAllowedCharacters ?? 100,
    maxAllowedFiles: question.maxAllowedFiles ?? 1,
    options: (question.options ?? []).map((label) => ({ label })),
  };
}

export const valuesOf = (questions: readonly Question[]): QuestionSetValues => ({ questions: questions.map(draftOf) });

/** Any template fits a question set (one text question is a set of one), as long as this editor knows each question's type. */
export const templateValues = (template: QuestionTemplate): QuestionSetValues | undefined =>
  editableQuestionSet(template.questionSet.questions) ? valuesOf(template.questionSet.questions) : undefined;

// Unsaved edits survive a trip through the marketplace's sign-in in this tab's sessionStorage, never on a server.
const key = (listingId: number) => `question-set-draft:${listingId}`;

export function keepQuestionSetDraft(listingId: number, values: QuestionSetValues) {
  sessionStorage.setItem(key(listingId), JSON.stringify(values));
}

export function takeQuestionSetDraft(listingId: number): QuestionSetValues | undefined {
  const raw = sessionStorage.getItem(key(listingId));
  if (raw === null) return undefined;
  sessionStorage.removeItem(key(listingId));
  try {
    const draft = JSON.parse(raw) as { questions?: unknown };
    if (!Array.isArray(draft.questions)) return undefined;
    const questions = draft.questions.filter(
      (question): question is QuestionDraft =>
        typeof question === "object" &&
        question !== null &&
        isQuestionType(String((question as { type?: unknown }).type)),
    );
    return { questions: questions.map((question) => ({ ...newQuestionDraft(question.type), ...question })) };
  } catch {
    return undefined;
  }
}
