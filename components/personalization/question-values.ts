import type { QuestionForm as QuestionValues } from "@/lib/personalization/schema";
import type { Question } from "@/lib/marketplace/wire";

export const NEW_QUESTION: QuestionValues = { instructions: "", maxAllowedCharacters: 100, required: false };
export const QUESTION_FIELDS = ["instructions", "maxAllowedCharacters", "required"] as const;

/** The form's values for a listing's stored question, or a new question's. */
export const valuesOf = (question: Question | undefined): QuestionValues =>
  question
    ? {
        instructions: question.instructions,
        maxAllowedCharacters: question.maxAllowedCharacters ?? 100,
        required: question.required,
      }
    : NEW_QUESTION;

/** What the form's inputs hold, read as react-hook-form reads them (an empty limit is NaN). */
export function valuesIn(form: HTMLFormElement): QuestionValues {
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  return {
    instructions: input("instructions").value,
    maxAllowedCharacters: input("maxAllowedCharacters").valueAsNumber,
    required: input("required").checked,
  };
}
