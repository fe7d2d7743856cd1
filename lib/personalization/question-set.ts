// zod/mini, as schema.ts: the multi-question editor ships these rules to the browser.
import * as z from "zod/mini";
import { brokenInstructionRules, CHAR_LIMIT_MAX, CHAR_LIMIT_MIN, characterCount, instructionRules } from "./schema";
import { ADD_ON_PRICE_MAX, addOnPriceRules, brokenAddOnPriceRule } from "./add-on-price";
import { QUESTION_TYPES, type QuestionType } from "./question-types";

export { QUESTION_TYPE_NAMES, QUESTION_TYPES, isQuestionType, type QuestionType } from "./question-types";

// The multi-question phase (spec 9.4). The spec gives no figures for it; these follow what the marketplace documents
// for that period (up to 5 questions; text, dropdown and two upload types; a labeled upload has one file per label),
// with our own choice for the lengths of titles and labels. One rule set, voiced twice: the sandbox answers in the
// wire's `<field>: <reason>` (decisions.md "Validation failure"), the editor in sentences next to each field.

export const QUESTIONS_MAX = 5;
export const TITLE_MAX = 45;
export const LABEL_MAX = 45;
export const DROPDOWN_OPTIONS_MAX = 30;
export const FILES_MAX = 10;
/** Instructions of a question in this period (the migration period allowed 256). */
export const QUESTION_INSTRUCTIONS_MAX = 120;

type Voice = {
  questionsArray: string;
  questionsCount: string;
  type: string;
  string: string;
  titleLength: string;
  titleStart: string;
  instructionsLength: string;
  required: string;
  limitType: string;
  limitMin: string;
  limitMax: string;
  optionsArray: string;
  option: string;
  optionsCount: (max: number, type: "dropdown" | "labeled_upload") => string;
  optionsDistinct: (type: "dropdown" | "labeled_upload") => string;
  labelLength: string;
  filesType: string;
  filesMin: string;
  filesMax: string;
};

const wireVoice: Voice = {
  questionsArray: "is required and must be an array",
  questionsCount: `must hold 1 to ${QUESTIONS_MAX} questions`,
  type: `must be one of ${QUESTION_TYPES.join(", ")}`,
  string: "must be a string",
  titleLength: `must be 1 to ${TITLE_MAX} characters`,
  titleStart: "must start with a letter or a digit",
  instructionsLength: `must be at most ${QUESTION_INSTRUCTIONS_MAX} characters`,
  required: "must be true or false",
  limitType: `must be a whole number from ${CHAR_LIMIT_MIN} to ${CHAR_LIMIT_MAX}`,
  limitMin: `must be at least ${CHAR_LIMIT_MIN}`,
  limitMax: `must be at most ${CHAR_LIMIT_MAX}`,
  optionsArray: "must be an array of {label} objects",
  option: "must be an object with a label",
  optionsCount: (max) => `must hold 1 to ${max} options`,
  optionsDistinct: () => "labels must differ from each other",
  labelLength: `must be 1 to ${LABEL_MAX} characters`,
  filesType: `must be a whole number from 1 to ${FILES_MAX}`,
  filesMin: "must be at least 1",
  filesMax: `must be at most ${FILES_MAX}`,
};

const choices = (type: "dropdown" | "labeled_upload") => (type === "dropdown" ? "choices" : "file labels");

export const sellerVoice: Voice = {
  questionsArray: "Add at least one question.",
  questionsCount: `Ask 1 to ${QUESTIONS_MAX} questions. To ask none, remove personalization instead.`,
  type: "Choose a question type: text, dropdown, file upload or labelled file upload.",
  string: "Enter text here.",
  titleLength: `Give the question a title of 1 to ${TITLE_MAX} characters.`,
  titleStart: "Start the title with a letter or a digit.",
  instructionsLength: `Use at most ${QUESTION_INSTRUCTIONS_MAX} characters.`,
  required: "Choose whether buyers must answer.",
  limitType: `Enter a whole number from ${CHAR_LIMIT_MIN} to ${CHAR_LIMIT_MAX}.`,
  limitMin: `Allow at least ${CHAR_LIMIT_MIN} character.`,
  limitMax: `Allow at most ${CHAR_LIMIT_MAX} characters.`,
  optionsArray: "Add the choices as a list.",
  option: "Give this choice a label.",
  optionsCount: (max, type) => `Give 1 to ${max} ${choices(type)}.`,
  optionsDistinct: (type) => `Give each of the ${choices(type)} a different label: two are the same.`,
  labelLength: `Use 1 to ${LABEL_MAX} characters for each label.`,
  filesType: `Enter a whole number of files from 1 to ${FILES_MAX}.`,
  filesMin: "Allow at least 1 file.",
  filesMax: `Allow at most ${FILES_MAX} files.`,
};

