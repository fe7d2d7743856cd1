import { z } from "zod";
import { LISTING_STATES } from "../listings/query-keys";
import { MAX_SEARCH_LENGTH, QUESTION_FILTERS, type QuestionFilter } from "../listings/view";
import type { ListingState } from "../marketplace/client";
import { wholeNumber } from "../whole-number";

// The marketplace pages listings up to offset 12000 (docs/marketplace.md §11), so no filter holds more than this.
export const MAX_SELECTED_LISTINGS = 12_100;

export const TOO_MANY_LISTINGS = `Select at most ${wholeNumber(MAX_SELECTED_LISTINGS)} listings at a time, as many as a shop's listings page can hold: nothing was read or planned. Select fewer listings and try again.`;

const listingIds = z
  .array(z.number().int().positive())
  .min(1, { error: "Select at least one listing." })
  .max(MAX_SELECTED_LISTINGS, { error: TOO_MANY_LISTINGS });

export const selectionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("listings"), listingIds }),
  z.object({
    kind: z.literal("filter"),
    state: z.enum(LISTING_STATES.map((option) => option.value) as [ListingState, ...ListingState[]]),
    q: z.string().max(MAX_SEARCH_LENGTH).optional(),
    filter: z.enum(QUESTION_FILTERS.map((option) => option.value) as [QuestionFilter, ...QuestionFilter[]]).optional(),
    exclude: z.array(z.number().int().positive()).max(MAX_SELECTED_LISTINGS, { error: TOO_MANY_LISTINGS }).optional(),
  }),
]);

export type Selection = z.infer<typeof selectionSchema>;
