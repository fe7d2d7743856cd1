import { z } from "zod";

export const LISTING_STATES = ["active", "inactive", "sold_out", "draft", "expired"] as const;
/** docs/marketplace.md §18: from 2026-09-21 a listing the marketplace removed reads with the state `removed`. */
export const LISTING_READ_STATES = [...LISTING_STATES, "removed"] as const;

export const moneySchema = z.object({ amount: z.int(), divisor: z.int(), currency_code: z.string() });

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

/** docs/marketplace.md §18: the EU guarantee fields of a listing (from 2026-09-21), on reads null when unset. */
export const euGuaranteeSchema = z.object({
  ecgt_garan_brand: z.string().nullable(),
  ecgt_garan_model: z.string().nullable(),
  ecgt_garan_years: z.int().nullable(),
  ecgt_garan_guarantee_details: z.string().nullable(),
  ecgt_other_commercial_guarantee_details: z.string().nullable(),
  ecgt_after_sales_service_info: z.string().nullable(),
  ecgt_software_update_details: z.string().nullable(),
});
export type EuGuarantee = z.output<typeof euGuaranteeSchema>;
export const EU_GUARANTEE_FIELDS = Object.keys(euGuaranteeSchema.shape) as (keyof EuGuarantee)[];

/**
 * docs/marketplace.md §18 (choice): whether a listing declares a commercial guarantee, read beside the seven and never
 * written: true when any of the five guarantee fields is set (after-sales service and software updates are not one).
 */
export const commercialGuaranteeEnabled = (listing: EuGuarantee) =>
  [
    listing.ecgt_garan_brand,
    listing.ecgt_garan_model,
    listing.ecgt_garan_years,
    listing.ecgt_garan_guarantee_details,
    listing.ecgt_other_commercial_guarantee_details,
  ].some((value) => value !== null);

const LEGACY =
  "Legacy field (docs/marketplace.md §4.3): returned during the migration period, absent after its deprecation (§9).";

/** The associations `includes` attaches (OAS ShopListingWithAssociations), and the key each one fills. */
export const LISTING_ASSOCIATIONS = {
  Images: "images",
  Shop: "shop",
  User: "user",
  Translations: "translations",
  Videos: "videos",
  Inventory: "inventory",
  Shipping: "shipping_profile",
  BuyerPrice: "buyer_price",
  Personalization: "personalization",
} as const;
export type ListingAssociation = keyof typeof LISTING_ASSOCIATIONS;

export const shopSchema = z.object({
  shop_id: z.int(),
  user_id: z.int(),
  shop_name: z.string(),
  create_date: z.int(),
  created_timestamp: z.int(),
  title: z.string().nullable(),
  announcement: z.string().nullable(),
  currency_code: z.string(),
  is_vacation: z.boolean(),
  vacation_message: z.string().nullable(),
  sale_message: z.string().nullable(),
  digital_sale_message: z.string().nullable(),
  update_date: z.int(),
  updated_timestamp: z.int(),
  listing_active_count: z.int(),
  digital_listing_count: z.int(),
  login_name: z.string(),
  accepts_custom_requests: z.boolean(),
  policy_welcome: z.string().nullable(),
  policy_payment: z.string().nullable(),
  policy_shipping: z.string().nullable(),
  policy_refunds: z.string().nullable(),
  policy_additional: z.string().nullable(),
  policy_seller_info: z.string().nullable(),
  policy_update_date: z.int(),
  policy_has_private_receipt_info: z.boolean(),
  has_unstructured_policies: z.boolean(),
  policy_privacy: z.string().nullable(),
  vacation_autoreply: z.string().nullable(),
  url: z.string(),
  image_url_760x100: z.string().nullable(),
  num_favorers: z.int(),
  languages: z.array(z.string()),
  icon_url_fullxfull: z.string().nullable(),
  is_using_structured_policies: z.boolean(),
  has_onboarded_structured_policies: z.boolean(),
  include_dispute_form_link: z.boolean(),
  is_direct_checkout_onboarded: z.boolean(),
  is_etsy_payments_onboarded: z.boolean(),
  is_calculated_eligible: z.boolean(),
  is_opted_in_to_buyer_promise: z.boolean(),
  is_shop_us_based: z.boolean(),
  transaction_sold_count: z.int(),
  shipping_from_country_iso: z.string().nullable(),
  shop_location_country_iso: z.string().nullable(),
  review_count: z.int().nullable(),
  review_average: z.number().nullable(),
});

const imageSchema = z.object({
  listing_id: z.int(),
  listing_image_id: z.int(),
  hex_code: z.string().nullable(),
  red: z.int().nullable(),
  green: z.int().nullable(),
  blue: z.int().nullable(),
  hue: z.int().nullable(),
  saturation: z.int().nullable(),
  brightness: z.int().nullable(),
  is_black_and_white: z.boolean().nullable(),
  creation_tsz: z.int(),
  created_timestamp: z.int(),
  rank: z.int(),
  url_75x75: z.string(),
  url_170x135: z.string(),
  url_570xN: z.string(),
  url_fullxfull: z.string(),
  full_height: z.int().nullable(),
  full_width: z.int().nullable(),
  alt_text: z.string().nullable(),
});

const videoSchema = z.object({
  video_id: z.int(),
  height: z.int(),
  width: z.int(),
  thumbnail_url: z.string(),
  video_url: z.string(),
  video_state: z.enum(["active", "inactive", "deleted", "flagged"]),
});

const userSchema = z.object({
  user_id: z.int(),
  primary_email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  image_url_75x75: z.string().nullable(),
});

const translationSchema = z.object({
  listing_id: z.int(),
  language: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
});