const startsWithLetterOrDigit = (text: string) => /^[\p{L}\p{N}]/u.test(text);
const lengthWithin = (max: number) => (text: string) => characterCount(text) >= 1 && characterCount(text) <= max;
export const labelsDistinct = (labels: readonly string[]) => new Set(labels).size === labels.length;

/** The rules of each field, in one voice. Both the form's and the wire's shapes are built from these. */
function fieldRules(voice: Voice) {
  const title = z
    .string({ error: voice.string })
    .check(
      z.refine(lengthWithin(TITLE_MAX), { error: voice.titleLength }),
      z.refine(startsWithLetterOrDigit, { error: voice.titleStart }),
    );
  const required = z.boolean({ error: voice.required });
  const charLimit = z
    .number({ error: voice.limitType })
    .check(
      z.int({ error: voice.limitType }),
      z.minimum(CHAR_LIMIT_MIN, { error: voice.limitMin }),
      z.maximum(CHAR_LIMIT_MAX, { error: voice.limitMax }),
    );
  const files = z
    .int({ error: voice.filesType })
    .check(z.minimum(1, { error: voice.filesMin }), z.maximum(FILES_MAX, { error: voice.filesMax }));
  const label = z
    .string({ error: voice.string })
    .check(z.refine(lengthWithin(LABEL_MAX), { error: voice.labelLength }));
  const options = (max: number, type: "dropdown" | "labeled_upload", strict: boolean) =>
    z
      .array(
        strict
          ? z.strictObject({ label }, { error: unknownKeys(voice.option) })
          : z.object({ label, optionId: z.optional(z.int()) }, { error: voice.option }),
        { error: voice.optionsArray },
      )
      .check(
        z.minLength(1, { error: voice.optionsCount(max, type) }),
        z.maxLength(max, { error: voice.optionsCount(max, type) }),
        z.refine((list) => labelsDistinct(list.map((option) => option.label)), { error: voice.optionsDistinct(type) }),
      );
  // The start and capitals rules are the migration period's (schema.ts); the length is this period's.
  const instructions = z.string({ error: voice.string }).check(
    z.superRefine((text, ctx) => {
      if (characterCount(text) > QUESTION_INSTRUCTIONS_MAX)
        ctx.addIssue({ code: "custom", message: voice.instructionsLength });
      for (const rule of brokenInstructionRules(text))
        if (rule !== "length") ctx.addIssue({ code: "custom", message: instructionRules[rule] });
    }),
  );
  return { title, required, charLimit, files, options, instructions };
}

const unknownKeys = (otherwise: string) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === "unrecognized_keys" ? `unknown field ${issue.keys?.join(", ")}` : otherwise;

/** Money as the marketplace takes it: a whole `amount` of at most ADD_ON_PRICE_MAX over a positive `divisor`. */
export const addOnPriceWriteSchema = z
  .strictObject(
    {
      amount: z.int({ error: "amount must be a whole number" }).check(z.minimum(0, { error: "must not be negative" })),
      divisor: z
        .int({ error: "divisor must be a whole number" })
        .check(z.minimum(1, { error: "divisor must be at least 1" })),
      currency_code: z
        .string({ error: "currency_code must be a string" })
        .check(z.length(3, { error: "currency_code must be a 3-letter ISO code" })),
    },
    { error: unknownKeys("must be a Money object {amount, divisor, currency_code}") },
  )
  .check(
    z.refine((money) => money.amount <= ADD_ON_PRICE_MAX * money.divisor, {
      error: `must be at most ${ADD_ON_PRICE_MAX}`,
    }),
  );

