// zod/mini: the editor ships these rules to the browser, and the mini API is tree-shakable (the classic one is not).
import * as z from "zod/mini";

// Spec 2.1, 4.1 and 8 (migration period). Shared by the editor form, the server action and the sandbox.
export const INSTRUCTIONS_MAX = 256;
export const CHAR_LIMIT_MIN = 1;
export const CHAR_LIMIT_MAX = 1024;
export const QUESTION_TYPE = "text_input";
export const QUESTION_TEXT = "Personalization";

// Lengths count code points, so an emoji is one character as a seller sees it.
export const characterCount = (text: string) => [...text].length;

const LETTER_RUN = /\p{L}+/gu;

/** Spec 2.1: a word is a run of 3 or more letters; shorter runs are not words and do not break a run of words. */
export function longestCapsRun(text: string): number {
  let run = 0;
  let longest = 0;
  for (const [word] of text.matchAll(LETTER_RUN)) {
    if (characterCount(word) < 3) continue;
    const allCaps = word === word.toUpperCase() && word !== word.toLowerCase();
    run = allCaps ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

export const instructionRules = {
  length: `Use at most ${INSTRUCTIONS_MAX} characters.`,
  start: "Start with a letter or a digit.",
  caps: "Do not write 3 or more words in a row in capitals (a word is 3 or more letters).",
} as const;

export type InstructionRule = keyof typeof instructionRules;

/** The rules an instructions text breaks, in the order the form explains them. Empty text means "no instructions". */
export function brokenInstructionRules(text: string): InstructionRule[] {
  if (text === "") return [];
  const broken: InstructionRule[] = [];
  if (characterCount(text) > INSTRUCTIONS_MAX) broken.push("length");
  if (!/^[\p{L}\p{N}]/u.test(text)) broken.push("start");
  if (longestCapsRun(text) >= 3) broken.push("caps");
  return broken;
}

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

/** One question as written to updateListingPersonalization (wire format, snake_case). */
export const questionWriteSchema = z.strictObject(
  {
    question_type: z.literal(QUESTION_TYPE, { error: `must be "${QUESTION_TYPE}" during the migration period` }),
    question_text: z.literal(QUESTION_TEXT, { error: `must be "${QUESTION_TEXT}" during the migration period` }),
    instructions: z.optional(z.nullable(instructionsSchema)),
    required: requiredSchema,
    max_allowed_characters: charLimitSchema,
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field ${issue.keys.join(", ")}` : "must be an object") },
);

export const personalizationWriteSchema = z.strictObject(
  {
    personalization_questions: z
      .array(questionWriteSchema, { error: "is required and must be an array" })
      .check(z.length(1, { error: "must hold exactly one question during the migration period" })),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field ${issue.keys.join(", ")}` : "must be a JSON object") },
);

export type PersonalizationWrite = z.infer<typeof personalizationWriteSchema>;

/** The editor's fields (camelCase), built from the same field rules as the wire schema. */
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

/** `personalization_questions[0].instructions: Start with a letter or a digit.` — decisions.md "Validation failure". */
export function describeFirstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "request body is invalid";
  const path = issue.path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    "",
  );
  return path ? `${path}: ${issue.message}` : issue.message;
}
