// Shared with the browser: no zod and no server-only code here.
import type { QuestionForm } from "../personalization/schema";
import { representable, type Snapshot } from "../personalization/snapshot";

/** A seller's named question set, saved once and applied in the editor or to a bulk selection. */
export type QuestionTemplate = { id: string; name: string; questionSet: Snapshot; updatedAt: number };

export const TEMPLATE_NAME_MAX = 60;
export const TEMPLATES_PER_SHOP_MAX = 100;

/** The single-question editor applies a template of exactly one text question titled "Personalization". */
export function singleQuestionOf(template: QuestionTemplate): QuestionForm | undefined {
  const { questions } = template.questionSet;
  const [question] = questions;
  if (
    questions.length !== 1 ||
    !question ||
    !representable(template.questionSet) ||
    question.maxAllowedCharacters === null
  )
    return undefined;
  return {
    instructions: question.instructions,
    maxAllowedCharacters: question.maxAllowedCharacters,
    required: question.required,
  };
}

export const templatesKey = ["templates"] as const;
