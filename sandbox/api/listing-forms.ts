import { z } from "zod";
import type { SandboxState } from "../state.js";
import { EU_GUARANTEE_FIELDS, euGuaranteeSchema, type EuGuarantee } from "../wire.js";

// The bodies of createDraftListing and updateListing (docs/marketplace.md §10.1: form-encoded, arrays comma-separated),
// as the marketplace took them in each period: the legacy personalization fields refused from 2026-04-09 (§3.1), all
// four fields gone from 2026-09-06, the EU guarantee fields taken from 2026-09-21 (§18).

const PERSONALIZATION_WRITE =
  "write personalization with updateListingPersonalization (POST /v3/application/shops/{shop_id}/listings/{listing_id}/personalization).";
const LEGACY_REFUSAL = `this legacy field was deprecated on 2026-04-09; ${PERSONALIZATION_WRITE}`;
const GONE_REFUSAL = `this field was removed from createDraftListing and updateListing on 2026-09-06; ${PERSONALIZATION_WRITE}`;

const refused = (error: string) =>
  z.never({ error }).optional().meta({ deprecated: true, description: "Refused: use updateListingPersonalization." });

const UNKNOWN_GUARANTEE = "unknown field; the marketplace takes the EU guarantee fields from 2026-09-21.";

/** docs/marketplace.md §18: before 2026-09-21 the EU guarantee fields are unknown to the marketplace. */
const unknownGuarantees = Object.fromEntries(
  EU_GUARANTEE_FIELDS.map((field) => [field, z.never({ error: UNKNOWN_GUARANTEE }).optional()]),
);

/** **choice** (docs/marketplace.md §18): the live limits are not published; an empty value clears the field. */
const guaranteeText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters.`)
    .transform((value) => (value === "" ? null : value))
    .optional()
    .meta({ description: `Up to ${max} characters; empty clears it.` });

const GUARANTEE_YEARS = "must be a whole number of years from 1 to 99, or empty to clear it.";

const guaranteeFields = {
  ecgt_garan_brand: guaranteeText(255),
  ecgt_garan_model: guaranteeText(255),
  ecgt_garan_years: z
    .string()
    .regex(/^(\d{1,2})?$/, GUARANTEE_YEARS)
    .transform((value) => (value === "" ? null : Number(value)))
    .pipe(z.int().min(1, GUARANTEE_YEARS).nullable())
    .optional()
    .meta({ description: "Whole years, 1 to 99; empty clears it." }),
  ecgt_garan_guarantee_details: guaranteeText(2000),
  ecgt_other_commercial_guarantee_details: guaranteeText(2000),
  ecgt_after_sales_service_info: guaranteeText(2000),
  ecgt_software_update_details: guaranteeText(2000),
};

const refusedFields = (names: string[], error: string) =>
  Object.fromEntries(names.map((name) => [name, refused(error)]));

const LEGACY_FIELDS = ["personalization_is_required", "personalization_char_count_max", "personalization_instructions"];

/** docs/marketplace.md §3.1: refused on every listing write, whatever their value; checked first. */
const legacyFields = refusedFields(LEGACY_FIELDS, LEGACY_REFUSAL);

/** docs/marketplace.md §18: from 2026-09-06 the four are gone from both bodies, is_personalizable with them. */
const goneFields = refusedFields(["is_personalizable", ...LEGACY_FIELDS], GONE_REFUSAL);

const wholeNumber = (message: string, min = 0) =>
  z.string().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message));

const priceInCents = z
  .string()
  .transform((value, ctx) => {
    const price = Number(value);
    if (Number.isFinite(price) && price > 0) return Math.round(price * 100);
    ctx.issues.push({ code: "custom", message: "must be a positive number.", input: value });
    return z.NEVER;
  })
  .meta({ description: "In the shop's currency, e.g. 12.50." });

const requiredText = z.string({ error: "is required." }).min(1, { error: "is required." });
const tagsField = z.string().optional().meta({ description: "Comma-separated." });

const draftForm = (refusals: Record<string, z.ZodOptional<z.ZodNever>>, guarantees = {}) =>
  z
    .object({
      ...refusals,
      ...guarantees,
      quantity: requiredText,
      title: requiredText,
      description: requiredText,
      price: requiredText,
      tags: tagsField,
    })
    .pipe(
      z.object({
        quantity: wholeNumber("must be a whole number of at least 1.", 1),
        title: z.string(),
        description: z.string(),
        price: priceInCents,
        tags: tagsField,
        ...euGuaranteeSchema.partial().shape,
      }),
    );

const updateFields = {
  quantity: wholeNumber("must be a whole number.").optional(),
  price: priceInCents.optional(),
  state: z.enum(["active", "inactive"], { error: "must be active or inactive." }).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  tags: tagsField,
};

const BEFORE_SEPTEMBER = {
  draft: draftForm({ ...legacyFields, ...unknownGuarantees }),
  update: z.object({
    ...legacyFields,
    ...unknownGuarantees,
    ...updateFields,
    is_personalizable: z.enum(["true", "false"], { error: "must be true or false." }).optional(),
  }),
};

const FIELDS_REFUSED = {
  draft: draftForm({ ...goneFields, ...unknownGuarantees }),
  update: z.object({ ...goneFields, ...unknownGuarantees, ...updateFields }),
};

/** From 2026-09-21: the bodies as the marketplace takes them now, also for the sandbox's own /openapi.json. */
export const LATEST_LISTING_FORMS = {
  draft: draftForm(goneFields, guaranteeFields),
  update: z.object({ ...goneFields, ...updateFields, ...guaranteeFields }),
};

export type ListingDraftFields = z.output<typeof LATEST_LISTING_FORMS.draft>;
export type ListingUpdateFields = z.output<z.ZodObject<typeof updateFields>> &
  Partial<EuGuarantee> & { is_personalizable?: "true" | "false" };

/** The two bodies the marketplace takes on the sandbox's date. */
export function listingFormsAt(state: SandboxState): {
  draft: z.ZodType<ListingDraftFields, unknown>;
  update: z.ZodType<ListingUpdateFields, unknown>;
} {
  if (state.reached("eu-guarantees")) return LATEST_LISTING_FORMS;
  return state.reached("listing-fields-refused") ? FIELDS_REFUSED : BEFORE_SEPTEMBER;
}

/** The EU guarantee fields a write gave (null clears one); none before 2026-09-21, where they are refused. */
export const guaranteesOf = (fields: Partial<EuGuarantee>): Partial<EuGuarantee> =>
  Object.fromEntries(EU_GUARANTEE_FIELDS.flatMap((field) => (field in fields ? [[field, fields[field]]] : [])));
