import { z } from "zod";
import { LISTING_STATES } from "../listings/query-keys";
import { MAX_SEARCH_LENGTH, QUESTION_FILTERS, type QuestionFilter } from "../listings/view";
import type { ListingState } from "../marketplace/client";
import { sellerQuestionSchema } from "../personalization/editor-schema";
import { sellerQuestionsSchema } from "../personalization/editor-schema";
import { NO_PERSONALIZATION, type Snapshot } from "../personalization/snapshot";
import { snapshotOfForm, snapshotOfQuestionSet } from "../personalization/snapshot-codec";

// The marketplace pages listings up to offset 12000 (docs/marketplace.md §11), so no filter holds more than this.
export const MAX_BULK_LISTINGS = 12_100;

const listingIds = z
  .array(z.number().int().positive())
  .min(1, { error: "Select at least one listing." })
  .max(MAX_BULK_LISTINGS);

export const selectionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("listings"), listingIds }),
  z.object({
    kind: z.literal("filter"),
    state: z.enum(LISTING_STATES.map((option) => option.value) as [ListingState, ...ListingState[]]),
    q: z.string().max(MAX_SEARCH_LENGTH).optional(),
    filter: z.enum(QUESTION_FILTERS.map((option) => option.value) as [QuestionFilter, ...QuestionFilter[]]).optional(),
    exclude: z.array(z.number().int().positive()).max(MAX_BULK_LISTINGS).optional(),
  }),
]);

export const operationSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("apply"), question: sellerQuestionSchema }),
  z.object({ kind: z.literal("apply-set"), questions: sellerQuestionsSchema }),
  z.object({ kind: z.literal("remove") }),
]);

export const previewInputSchema = z.object({ selection: selectionSchema, operation: operationSchema });
export const startInputSchema = z.object({ listingIds, operation: operationSchema });

export type Selection = z.infer<typeof selectionSchema>;
export type Operation = z.infer<typeof operationSchema>;

export function targetOf(operation: Operation, currencyCode?: string): Snapshot {
  if (operation.kind === "apply") return snapshotOfForm(operation.question);
  if (operation.kind === "apply-set") return snapshotOfQuestionSet(operation.questions, currencyCode);
  return NO_PERSONALIZATION;
}
