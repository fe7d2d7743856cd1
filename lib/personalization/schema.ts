import * as z from "zod/mini";
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

export const questionWriteSchema = z.strictObject(
  {
    question_type: z.literal(QUESTION_TYPE, { error: `must be "${QUESTION_TYPE}" during the migration period` }),
    question_text: z.literal(QUESTION_TEXT, { error: `must be "${QUESTION_TEXT}" during the migration period` }),
    instructions: z.optional(z.nullable(instructionsSchema)),
    required: requiredSchema,
    max_allowed_characters: charLimitSchema,
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `unknown field ${issue.keys.join(", ")}` : "must be an object",
  },
);

export const personalizationWriteSchema = z.strictObject(
  {
    personalization_questions: z
      .array(questionWriteSchema, { error: "is required and must be an array" })
      .check(z.length(1, { error: "must hold exactly one question during the migration period" })),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `unknown field ${issue.keys.join(", ")}` : "must be a JSON object",
  },
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
