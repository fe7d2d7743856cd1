import { z } from "zod";
import { selectionSchema } from "./selection-schema";
import { sellerInstructionsSchema, sellerQuestionsSchema } from "../personalization/editor-schema";
import { QUESTIONS_MAX } from "../personalization/question-draft";
import { QUESTION_TYPES } from "../personalization/question-types";
import { charLimitSchema } from "../personalization/schema";
import type { Change } from "./field-change";

export const changeInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("text-instructions"), instructions: sellerInstructionsSchema }),
  z.object({ kind: z.literal("text-limit"), limit: charLimitSchema }),
  z.object({ kind: z.literal("text-required"), required: z.boolean() }),
  z.object({ kind: z.literal("text-add-on-price"), price: z.string().max(20) }),
  z.object({
    kind: z.literal("add-question"),
    questions: sellerQuestionsSchema.check(z.length(1)),
    position: z.number().int().min(1).max(QUESTIONS_MAX).optional(),
  }),
  z.object({ kind: z.literal("remove-type"), type: z.enum(QUESTION_TYPES) }),
  z.object({ kind: z.literal("replace-set"), questions: sellerQuestionsSchema }),
  z.object({ kind: z.literal("remove-personalization") }),
]);

export type ChangeInput = z.infer<typeof changeInputSchema>;

export const planInputSchema = z.object({ selection: selectionSchema, change: changeInputSchema });

/** `currency`: the shop's, when the questions charge an add-on price. */
export function changeOf(input: ChangeInput, currency?: string): Change {
  if (input.kind === "add-question")
    return { kind: "add-question", question: input.questions[0]!, position: input.position, currency };
  if (input.kind === "replace-set") return { ...input, currency };
  return input;
}
