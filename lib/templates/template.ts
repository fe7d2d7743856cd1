// Shared with the browser: no zod and no server-only code here.
import type { QuestionForm } from "../personalization/schema";
import { representable, type Snapshot } from "../personalization/snapshot";

export type QuestionTemplate = { id: string; name: string; questionSet: Snapshot; updatedAt: number };

export const TEMPLATE_NAME_MAX = 60;
export const TEMPLATES_PER_SHOP_MAX = 100;

export function singleQuestionOf(template: QuestionTemplate): QuestionForm | undefined {
  // A representable set holds one question at most.
  const [question] = template.questionSet.questions;
  if (!question || !representable(template.questionSet) || question.maxAllowedCharacters === null) return undefined;
  return {
    instructions: question.instructions,
    maxAllowedCharacters: question.maxAllowedCharacters,
    required: question.required,
  };
}

export const templatesKey = ["templates"] as const;
