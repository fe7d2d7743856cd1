import * as z from "zod/mini";
import {
  addOnPriceWriteSchema,
  CHAR_LIMIT_MAX,
  CHAR_LIMIT_MIN,
  characterCount,
  instructionRules,
  brokenInstructionRules,
  moneyWriteSchema,
  PRICE_ONLY_OPTIONAL_TEXT,
  priceValue,
  pricedOnlyWhenOptional,
  unknownKeys,
  unusedWireField,
  wireIdSchema,
} from "./schema";
import { isUpload, QUESTION_TYPES } from "./question-types";
import { brokenAddOnPriceRule, addOnPriceRules } from "./add-on-price";
import {
  DROPDOWN_LABEL_MAX,
  DROPDOWN_OPTIONS_MAX,
  FILES_MAX,
  LABEL_MAX,
  LABELED_FILES_MIN,
  QUESTION_INSTRUCTIONS_MAX,
  QUESTIONS_MAX,
  TITLE_MAX,
} from "./question-draft";

// The live multi-question rules and write schema (docs/marketplace.md §13.3, §13.5),
// voiced twice: the sandbox's `<field>: <reason>` (docs/marketplace.md §7.9), the editor's sentences.

type OptionsType = "dropdown" | "labeled_upload";

const minOptions = (type: OptionsType) => (type === "labeled_upload" ? LABELED_FILES_MIN : 1);

const wireVoice = {
  questionsArray: "is required and must be an array",
  questionsCount: `must hold 1 to ${QUESTIONS_MAX} questions`,
  oneUpload: "a listing may have only one upload question (unlabeled_upload or labeled_upload)",
  type: `must be one of ${QUESTION_TYPES.join(", ")}`,
  string: "must be a string",
  titleLength: `must be 1 to ${TITLE_MAX} characters`,
  titleStart: "must start with a letter or a digit",
  instructionsLength: `must be at most ${QUESTION_INSTRUCTIONS_MAX} characters`,
  instructionsStart: "must start with a letter or a digit",
  instructionsCaps: "must not have 3 or more words in a row in capitals (a word is 3 or more letters)",
  noInstructions: "is not allowed on dropdown questions; send null or leave it out",
  required: "must be true or false",
  limitType: `must be a whole number from ${CHAR_LIMIT_MIN} to ${CHAR_LIMIT_MAX}`,
  limitMin: `must be at least ${CHAR_LIMIT_MIN}`,
  limitMax: `must be at most ${CHAR_LIMIT_MAX}`,
  optionsArray: "must be an array of {label} objects",
  option: "must be an object with a label",
  optionsCount: (max: number, type: OptionsType) => `must hold ${minOptions(type)} to ${max} options`,
  optionsDistinct: (_type: OptionsType) => "labels must differ from each other",
  labelLength: `must be 1 to ${DROPDOWN_LABEL_MAX} characters`,
  fileLabelLength: `must be 1 to ${LABEL_MAX} characters`,
  filesType: `must be a whole number from 1 to ${FILES_MAX}`,
  filesMin: "must be at least 1",
  labeledFilesMin: `must be at least ${LABELED_FILES_MIN} for labeled_upload questions`,
  filesMax: `must be at most ${FILES_MAX}`,
  priceOnlyOptionalText: PRICE_ONLY_OPTIONAL_TEXT,
};

type Voice = typeof wireVoice;

const choices = (type: OptionsType) => (type === "dropdown" ? "choices" : "file labels");

