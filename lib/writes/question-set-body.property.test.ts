import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { multiQuestionWriteSchema } from "../../sandbox/api/multi-question.js";
import { questionSetFormSchema, sellerVoice } from "../personalization/question-set.js";
import type { QuestionDraft } from "../personalization/question-draft.js";
import { QUESTION_TYPES } from "../personalization/question-types.js";
import { snapshotOfQuestionSet } from "../personalization/snapshot-codec.js";
import { questionSetBody } from "./question-set-body.js";

// The editor's form and the sandbox's multi-question rules judge the same question sets alike: one accepts exactly
// what the other accepts, and both refuse the same fields. The reference for acceptance is written again here from
// docs/marketplace.md §13.3 (1..5 questions, one upload at most, titles 1..45, instructions up to
// 120 and none on a dropdown, 1..30 choices of 1..20, 2..10 file labels of 1..45, 1..10 files).
const SET_RUNS = 12_000;

/** What the editor's save sends for a question set it has not read from the marketplace. */
const bodyOf = (questions: Parameters<typeof snapshotOfQuestionSet>[0]) =>
  questionSetBody(snapshotOfQuestionSet(questions).questions);

const WIRE_FIELDS: Record<string, string> = {
  questions: "personalization_questions",
  type: "question_type",
  title: "question_text",
  instructions: "instructions",
  required: "required",
  maxAllowedCharacters: "max_allowed_characters",
  maxAllowedFiles: "max_allowed_files",
  options: "options",
  label: "label",
};

const pathOf = (path: readonly PropertyKey[]) =>
  path
    .map((key) => (typeof key === "number" ? String(key) : (WIRE_FIELDS[String(key)] ?? `?${String(key)}`)))
    .join(".");

// ---- Reference ----

const points = (text: string) => [...text].length;
const titleValid = (text: string) => points(text) >= 1 && points(text) <= 45 && /^[\p{L}\p{N}]/u.test(text);
const whole = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;
const labelsValid = (options: { label: string }[], min: number, max: number, labelMax: number) =>
  options.length >= min &&
  options.length <= max &&
  options.every(({ label }) => points(label) >= 1 && points(label) <= labelMax);
const distinct = (options: { label: string }[]) => new Set(options.map(({ label }) => label)).size === options.length;

const noCapsRun = (text: string) => {
  let run = 0;
  for (const [word] of text.matchAll(/\p{L}+/gu)) {
    if (points(word) < 3) continue;
    run = word === word.toUpperCase() && word !== word.toLowerCase() ? run + 1 : 0;
    if (run >= 3) return false;
  }
  return true;
};
const instructionsValid = (text: string) =>
  text === "" || (points(text) <= 120 && /^[\p{L}\p{N}]/u.test(text) && noCapsRun(text));

function referenceQuestionValid(question: QuestionDraft) {
  if (!titleValid(question.title)) return false;
  if (question.type === "dropdown" ? question.instructions !== "" : !instructionsValid(question.instructions))
    return false;
  switch (question.type) {
    case "text_input":
      return whole(question.maxAllowedCharacters, 1, 1024);
    case "dropdown":
      return labelsValid(question.options, 1, 30, 20) && distinct(question.options);
    case "unlabeled_upload":
      return whole(question.maxAllowedFiles, 1, 10);
    case "labeled_upload":
      return labelsValid(question.options, 2, 10, 45);
  }
}

const uploads = (questions: QuestionDraft[]) =>
  questions.filter((question) => question.type === "unlabeled_upload" || question.type === "labeled_upload").length;

const referenceSetValid = (questions: QuestionDraft[]) =>
  questions.length >= 1 && questions.length <= 5 && uploads(questions) <= 1 && questions.every(referenceQuestionValid);

// ---- Generators, biased toward the edges of each rule ----

