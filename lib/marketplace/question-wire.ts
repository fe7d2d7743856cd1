import { z } from "zod";
import type { ListingQuestions, StoredQuestion } from "./stored-question";
import { listingWire, toQuestion, type personalizationWire, type Question } from "./wire";

export type { ListingQuestions, StoredQuestion } from "./stored-question";

// Every field kept as read: a change sends back what it does not change (docs/marketplace.md §13).
export const listingQuestionsWire = listingWire.extend({ last_modified_timestamp: z.number().optional() });

export const listingQuestionsPageWire = z.object({ count: z.number(), results: z.array(listingQuestionsWire) });

type QuestionWire = z.infer<typeof personalizationWire>["personalization_questions"][number];

function storedQuestionOf(wire: QuestionWire): StoredQuestion {
  return {
    ...(wire.question_id != null && { question_id: wire.question_id }),
    question_type: wire.question_type,
    question_text: wire.question_text ?? "",
    instructions: wire.instructions || null,
    required: wire.required,
    max_allowed_characters: wire.max_allowed_characters ?? null,
    max_allowed_files: wire.max_allowed_files ?? null,
    options: wire.options
      ? wire.options.map((option) =>
          option.option_id != null ? { option_id: option.option_id, label: option.label } : { label: option.label },
        )
      : null,
    ...(wire.add_on_price !== undefined && { add_on_price: wire.add_on_price }),
  };
}

export function toListingQuestions(wire: z.infer<typeof listingQuestionsWire>): ListingQuestions & { shopId: number } {
  return {
    listingId: wire.listing_id,
    shopId: wire.shop_id,
    title: wire.title,
    state: wire.state,
    currencyCode: wire.price?.currency_code ?? null,
    lastModified: wire.last_modified_timestamp ?? null,
    questions: (wire.personalization?.personalization_questions ?? []).map(storedQuestionOf),
  };
}

/** A question kept as read, in the app's shape: the history, the read-back and the mirror hold this one. */
export const questionOfStored = (stored: StoredQuestion): Question => toQuestion(stored);