export const sellerVoice: Voice = {
  questionsArray: "Add at least one question.",
  questionsCount: `Ask 1 to ${QUESTIONS_MAX} questions. To ask none, remove personalization instead.`,
  oneUpload: "A listing can ask for files in one question only: remove this upload or the other one.",
  type: "Choose a question type: text, dropdown, file upload or labelled file upload.",
  string: "Enter text here.",
  titleLength: `Give the question a title of 1 to ${TITLE_MAX} characters.`,
  titleStart: "Start the title with a letter or a digit.",
  instructionsLength: `Use at most ${QUESTION_INSTRUCTIONS_MAX} characters.`,
  instructionsStart: instructionRules.start,
  instructionsCaps: instructionRules.caps,
  noInstructions: "Dropdown questions take no instructions: clear them.",
  required: "Choose whether buyers must answer.",
  limitType: `Enter a whole number from ${CHAR_LIMIT_MIN} to ${CHAR_LIMIT_MAX}.`,
  limitMin: `Allow at least ${CHAR_LIMIT_MIN} character.`,
  limitMax: `Allow at most ${CHAR_LIMIT_MAX} characters.`,
  optionsArray: "Add the choices as a list.",
  option: "Give this choice a label.",
  optionsCount: (max, type) => `Give ${minOptions(type)} to ${max} ${choices(type)}.`,
  optionsDistinct: (type) => `Give each of the ${choices(type)} a different label: two are the same.`,
  labelLength: `Use 1 to ${DROPDOWN_LABEL_MAX} characters for each choice.`,
  fileLabelLength: `Use 1 to ${LABEL_MAX} characters for each file label.`,
  filesType: `Enter a whole number of files from 1 to ${FILES_MAX}.`,
  filesMin: "Allow at least 1 file.",
  labeledFilesMin: `Ask for at least ${LABELED_FILES_MIN} labelled files.`,
  filesMax: `Allow at most ${FILES_MAX} files.`,
  priceOnlyOptionalText: "Only an optional text question can cost extra: untick Required or clear the price.",
};

const startsWithLetterOrDigit = (text: string) => /^[\p{L}\p{N}]/u.test(text);
const lengthWithin = (max: number) => (text: string) => characterCount(text) >= 1 && characterCount(text) <= max;
export const labelsDistinct = (labels: readonly string[]) => new Set(labels).size === labels.length;

/** A set's questions, one schema per type: 1 to 5 of them, at most one an upload (named at the second one). */
function questionList<Types extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]]>(
  typeKey: string,
  types: Types,
  voice: Voice,
) {
  return z.array(z.discriminatedUnion(typeKey, types, { error: voice.type }), { error: voice.questionsArray }).check(
    z.minLength(1, { error: voice.questionsCount }),
    z.maxLength(QUESTIONS_MAX, { error: voice.questionsCount }),
    z.superRefine((questions: unknown[], ctx) => {
      const second = questions
        .map((question) => String((question as Record<string, unknown>)[typeKey]))
        .findIndex((type, index, types) => isUpload(type) && types.slice(0, index).some(isUpload));
      if (second !== -1)
        ctx.addIssue({ code: "custom", path: [second, typeKey], message: voice.oneUpload, input: questions });
    }),
  );
}

function fieldRules(voice: Voice) {
  const title = z
    .string({ error: voice.string })
    .check(
      z.refine(lengthWithin(TITLE_MAX), { error: voice.titleLength }),
      z.refine(startsWithLetterOrDigit, { error: voice.titleStart }),
    );
  const brokenInstructions = {
    length: voice.instructionsLength,
    start: voice.instructionsStart,
    caps: voice.instructionsCaps,
  };
  const instructions = z.string({ error: voice.string }).check(
    z.superRefine((text, ctx) => {
      for (const rule of brokenInstructionRules(text, QUESTION_INSTRUCTIONS_MAX))
        ctx.addIssue({ code: "custom", message: brokenInstructions[rule] });
    }),
  );
  const noInstructions = z
    .string({ error: voice.noInstructions })
    .check(z.refine((text) => text === "", { error: voice.noInstructions }));
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
  const options = (max: number, type: OptionsType, wire: boolean) => {
    const label = z.string({ error: voice.string }).check(
      z.refine(lengthWithin(type === "dropdown" ? DROPDOWN_LABEL_MAX : LABEL_MAX), {
        error: type === "dropdown" ? voice.labelLength : voice.fileLabelLength,
      }),
    );
    const option = wire
      ? z.strictObject({ option_id: z.optional(z.nullable(wireIdSchema)), label }, { error: unknownKeys(voice.option) })
      : z.object({ label, optionId: z.optional(z.int()) }, { error: voice.option });
    const list = z
      .array(option, { error: voice.optionsArray })
      .check(
        z.minLength(minOptions(type), { error: voice.optionsCount(max, type) }),
        z.maxLength(max, { error: voice.optionsCount(max, type) }),
      );
    if (type !== "dropdown") return list;
    return list.check(
      z.refine((entries) => labelsDistinct(entries.map((entry) => entry.label)), {
        error: voice.optionsDistinct(type),
      }),
    );
  };
  return { title, instructions, noInstructions, required, charLimit, files, options };
}

