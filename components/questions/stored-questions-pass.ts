import type { Question } from "@/lib/marketplace/wire";
import { sellerQuestionSetSchema } from "@/lib/personalization/editor-schema";
import { valuesOf } from "./drafts";

/**
 * Whether a listing's stored questions pass today's rules, held as the editor's form holds them. The page asks on the
 * server: checked in the browser as the editor opened, they loaded the schema and rendered the whole form again.
 */
export const storedQuestionsPass = (questions: readonly Question[]) =>
  sellerQuestionSetSchema.safeParse(valuesOf(questions)).success;
