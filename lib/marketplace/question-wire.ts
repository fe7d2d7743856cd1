import { z } from "zod";
import { listingWire, toQuestion, type Question } from "./wire";

/** A listing's questions as a change reads and writes them: every field kept, ids and prices included. */
export type ListingQuestions = {
  listingId: number;
  title: string;
  state: string;
  currencyCode: string | null;
  lastModified: number | null;
  questions: Question[];
};

// Every field kept as read: a change sends back what it does not change (docs/marketplace.md §13).
export const listingQuestionsWire = listingWire.extend({ last_modified_timestamp: z.number().optional() });

export const listingQuestionsPageWire = z.object({ count: z.number(), results: z.array(listingQuestionsWire) });

export function toListingQuestions(wire: z.infer<typeof listingQuestionsWire>): ListingQuestions & { shopId: number } {
  return {
    listingId: wire.listing_id,
    shopId: wire.shop_id,
    title: wire.title,
    state: wire.state,
    currencyCode: wire.price?.currency_code ?? null,
    lastModified: wire.last_modified_timestamp ?? null,
    questions: (wire.personalization?.personalization_questions ?? []).map(toQuestion),
  };
}
