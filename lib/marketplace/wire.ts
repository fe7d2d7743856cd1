import { z } from "zod";
import { formatMoney, moneyOf, type Money, type MoneyWire } from "./money";

export const moneyWire = z.object({ amount: z.number(), divisor: z.number(), currency_code: z.string() });

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
  // docs/marketplace.md §13: optional text questions may charge for the answer.
  add_on_price: moneyWire.nullable().optional(),
});

export const personalizationWire = z.object({ personalization_questions: z.array(questionWire) });

export const listingWire = z.object({
  listing_id: z.number(),
  shop_id: z.number(),
  user_id: z.number(),
  title: z.string(),
  state: z.string(),
  url: z.string().optional(),
  price: moneyWire.optional(),
  updated_timestamp: z.number().optional(),
  is_personalizable: z.boolean(),
  personalization_is_required: z.boolean().nullable().optional(),
  personalization_char_count_max: z.number().nullable().optional(),
  personalization_instructions: z.string().nullable().optional(),
  personalization: personalizationWire.optional(),
  images: z.array(z.object({ rank: z.number().optional(), url_75x75: z.string() })).optional(),
});

/** docs/marketplace.md §11: since 2026-09-21 the marketplace reads a listing it removed with this state; it is gone. */
export { REMOVED_STATE, isRemoved } from "./listing-state";

export const listingPageWire = z.object({ count: z.number(), results: z.array(listingWire) });

export const meWire = z.object({ user_id: z.number(), shop_id: z.number().optional() });

export const shopWire = z.object({
  shop_id: z.number(),
  user_id: z.number(),
  shop_name: z.string(),
  currency_code: z.string().optional(),
});

export const tokenWire = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  scope: z.string().optional(),
  token_type: z.string(),
});

/** A question as the marketplace reads it out. */
export type QuestionWire = z.infer<typeof questionWire>;

export type QuestionWriteWire = {
  question_id?: number | null;
  question_type: string;
  question_text: string;
  instructions?: string | null;
  required: boolean;
  max_allowed_characters?: number | null;
  max_allowed_files?: number | null;
  options?: { option_id?: number | null; label: string }[] | null;
  add_on_price?: MoneyWire | number | null;
};

export type PersonalizationWriteWire = { personalization_questions: QuestionWriteWire[] };

export type Question = {
  id?: number;
  type: string;
  title: string;
  instructions: string;
  required: boolean;
  maxAllowedCharacters: number | null;
  maxAllowedFiles?: number;
  options?: string[];
  optionIds?: (number | null)[];
  addOnPrice?: Money | null;
};

export type Listing = {
  id: number;
  shopId: number;
  title: string;
  state: string;
  url?: string;
  price?: string;
  priceAmount?: number;
  updatedAt?: number;
  isPersonalizable: boolean;
  questions: Question[];
  /** The legacy flat fields (docs/marketplace.md §2.3) when the marketplace still returns them. */
  legacy?: { required: boolean; maxAllowedCharacters: number | null; instructions: string | null };
  legacyDisagrees: boolean;
  changedOutside?: boolean;
  /** The first of the listing's images, at the marketplace's 75x75 size. */
  thumbnail?: string;
};

/** A seller and their shop: who each of the dashboard's reads and writes is for. */
export type Seller = { userId: number; shopId: number };

export type ListingPage = { count: number; listings: Listing[] };

export function toQuestion(wire: QuestionWire): Question {
  return {
    ...(wire.question_id != null && { id: wire.question_id }),
    type: wire.question_type,
    title: wire.question_text ?? "",
    instructions: wire.instructions ?? "",
    required: wire.required,
    maxAllowedCharacters: wire.max_allowed_characters ?? null,
    ...(wire.max_allowed_files != null && { maxAllowedFiles: wire.max_allowed_files }),
    ...(wire.options && {
      options: wire.options.map((option) => option.label),
      optionIds: wire.options.map((option) => option.option_id ?? null),
    }),
    addOnPrice: wire.add_on_price ? moneyOf(wire.add_on_price) : null,
  };
}

export function toListing(wire: z.infer<typeof listingWire>): Listing {
  const questions = (wire.personalization?.personalization_questions ?? []).map(toQuestion);
  const hasLegacy =
    wire.personalization_is_required !== undefined ||
    wire.personalization_char_count_max !== undefined ||
    wire.personalization_instructions !== undefined;
  const legacy = hasLegacy
    ? {
        required: wire.personalization_is_required ?? false,
        maxAllowedCharacters: wire.personalization_char_count_max ?? null,
        instructions: wire.personalization_instructions ?? null,
      }
    : undefined;
  const first = questions[0];
  const [image] = [...(wire.images ?? [])].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const legacyDisagrees =
    legacy !== undefined &&
    wire.personalization !== undefined &&
    (legacy.required !== (first?.required ?? false) ||
      legacy.maxAllowedCharacters !== (first?.maxAllowedCharacters ?? null) ||
      (legacy.instructions ?? "") !== (first?.instructions ?? ""));
  return {
    id: wire.listing_id,
    shopId: wire.shop_id,
    title: wire.title,
    state: wire.state,
    url: wire.url,
    price: wire.price && formatMoney(wire.price),
    priceAmount: wire.price && wire.price.amount / wire.price.divisor,
    updatedAt: wire.updated_timestamp,
    isPersonalizable: wire.is_personalizable,
    questions,
    legacy,
    legacyDisagrees,
    ...(image?.url_75x75 && { thumbnail: image.url_75x75 }),
  };
}
