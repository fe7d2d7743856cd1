import { z } from "zod";
import type { ListingQuestions, StoredQuestion } from "../changes/stored-question";

// A listing's questions with every field the marketplace returns (ids, choice ids, add-on prices), for changes that
// must send back what they do not change (decisions.md "The marketplace of today").
const moneyWire = z.object({ amount: z.number(), divisor: z.number(), currency_code: z.string() });

const questionWire = z.object({
  question_id: z.number().nullable().optional(),
  question_type: z.string(),
  question_text: z.string().nullable().optional(),
  instructions: z.string().nullable().optional(),
  required: z.boolean(),
  max_allowed_characters: z.number().nullable().optional(),
  max_allowed_files: z.number().nullable().optional(),
  options: z
    .array(z.object({ option_id: z.number().nullable().optional(), label: z.string() }))
    .nullable()
    .optional(),
  add_on_price: moneyWire.nullable().optional(),
});

export const listingQuestionsWire = z.object({
  listing_id: z.number(),
  shop_id: z.number(),
  title: z.string(),
  state: z.string(),
  price: moneyWire.optional(),
  last_modified_timestamp: z.number().optional(),
  personalization: z.object({ personalization_questions: z.array(questionWire) }).optional(),
});

export const listingQuestionsPageWire = z.object({ count: z.number(), results: z.array(listingQuestionsWire) });

function storedQuestionOf(wire: z.infer<typeof questionWire>): StoredQuestion {
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
    // A read without the field is a marketplace before add-on prices: nothing is sent back for it.
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
