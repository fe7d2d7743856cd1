import * as z from "zod/mini";
import type { MoneyWire } from "../marketplace/money";
import {
  brokenInstructionRules,
  CHAR_LIMIT_MAX,
  CHAR_LIMIT_MIN,
  instructionRules,
  QUESTION_TEXT,
  QUESTION_TYPE,
} from "./rules";

export * from "./rules";

export const instructionsSchema = z.string({ error: "must be a string" }).check(
  z.superRefine((text, ctx) => {
    for (const rule of brokenInstructionRules(text)) ctx.addIssue({ code: "custom", message: instructionRules[rule] });
  }),
);

export const charLimitSchema = z
  .number({ error: "must be a whole number from 1 to 1024" })
  .check(
    z.int({ error: "must be a whole number from 1 to 1024" }),
    z.minimum(CHAR_LIMIT_MIN, { error: `must be at least ${CHAR_LIMIT_MIN}` }),
    z.maximum(CHAR_LIMIT_MAX, { error: `must be at most ${CHAR_LIMIT_MAX}` }),
  );

export const requiredSchema = z.boolean({ error: "must be true or false" });

export const unknownKeys = (otherwise: string) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === "unrecognized_keys" ? `unknown field ${issue.keys?.join(", ")}` : otherwise;

export const WIRE_PRICE_RULE =
  "must be a number of the shop's currency, or a Money object {amount, divisor, currency_code}, of 0 or more";
export const PRICE_ONLY_OPTIONAL_TEXT =
  "only optional (required: false) text_input questions may have an add-on price; send 0 or null for none";

export type PriceInput = number | MoneyWire;

export const priceValue = (price: PriceInput | null | undefined) =>
  price == null ? 0 : typeof price === "number" ? price : price.amount / price.divisor;

export const wireIdSchema = z
  .int({ error: "must be a whole number of 1 or more" })
  .check(z.minimum(1, { error: "must be a whole number of 1 or more" }));
export const unusedWireField = z.optional(z.null({ error: "must be null or left out for this question type" }));
export const moneyWriteSchema = z.strictObject(
  {
    amount: z.int({ error: WIRE_PRICE_RULE }).check(z.minimum(0, { error: WIRE_PRICE_RULE })),
    divisor: z.int({ error: WIRE_PRICE_RULE }).check(z.minimum(1, { error: WIRE_PRICE_RULE })),
    currency_code: z.string({ error: WIRE_PRICE_RULE }).check(z.regex(/^[A-Z]{3}$/, { error: WIRE_PRICE_RULE })),
  },
  { error: unknownKeys(WIRE_PRICE_RULE) },
);
export const addOnPriceWriteSchema = z.optional(
  z.nullable(
    z.union([z.number({ error: WIRE_PRICE_RULE }).check(z.minimum(0, { error: WIRE_PRICE_RULE })), moneyWriteSchema], {
      error: WIRE_PRICE_RULE,
    }),
  ),
);
export const pricedOnlyWhenOptional = z.refine<{ required: boolean; add_on_price?: PriceInput | null }>(
  (question) => !question.required || priceValue(question.add_on_price) === 0,
  { error: PRICE_ONLY_OPTIONAL_TEXT, path: ["add_on_price"] },
);

// docs/marketplace.md §13 (write schema): open to every field of the OAS request body, so a question read back from
// getListingPersonalization (its question_id, nulls and add-on price) is written as read; anything else is named.
export const questionWriteSchema = z
  .strictObject(
    {
      question_id: z.optional(z.nullable(wireIdSchema)),
      question_type: z.literal(QUESTION_TYPE, { error: `must be "${QUESTION_TYPE}" during the migration period` }),
      question_text: z.literal(QUESTION_TEXT, { error: `must be "${QUESTION_TEXT}" during the migration period` }),
      instructions: z.optional(z.nullable(instructionsSchema)),
      required: requiredSchema,
      max_allowed_characters: charLimitSchema,
      max_allowed_files: unusedWireField,
      options: unusedWireField,
      add_on_price: addOnPriceWriteSchema,
    },
    { error: unknownKeys("must be an object") },
  )
  .check(pricedOnlyWhenOptional);

export const personalizationWriteSchema = z.strictObject(
  {
    personalization_questions: z
      .array(questionWriteSchema, { error: "is required and must be an array" })
      .check(z.length(1, { error: "must hold exactly one question during the migration period" })),
  },
  { error: unknownKeys("must be a JSON object") },
);

export type PersonalizationWrite = z.infer<typeof personalizationWriteSchema>;

export const questionFormSchema = z.object({
  instructions: instructionsSchema,
  maxAllowedCharacters: charLimitSchema,
  required: requiredSchema,
});

export type QuestionForm = z.infer<typeof questionFormSchema>;

export function toWrite(form: QuestionForm): PersonalizationWrite {
  return {
    personalization_questions: [
      {
        question_type: QUESTION_TYPE,
        question_text: QUESTION_TEXT,
        instructions: form.instructions === "" ? null : form.instructions,
        required: form.required,
        max_allowed_characters: form.maxAllowedCharacters,
      },
    ],
  };
}

/** `personalization_questions[0].instructions: Start with a letter or a digit.` — docs/marketplace.md §7.9. */
export function describeFirstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "request body is invalid";
  const path = issue.path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    "",
  );
  return path ? `${path}: ${issue.message}` : issue.message;
}