const wire = fieldRules(wireVoice);
const wireCommon = {
  question_id: z.optional(z.nullable(wireIdSchema)),
  question_text: wire.title,
  instructions: z.optional(z.nullable(wire.instructions)),
  required: wire.required,
};
// Only a text question has a character limit and may cost extra.
const wireNotText = {
  max_allowed_characters: unusedWireField,
  add_on_price: z.optional(
    z.nullable(
      z
        .union([z.number(), moneyWriteSchema], { error: wireVoice.priceOnlyOptionalText })
        .check(z.refine((price) => priceValue(price) === 0, { error: wireVoice.priceOnlyOptionalText })),
    ),
  ),
};
const wireObject = { error: unknownKeys("must be an object") };

export const textQuestionWriteSchema = z
  .strictObject(
    {
      question_type: z.literal("text_input"),
      ...wireCommon,
      max_allowed_characters: wire.charLimit,
      max_allowed_files: unusedWireField,
      options: unusedWireField,
      add_on_price: addOnPriceWriteSchema,
    },
    wireObject,
  )
  .check(pricedOnlyWhenOptional);
export const dropdownQuestionWriteSchema = z.strictObject(
  {
    question_type: z.literal("dropdown"),
    ...wireCommon,
    instructions: z.optional(z.nullable(wire.noInstructions)),
    options: wire.options(DROPDOWN_OPTIONS_MAX, "dropdown", true),
    max_allowed_files: unusedWireField,
    ...wireNotText,
  },
  wireObject,
);
export const unlabeledUploadQuestionWriteSchema = z.strictObject(
  {
    question_type: z.literal("unlabeled_upload"),
    ...wireCommon,
    max_allowed_files: wire.files,
    options: unusedWireField,
    ...wireNotText,
  },
  wireObject,
);
export const labeledUploadQuestionWriteSchema = z
  .strictObject(
    {
      question_type: z.literal("labeled_upload"),
      ...wireCommon,
      options: wire.options(FILES_MAX, "labeled_upload", true),
      max_allowed_files: wire.files.check(z.minimum(LABELED_FILES_MIN, { error: wireVoice.labeledFilesMin })),
      ...wireNotText,
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
    personalization_questions: questionList(
      "question_type",
      [
        textQuestionWriteSchema,
        dropdownQuestionWriteSchema,
        unlabeledUploadQuestionWriteSchema,
        labeledUploadQuestionWriteSchema,
      ],
      wireVoice,
    ),
  },
  { error: unknownKeys("must be a JSON object") },
);

export type QuestionSetWrite = z.output<typeof questionSetWriteSchema>;
export type QuestionWrite = QuestionSetWrite["personalization_questions"][number];

const form = fieldRules(sellerVoice);
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
const typedPrice = (text: string | undefined) => Number(text?.trim() || 0);

export const textQuestionFormSchema = z
  .object({
    type: z.literal("text_input"),
    ...formCommon,
    maxAllowedCharacters: form.charLimit,
    addOnPrice: z.optional(addOnPriceText),
    addOnPriceAsRead: z.optional(z.string()),
  })
  .check(
    z.refine((question) => !question.required || typedPrice(question.addOnPrice) === 0, {
      error: sellerVoice.priceOnlyOptionalText,
      path: ["addOnPrice"],
    }),
  );
export const dropdownQuestionFormSchema = z.object({
  type: z.literal("dropdown"),
  ...formCommon,
  instructions: form.noInstructions,
  options: form.options(DROPDOWN_OPTIONS_MAX, "dropdown", false),
});
export const unlabeledUploadQuestionFormSchema = z.object({
  type: z.literal("unlabeled_upload"),
  ...formCommon,
  maxAllowedFiles: form.files,
});
export const labeledUploadQuestionFormSchema = z.object({
  type: z.literal("labeled_upload"),
  ...formCommon,
  options: form.options(FILES_MAX, "labeled_upload", false),
});

export const questionSetFormSchema = z.object({
  questions: questionList(
    "type",
    [
      textQuestionFormSchema,
      dropdownQuestionFormSchema,
      unlabeledUploadQuestionFormSchema,
      labeledUploadQuestionFormSchema,
    ],
    sellerVoice,
  ),
});

export type QuestionSetForm = z.output<typeof questionSetFormSchema>;
export type QuestionForm = QuestionSetForm["questions"][number];
