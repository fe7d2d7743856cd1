import { z } from "zod";
import { characterCount, charLimitSchema, instructionsSchema, requiredSchema } from "../../lib/personalization/schema.js";
import { editableInSingleQuestionEditor } from "../../lib/personalization/editable.js";
import type { StoredQuestion } from "./wire.js";

// The multi-question phase (spec 9.4). The spec gives no figures for it; these follow what the marketplace documents
// for that period (up to 5 questions; text, dropdown and two upload types; a labeled upload has one file per label),
// with our own choice for the lengths of titles and labels. The migration rules stay in lib/personalization/schema.ts.

export const QUESTIONS_MAX = 5;
export const TITLE_MAX = 45;
export const LABEL_MAX = 45;
export const DROPDOWN_OPTIONS_MAX = 30;
export const FILES_MAX = 10;

const keysError = (what: string) => ({
  error: (issue: { code: string; keys?: string[] }) => (issue.code === "unrecognized_keys" ? `unknown field ${issue.keys?.join(", ")}` : `must be ${what}`),
});

const sized = (max: number) =>
  z.string({ error: "must be a string" }).refine((text) => characterCount(text) >= 1 && characterCount(text) <= max, `must be 1 to ${max} characters`);

const titleSchema = sized(TITLE_MAX).refine((text) => /^[\p{L}\p{N}]/u.test(text), "must start with a letter or a digit");

const optionsSchema = (max: number) =>
  z
    .array(z.strictObject({ label: sized(LABEL_MAX) }, keysError("an object with a label")), { error: "must be an array of {label} objects" })
    .min(1, `must hold 1 to ${max} options`)
    .max(max, `must hold 1 to ${max} options`)
    .refine((options) => new Set(options.map((option) => option.label)).size === options.length, "labels must differ from each other");

const filesSchema = z.int({ error: `must be a whole number from 1 to ${FILES_MAX}` }).min(1, `must be at least 1`).max(FILES_MAX, `must be at most ${FILES_MAX}`);

/** A key that belongs to another type may be left out or sent as null, as reads return it. */
const unused = z.null({ error: "must be null or left out for this question type" }).optional();

const common = { question_text: titleSchema, instructions: z.nullable(instructionsSchema).optional(), required: requiredSchema };

const questionSchema = z.discriminatedUnion(
  "question_type",
  [
    z.strictObject({ question_type: z.literal("text_input"), ...common, max_allowed_characters: charLimitSchema, max_allowed_files: unused, options: unused }, keysError("an object")),
    z.strictObject({ question_type: z.literal("dropdown"), ...common, options: optionsSchema(DROPDOWN_OPTIONS_MAX), max_allowed_characters: unused, max_allowed_files: unused }, keysError("an object")),
    z.strictObject({ question_type: z.literal("unlabeled_upload"), ...common, max_allowed_files: filesSchema, max_allowed_characters: unused, options: unused }, keysError("an object")),
    z
      .strictObject({ question_type: z.literal("labeled_upload"), ...common, options: optionsSchema(FILES_MAX), max_allowed_files: filesSchema, max_allowed_characters: unused }, keysError("an object"))
      .refine((question) => question.max_allowed_files === question.options.length, { message: "must equal the number of options (one file per label)", path: ["max_allowed_files"] }),
  ],
  { error: "must be one of text_input, dropdown, unlabeled_upload, labeled_upload" },
);

export const multiQuestionWriteSchema = z.strictObject(
  {
    personalization_questions: z
      .array(questionSchema, { error: "is required and must be an array" })
      .min(1, `must hold 1 to ${QUESTIONS_MAX} questions`)
      .max(QUESTIONS_MAX, `must hold 1 to ${QUESTIONS_MAX} questions`),
  },
  keysError("a JSON object"),
);

export type MultiQuestionWrite = z.output<typeof multiQuestionWriteSchema>;

/** decisions.md "Phases": what a single-question write may replace without dropping anything buyers are asked. */
export const replaceableBySingleQuestion = (questions: StoredQuestion[]) =>
  editableInSingleQuestionEditor({ questions: questions.map((question) => ({ type: question.question_type, title: question.question_text })) });