const title = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("Name", "Font", "Photo", "1st line", "Дата", "名前", "Ωmega") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "-Name",
      " Name",
      "😀 Name",
      "N".repeat(45),
      "N".repeat(46),
      "é".repeat(45),
      "😀".repeat(2),
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 50 }) },
);
const instructions = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("", "Name to engrave", "Up to 3 words", "Écrivez votre nom") },
  {
    weight: 1,
    arbitrary: fc.constantFrom("TYPE YOUR NAME here", "-dash first", "a".repeat(120), "a".repeat(121), " space"),
  },
);
const label = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom("Serif", "Sans", "Script", "Front", "Back", "Left", "Right", "Gold", "Silver"),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("", " ", "L".repeat(20), "L".repeat(21), "L".repeat(45), "L".repeat(46), "😀"),
  },
);
const options = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(
      label.map((text) => ({ label: text })),
      { maxLength: 5 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 8, max: 32 })
      .map((count) => Array.from({ length: count }, (_, index) => ({ label: `Choice ${index + 1}` }))),
  },
);
const wholeNumber = (min: number, max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min, max }) },
    { weight: 2, arbitrary: fc.constantFrom(min - 1, max + 1, 0, -1, 1.5, max + 0.5, Number.NaN, Infinity) },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: max + 20 }) },
  );

const question: fc.Arbitrary<QuestionDraft> = fc.record({
  type: fc.constantFrom(...QUESTION_TYPES),
  title,
  instructions,
  required: fc.boolean(),
  maxAllowedCharacters: wholeNumber(1, 1024),
  maxAllowedFiles: wholeNumber(1, 10),
  options,
});

const questionSet = fc.oneof(
  { weight: 12, arbitrary: fc.array(question, { minLength: 1, maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(question, { maxLength: 7 }) },
);

// A labeled upload's file count follows its labels, so with too few or too many labels the wire also names max_allowed_files.
const followsLabels = (issuePath: string, questions: QuestionDraft[]) => {
  const match = /^personalization_questions\.(\d+)\.max_allowed_files$/.exec(issuePath);
  return match !== null && questions[Number(match[1])]?.type === "labeled_upload";
};

describe("the multi-question editor's form and the sandbox's rules agree", () => {
  test("on every generated question set: both accept exactly the sets the reference accepts, and refuse the same fields", () => {
    let accepted = 0;
    fc.assert(
      fc.property(questionSet, (questions) => {
        const formResult = questionSetFormSchema.safeParse({ questions });
        const wireResult = multiQuestionWriteSchema.safeParse(bodyOf(questions));
        const expected = referenceSetValid(questions);
        expect(formResult.success).toBe(expected);
        expect(wireResult.success).toBe(expected);
        if (expected) {
          accepted += 1;
          expect(bodyOf(formResult.data?.questions ?? [])).toEqual(wireResult.data);
          return;
        }
        const formPaths = new Set(formResult.error?.issues.map((issue) => pathOf(issue.path)));
        const wirePaths = new Set(
          wireResult.error?.issues
            .map((issue) => issue.path.map(String).join("."))
            .filter((path) => !followsLabels(path, questions)),
        );
        expect([...formPaths].sort()).toEqual([...wirePaths].sort());
        // The seller reads sentences: each ends with a full stop, never the wire's "must …".
        for (const issue of formResult.error?.issues ?? []) expect(issue.message).toMatch(/^[A-Z].*\.$/);
      }),
      { numRuns: SET_RUNS },
    );
    // Both outcomes are common enough that each side of the agreement is really tested.
    expect(accepted).toBeGreaterThan(SET_RUNS / 10);
    expect(accepted).toBeLessThan(SET_RUNS * 0.9);
  });

  test("names each rule in the seller's words next to its field", () => {
    const text: QuestionDraft = {
      type: "text_input",
      title: "-Name",
      instructions: "",
      required: false,
      maxAllowedCharacters: 1025,
      maxAllowedFiles: 1,
      options: [],
    };
    const dropdown: QuestionDraft = {
      ...text,
      type: "dropdown",
      title: "Font",
      options: [{ label: "Serif" }, { label: "Serif" }],
    };
    const result = questionSetFormSchema.safeParse({ questions: [text, dropdown] });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["questions.0.title", sellerVoice.titleStart],
      ["questions.0.maxAllowedCharacters", sellerVoice.limitMax],
      ["questions.1.options", sellerVoice.optionsDistinct("dropdown")],
    ]);
  });
});
