import { z } from "zod";

export const LISTING_STATES = ["active", "inactive", "sold_out", "draft", "expired"] as const;

// What the sandbox answers, as the wire carries it (snake_case). listing-store.ts builds its JSON to these types.

const moneySchema = z.object({ amount: z.int(), divisor: z.int(), currency_code: z.string() });

export const storedQuestionSchema = z.object({
  question_id: z.int().meta({ description: "Send it back to keep the question (and its add-on price) on a write." }),
  question_type: z.string(),
  question_text: z.string(),
  instructions: z.string().nullable(),
  required: z.boolean(),
  max_allowed_characters: z.int().nullable().meta({ description: "text_input only; null for other types." }),
  max_allowed_files: z
    .int()
    .nullable()
    .meta({ description: "Upload types only (multi-question phase); null otherwise." }),
  options: z
    .array(z.object({ option_id: z.int(), label: z.string() }))
    .nullable()
    .meta({ description: "dropdown and labeled_upload only (multi-question phase); null otherwise." }),
  add_on_price: moneySchema.nullable().meta({
    description: "What buyers pay for answering an optional text_input question (from 2026-07-20); null otherwise.",
  }),
});

export const personalizationSchema = z.object({ personalization_questions: z.array(storedQuestionSchema) });

const LEGACY = "Legacy field (spec 4.3): returned during the migration period, absent after its deprecation (spec 9).";

export const listingSchema = z.object({
  listing_id: z.int(),
  user_id: z.int(),
  shop_id: z.int(),
  title: z.string(),
  description: z.string(),
  state: z.enum(LISTING_STATES),
  quantity: z.int(),
  url: z.string(),
  price: moneySchema,
  tags: z.array(z.string()),
  created_timestamp: z.int(),
  updated_timestamp: z.int(),
  featured_rank: z.int(),
  shop_section_id: z.int().nullable(),
  return_policy_id: z.int().nullable(),
  is_personalizable: z.boolean(),
  personalization_is_required: z.boolean().optional().meta({ description: LEGACY }),
  personalization_char_count_max: z.int().nullable().optional().meta({ description: LEGACY }),
  personalization_instructions: z.string().nullable().optional().meta({ description: LEGACY }),
  personalization: personalizationSchema
    .optional()
    .meta({ description: "Only with includes=personalization (spec 4.2)." }),
});

export const listingPageSchema = z.object({ count: z.int(), results: z.array(listingSchema) });

export const inventorySchema = z.object({
  products: z.array(
    z.object({
      product_id: z.int(),
      sku: z.string(),
      is_deleted: z.boolean(),
      offerings: z.array(
        z.object({
          offering_id: z.int(),
          quantity: z.int(),
          is_enabled: z.boolean(),
          is_deleted: z.boolean(),
          price: moneySchema,
        }),
      ),
      property_values: z.array(z.unknown()),
    }),
  ),
  price_on_property: z.array(z.int()),
  quantity_on_property: z.array(z.int()),
  sku_on_property: z.array(z.int()),
  listing: listingSchema.optional().meta({ description: "Only with includes=listing." }),
});

export const shopSchema = z.object({
  shop_id: z.int(),
  user_id: z.int(),
  shop_name: z.string(),
  title: z.string(),
  url: z.string(),
  currency_code: z.string(),
  listing_active_count: z.int(),
  create_date: z.int(),
  created_timestamp: z.int(),
  is_vacation: z.boolean(),
});

export const meSchema = z.object({ user_id: z.int(), shop_id: z.int().optional() });

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.int(),
  refresh_token: z.string(),
  scope: z.string().optional().meta({ description: "Granted scopes, space-separated; left out for token_exchange." }),
});

export type ListingWire = z.output<typeof listingSchema>;
export type StoredQuestion = z.output<typeof storedQuestionSchema>;