const chargesSomething = (price: { amount: number } | null | undefined) => price != null && price.amount > 0;

// ---- The wire (snake_case): the sandbox's multi-question rules ----

const wire = fieldRules(wireVoice);
/** A key that belongs to another type may be left out or sent as null, as reads return it. */
const unused = z.optional(z.null({ error: "must be null or left out for this question type" }));
const wireCommon = {
  question_text: wire.title,
  instructions: z.optional(z.nullable(wire.instructions)),
  required: wire.required,
};
const wireObject = { error: unknownKeys("must be an object") };

export const textQuestionWriteSchema = z
  .strictObject(
    {
      question_type: z.literal("text_input"),
      ...wireCommon,
      max_allowed_characters: wire.charLimit,
      max_allowed_files: unused,
      options: unused,
      add_on_price: z.optional(z.nullable(addOnPriceWriteSchema)),
    },
    wireObject,
  )
  .check(
    z.refine((question) => !question.required || !chargesSomething(question.add_on_price), {
      error: "is allowed only on optional questions (required: false)",
      path: ["add_on_price"],
    }),
  );
export const dropdownQuestionWriteSchema = z.strictObject(
  {
    question_type: z.literal("dropdown"),
    ...wireCommon,
    options: wire.options(DROPDOWN_OPTIONS_MAX, "dropdown", true),
    max_allowed_characters: unused,
    max_allowed_files: unused,
  },
  wireObject,
);
export const unlabeledUploadQuestionWriteSchema = z.strictObject(
  {
    question_type: z.literal("unlabeled_upload"),
    ...wireCommon,
    max_allowed_files: wire.files,
    max_allowed_characters: unused,
    options: unused,
  },
  wireObject,
);
export const labeledUploadQuestionWriteSchema = z
  .strictObject(
    {
      question_type: z.literal("labeled_upload"),
      ...wireCommon,
      options: wire.options(FILES_MAX, "labeled_upload", true),
      max_allowed_files: wire.files,
      max_allowed_characters: unused,
    },
    wireObject,
  )
  .check(
    z.refine((question) => question.max_allowed_files === question.options.length, {
      error: "must equal the number of options (one file per label)",
      path: ["max_allowed_files"],
    }),
  );

export const questionSetWriteSchema = z.strictObject(
  {
    personalization_questions: z
      .array(
        z.discriminatedUnion(
          "question_type",
          [
            textQuestionWriteSchema,
            dropdownQuestionWriteSchema,
            unlabeledUploadQuestionWriteSchema,
            labeledUploadQuestionWriteSchema,
          ],
          {
            error: wireVoice.type,
          },
        ),
        { error: wireVoice.questionsArray },
      )
      .check(
        z.minLength(1, { error: wireVoice.questionsCount }),
        z.maxLength(QUESTIONS_MAX, { error: wireVoice.questionsCount }),
      ),
  },
  { error: unknownKeys("must be a JSON object") },
);

export type QuestionSetWrite = z.output<typeof questionSetWriteSchema>;
export type QuestionWrite = QuestionSetWrite["personalization_questions"][number];

// ---- The editor's form (camelCase): the same rules, in the seller's words ----

const form = fieldRules(sellerVoice);
// The marketplace's ids of what the listing asks now travel with the form, so a save keeps those questions and choices.
const formCommon = {
  questionId: z.optional(z.int()),
  title: form.title,
  instructions: form.instructions,
  required: form.required,
};
const addOnPriceText = z.string({ error: addOnPriceRules.format }).check(
  z.superRefine((text, ctx) => {
    const broken = brokenAddOnPriceRule(text);
    if (broken) ctx.addIssue({ code: "custom", message: addOnPriceRules[broken] });
  }),
);

