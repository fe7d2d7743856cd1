import { z } from "zod";
import type { SandboxState } from "../state.js";

// The bodies of createDraftListing and updateListing (docs/marketplace.md §10.1: form-encoded, arrays comma-separated),
// as the marketplace took them in each period: the legacy personalization fields refused from 2026-04-09 (§3.1), all
// four fields gone from 2026-09-06 (§18).

const PERSONALIZATION_WRITE =
  "write personalization with updateListingPersonalization (POST /v3/application/shops/{shop_id}/listings/{listing_id}/personalization).";
const LEGACY_REFUSAL = `this legacy field was deprecated on 2026-04-09; ${PERSONALIZATION_WRITE}`;
const GONE_REFUSAL = `this field was removed from createDraftListing and updateListing on 2026-09-06; ${PERSONALIZATION_WRITE}`;

const refused = (error: string) =>
  z.never({ error }).optional().meta({ deprecated: true, description: "Refused: use updateListingPersonalization." });

/** docs/marketplace.md §3.1: refused on every listing write, whatever their value; checked first. */
const legacyFields = {
  personalization_is_required: refused(LEGACY_REFUSAL),
  personalization_char_count_max: refused(LEGACY_REFUSAL),
  personalization_instructions: refused(LEGACY_REFUSAL),
};

/** docs/marketplace.md §18: from 2026-09-06 the four are gone from both bodies, is_personalizable with them. */
const goneFields = {
  is_personalizable: refused(GONE_REFUSAL),
  personalization_is_required: refused(GONE_REFUSAL),
  personalization_char_count_max: refused(GONE_REFUSAL),
  personalization_instructions: refused(GONE_REFUSAL),
};

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

const draftForm = (refusals: Record<string, ReturnType<typeof refused>>) =>
  z
    .object({
      ...refusals,
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
  draft: draftForm(legacyFields),
  update: z.object({
    ...legacyFields,
    ...updateFields,
    is_personalizable: z.enum(["true", "false"], { error: "must be true or false." }).optional(),
  }),
};

const FIELDS_REFUSED = {
  draft: draftForm(goneFields),
  update: z.object({ ...goneFields, ...updateFields }),
};

export type ListingUpdateFields = z.output<typeof BEFORE_SEPTEMBER.update>;

/** The two bodies the marketplace takes on the sandbox's date. */
export function listingFormsAt(state: SandboxState): {
  draft: z.ZodType<z.output<typeof BEFORE_SEPTEMBER.draft>, unknown>;
  update: z.ZodType<ListingUpdateFields, unknown>;
} {
  return state.reached("listing-fields-refused") ? FIELDS_REFUSED : BEFORE_SEPTEMBER;
}

/** The bodies as the marketplace takes them now, for the sandbox's own /openapi.json. */
export const LATEST_LISTING_FORMS = FIELDS_REFUSED;