const shippingProfileSchema = z.object({
  shipping_profile_id: z.int(),
  title: z.string().nullable(),
  user_id: z.int(),
  origin_country_iso: z.string(),
  is_deleted: z.boolean(),
  shipping_profile_destinations: z.array(
    z.object({
      shipping_profile_destination_id: z.int(),
      shipping_profile_id: z.int(),
      origin_country_iso: z.string(),
      destination_country_iso: z.string(),
      destination_region: z.enum(["eu", "non_eu", "none"]),
      primary_cost: moneySchema,
      secondary_cost: moneySchema,
      shipping_carrier_id: z.int().nullable(),
      mail_class: z.string().nullable(),
      min_delivery_days: z.int().nullable(),
      max_delivery_days: z.int().nullable(),
    }),
  ),
  shipping_profile_upgrades: z.array(z.unknown()),
  origin_postal_code: z.string().nullable(),
  profile_type: z.enum(["manual", "calculated"]),
  domestic_handling_fee: z.number(),
  international_handling_fee: z.number(),
});

const buyerPriceSchema = z.object({
  base_price: moneySchema,
  shipping_cost: moneySchema.nullable(),
  is_free_shipping: z.boolean(),
  original_price: moneySchema,
  discounted_price: moneySchema.nullable(),
  discount_amount: moneySchema.nullable(),
  discount_percentage: z.int().nullable(),
  has_discount: z.boolean(),
  discount_start_epoch: z.int().nullable(),
  discount_end_epoch: z.int().nullable(),
});

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
          readiness_state_id: z.int().nullable(),
        }),
      ),
      property_values: z.array(z.unknown()),
    }),
  ),
  price_on_property: z.array(z.int()),
  quantity_on_property: z.array(z.int()),
  sku_on_property: z.array(z.int()),
  readiness_state_on_property: z.array(z.int()),
});

const association = (name: ListingAssociation) => ({ description: `Only with includes=${name}.` });

/** Every field of the OAS's ShopListing, then the legacy fields and the associations of ShopListingWithAssociations. */
export const listingSchema = z.object({
  listing_id: z.int(),
  user_id: z.int(),
  shop_id: z.int(),
  title: z.string(),
  description: z.string(),
  rich_description: z.string().nullable(),
  state: z.enum(LISTING_READ_STATES),
  creation_timestamp: z.int(),
  created_timestamp: z.int(),
  ending_timestamp: z.int(),
  original_creation_timestamp: z.int(),
  last_modified_timestamp: z.int().meta({ description: "Moves on every change of the listing." }),
  updated_timestamp: z.int(),
  state_timestamp: z.int().nullable(),
  quantity: z.int(),
  shop_section_id: z.int().nullable(),
  featured_rank: z.int(),
  url: z.string(),
  num_favorers: z.int(),
  non_taxable: z.boolean(),
  is_taxable: z.boolean(),
  is_customizable: z.boolean(),
  is_personalizable: z.boolean(),
  listing_type: z.enum(["physical", "download", "both"]),
  tags: z.array(z.string()),
  materials: z.array(z.string()),
  shipping_profile_id: z.int().nullable(),
  return_policy_id: z.int().nullable(),
  processing_min: z.int().nullable(),
  processing_max: z.int().nullable(),
  who_made: z.enum(["i_did", "someone_else", "collective"]).nullable(),
  when_made: z.string().nullable(),
  is_supply: z.boolean().nullable(),
  item_weight: z.number().nullable(),
  item_weight_unit: z.enum(["oz", "lb", "g", "kg"]).nullable(),
  item_length: z.number().nullable(),
  item_width: z.number().nullable(),
  item_height: z.number().nullable(),
  item_dimensions_unit: z.enum(["in", "ft", "mm", "cm", "m", "yd", "inches"]).nullable(),
  is_private: z.boolean(),
  style: z.array(z.string()),
  file_data: z.string().nullable(),
  has_variations: z.boolean(),
  should_auto_renew: z.boolean(),
  language: z.string().nullable(),
  price: moneySchema,
  converted_price: moneySchema.nullable(),
  taxonomy_id: z.int().nullable(),
  readiness_state_id: z.int().nullable(),
  suggested_title: z.string().nullable(),
  personalization_is_required: z.boolean().optional().meta({ description: LEGACY }),
  personalization_char_count_max: z.int().nullable().optional().meta({ description: LEGACY }),
  personalization_instructions: z.string().nullable().optional().meta({ description: LEGACY }),
  ...euGuaranteeSchema.partial().meta({ description: "From 2026-09-21 (docs/marketplace.md §18)." }).shape,
  ecgt_commercial_guarantee_enabled: z.boolean().optional().meta({
    description: "From 2026-09-21 (docs/marketplace.md §18): true when any of the five guarantee fields is set.",
  }),
  images: z.array(imageSchema).optional().meta(association("Images")),
  shop: shopSchema.optional().meta(association("Shop")),
  user: userSchema.optional().meta(association("User")),
  translations: z.record(z.string(), translationSchema.nullable()).optional().meta(association("Translations")),
  videos: z.array(videoSchema).optional().meta(association("Videos")),
  inventory: inventorySchema.optional().meta(association("Inventory")),
  shipping_profile: shippingProfileSchema.nullable().optional().meta(association("Shipping")),
  buyer_price: buyerPriceSchema.optional().meta(association("BuyerPrice")),
  personalization: personalizationSchema.optional().meta(association("Personalization")),
});

export const listingPageSchema = z.object({ count: z.int(), results: z.array(listingSchema) });

export const inventoryWithListingSchema = inventorySchema.extend({
  listing: listingSchema.optional().meta({ description: "Only with includes=Listing." }),
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
export type ShopWire = z.output<typeof shopSchema>;
export type InventoryWire = z.output<typeof inventoryWithListingSchema>;