/** The add-on price as the seller typed it ("" for none) and as the listing was read, so an untouched price is kept as stored. */
export const textQuestionFormSchema = z
  .object({
    type: z.literal("text_input"),
    ...formCommon,
    maxAllowedCharacters: form.charLimit,
    addOnPrice: z.optional(addOnPriceText),
    addOnPriceAsRead: z.optional(z.string()),
  })
  .check(
    z.refine((question) => !question.required || Number(question.addOnPrice?.trim() || 0) === 0, {
      error: addOnPriceRules.optionalOnly,
      path: ["addOnPrice"],
    }),
  );
export const dropdownQuestionFormSchema = z.object({
  type: z.literal("dropdown"),
  ...formCommon,
  options: form.options(DROPDOWN_OPTIONS_MAX, "dropdown", false),
});
export const unlabeledUploadQuestionFormSchema = z.object({
  type: z.literal("unlabeled_upload"),
  ...formCommon,
  maxAllowedFiles: form.files,
});
// A labeled upload takes one file per label, so the form asks only for the labels.
export const labeledUploadQuestionFormSchema = z.object({
  type: z.literal("labeled_upload"),
  ...formCommon,
  options: form.options(FILES_MAX, "labeled_upload", false),
});

export const questionSetFormSchema = z.object({
  questions: z
    .array(
      z.discriminatedUnion(
        "type",
        [
          textQuestionFormSchema,
          dropdownQuestionFormSchema,
          unlabeledUploadQuestionFormSchema,
          labeledUploadQuestionFormSchema,
        ],
        {
          error: sellerVoice.type,
        },
      ),
      { error: sellerVoice.questionsArray },
    )
    .check(
      z.minLength(1, { error: sellerVoice.questionsCount }),
      z.maxLength(QUESTIONS_MAX, { error: sellerVoice.questionsCount }),
    ),
});

export type QuestionSetForm = z.output<typeof questionSetFormSchema>;
export type QuestionForm = QuestionSetForm["questions"][number];

/**
 * What the editor holds for one question while the seller types: every type's fields, so switching or adding keeps
 * values. The schema keeps only what the question's type uses.
 */
export type QuestionDraft = {
  questionId?: number;
  type: QuestionType;
  title: string;
  instructions: string;
  required: boolean;
  maxAllowedCharacters: number;
  maxAllowedFiles: number;
  options: { label: string; optionId?: number }[];
  /** An optional text question's add-on price in the shop's currency, as typed ("" for none). */
  addOnPrice?: string;
  /** The price as the listing was read: a save that finds it unchanged keeps what the marketplace holds. */
  addOnPriceAsRead?: string;
};

export function newQuestionDraft(type: QuestionType): QuestionDraft {
  const base = {
    type,
    instructions: "",
    required: false,
    maxAllowedCharacters: 100,
    maxAllowedFiles: 1,
    options: [] as { label: string }[],
    addOnPrice: "",
    addOnPriceAsRead: "",
  };
  switch (type) {
    case "text_input":
      return { ...base, title: "Personalization" };
    case "dropdown":
      return { ...base, title: "Choose an option", options: [{ label: "" }] };
    case "unlabeled_upload":
      return { ...base, title: "Upload a file" };
    case "labeled_upload":
      return { ...base, title: "Upload your files", options: [{ label: "" }] };
  }
}

/** The body of updateListingPersonalization for a question set; unparsed drafts map too, so both rule sets can judge them. */
export function toQuestionSetWrite(questions: readonly (QuestionForm | QuestionDraft)[]): {
  personalization_questions: QuestionWrite[];
} {
  return {
    personalization_questions: questions.map((question): QuestionWrite => {
      const common = {
        question_text: question.title,
        instructions: question.instructions === "" ? null : question.instructions,
        required: question.required,
      };
      switch (question.type) {
        case "text_input":
          return { question_type: "text_input", ...common, max_allowed_characters: question.maxAllowedCharacters };
        case "dropdown":
          return { question_type: "dropdown", ...common, options: question.options.map(({ label }) => ({ label })) };
        case "unlabeled_upload":
          return { question_type: "unlabeled_upload", ...common, max_allowed_files: question.maxAllowedFiles };
        case "labeled_upload":
          return {
            question_type: "labeled_upload",
            ...common,
            options: question.options.map(({ label }) => ({ label })),
            max_allowed_files: question.options.length,
          };
      }
    }),
  };
}
