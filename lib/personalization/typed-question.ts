import { sellerQuestionsSchema } from "./editor-schema";
import { priceTextOf } from "../marketplace/money";
import type { Question } from "../marketplace/wire";

/** The fields a seller types: a text question's instructions, limit, required flag and price; a dropdown's choices. */
export type TypedField = "instructions" | "limit" | "required" | "price" | "choices";

/** A text or dropdown question as the seller types it (the grid's cells, the health check's reasons). */
export type TypedQuestion = {
  type: "text_input" | "dropdown";
  question: string;
  instructions: string;
  limit: string;
  required: boolean;
  price: string;
  choices: string;
};

export const CHOICE_SEPARATOR = "\n";

/** Null for an upload question: it keeps what it holds and has nothing typed. */
export function typedQuestion(question: Question): TypedQuestion | null {
  const type = question.type;
  if (type !== "text_input" && type !== "dropdown") return null;
  return {
    type,
    question: question.title,
    instructions: question.instructions,
    limit: question.maxAllowedCharacters === null ? "" : String(question.maxAllowedCharacters),
    required: question.required,
    price: priceTextOf(question.addOnPrice),
    choices: (question.options ?? []).join(CHOICE_SEPARATOR),
  };
}

const FIELD_OF: Record<string, TypedField> = {
  instructions: "instructions",
  maxAllowedCharacters: "limit",
  required: "required",
  addOnPrice: "price",
  options: "choices",
};

/**
 * Each broken rule, by the field that breaks it, judged by the editor's own schema (the dashboard's character rules
 * included), so a field says as it is typed what the editor and the review would say.
 */
export function fieldErrors(typed: TypedQuestion): Partial<Record<TypedField | "question", string>> {
  const common = { title: typed.question, required: typed.required };
  const form =
    typed.type === "text_input"
      ? {
          ...common,
          type: typed.type,
          instructions: typed.instructions,
          maxAllowedCharacters: /^\s*\d+\s*$/.test(typed.limit) ? Number(typed.limit) : Number.NaN,
          addOnPrice: typed.price,
        }
      : {
          ...common,
          type: typed.type,
          instructions: "",
          options: typed.choices === "" ? [] : typed.choices.split(CHOICE_SEPARATOR).map((label) => ({ label })),
        };
  const parsed = sellerQuestionsSchema.safeParse([form]);
  const errors: Partial<Record<TypedField | "question", string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[1])] ?? "question";
    errors[field] ??= issue.message;
  }
  return errors;
}
