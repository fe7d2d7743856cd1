import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  brokenInstructionRules,
  charLimitSchema,
  describeFirstIssue,
  instructionRules,
  instructionsSchema,
  personalizationWriteSchema,
  questionFormSchema,
  requiredSchema,
  toWrite,
} from "./schema.js";

// The reference is written again from docs/marketplace.md §2.1, §4.1 and §8 and the agreed decisions, borrowing no logic from schema.ts;
// only the message table is imported, to tell which rule a refusal names.
// Runs per property: instructions and limits together make 14,000 generated inputs, all properties 20,000.
const INSTRUCTION_RUNS = 10_000;
const LIMIT_RUNS = 4_000;
const REQUIRED_RUNS = 1_000;
const FORM_RUNS = 2_000;
const BODY_RUNS = 3_000;

// ---- Reference ----

type Rule = "length" | "start" | "caps";

function splitCodePoints(text: string): string[] {
  const points: string[] = [];
  let index = 0;
  while (index < text.length) {
    const point = String.fromCodePoint(text.codePointAt(index) ?? 0);
    points.push(point);
    index += point.length;
  }
  return points;
}

const isLetter = (point: string) => /^\p{L}$/u.test(point);
const isNumber = (point: string) => /^\p{N}$/u.test(point);

function referenceWords(points: string[]): string[] {
  const words: string[] = [];
  let current: string[] = [];
  for (const point of [...points, ""]) {
    if (point !== "" && isLetter(point)) {
      current.push(point);
      continue;
    }
    if (current.length >= 3) words.push(current.join(""));
    current = [];
  }
  return words;
}

const isAllCaps = (word: string) => word.toUpperCase() === word && word.toLowerCase() !== word;

function referenceRules(text: string): Rule[] {
  if (text === "") return [];
  const points = splitCodePoints(text);
  const rules: Rule[] = [];
  if (points.length > 256) rules.push("length");
  const first = points[0] ?? "";
  if (!isLetter(first) && !isNumber(first)) rules.push("start");
  let consecutive = 0;
  let reachedThree = false;
  for (const word of referenceWords(points)) {
    consecutive = isAllCaps(word) ? consecutive + 1 : 0;
    if (consecutive === 3) reachedThree = true;
  }
  if (reachedThree) rules.push("caps");
  return rules;
}

const referenceLimitValid = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) && Math.floor(value) === value && value >= 1 && value <= 1024;

const referenceRequiredValid = (value: unknown) => value === true || value === false;

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const QUESTION_KEYS = ["question_type", "question_text", "instructions", "required", "max_allowed_characters"];

function referenceQuestionValid(question: unknown): boolean {
  if (!isPlainRecord(question)) return false;
  const keys = Object.keys(question);
  if (keys.some((key) => !QUESTION_KEYS.includes(key))) return false;
  for (const key of ["question_type", "question_text", "required", "max_allowed_characters"])
    if (!keys.includes(key)) return false;
  if (question.question_type !== "text_input" || question.question_text !== "Personalization") return false;
  const instructions = question.instructions;
  const instructionsValid =
    instructions === undefined ||
    instructions === null ||
    (typeof instructions === "string" && referenceRules(instructions).length === 0);
  return (
    instructionsValid &&
    referenceRequiredValid(question.required) &&
    referenceLimitValid(question.max_allowed_characters)
  );
}

function referenceBodyValid(body: unknown): boolean {
  if (!isPlainRecord(body)) return false;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== "personalization_questions") return false;
  const questions = body.personalization_questions;
  return Array.isArray(questions) && questions.length === 1 && referenceQuestionValid(questions[0]);
}

// ---- Generators, biased toward the edges of each rule ----

const capsWords = ["ABC", "NOW", "FREE", "NAME", "ÉTÉ", "FORÊT", "ДОМ", "ХЛЕБ", "ΑΒΓ", "ẞẞẞ", "İST", "ＡＢＣ", "ǄAB"];
const shortCapsWords = ["DO", "A", "I", "OK", "TV", "ÉÉ", "ДА", "Ǆ"];
const lowerWords = ["the", "and", "now", "name", "été", "дом", "ßßß", "hello"];
const shortLowerWords = ["a", "of", "to", "é", "да", "ß"];
const mixedWords = ["Abc", "aBC", "ABc", "Name", "McDONALD", "ǅAB", "Ωmega"];
const caselessWords = ["漢字語", "日本", "שלום", "ابجد", "ㄱㄴㄷ", "𝐀𝐁𝐂"];
const numbers = ["1", "42", "2024", "٣", "²", "Ⅻ", "½"];
const separators = [" ", "  ", "-", "'", ",", ".", "!", "\n", "\t", "_", "\u00A0", "\u200B", "·", "/"];
const symbols = ["😀", "👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️", "1️⃣", "\u0301", "e\u0301", "E\u0301", "\uD800", "\uDC00", "©"];

const upperLetter = fc.constantFrom("A", "B", "Z", "É", "Ç", "Ж", "Ω", "Ş", "ẞ", "Ａ");
const lowerLetter = fc.constantFrom("a", "z", "é", "ж", "ω", "ş", "ß", "ａ");
const generatedCapsWord = fc.array(upperLetter, { minLength: 3, maxLength: 7 }).map((letters) => letters.join(""));
const generatedShortWord = fc
  .array(fc.oneof(upperLetter, lowerLetter), { minLength: 1, maxLength: 2 })
  .map((letters) => letters.join(""));
const generatedMixedWord = fc
  .tuple(upperLetter, fc.array(fc.oneof(upperLetter, lowerLetter), { minLength: 1, maxLength: 5 }), lowerLetter)
  .map(([head, middle, tail]) => [head, ...middle, tail].join(""));

const capsWord = fc.oneof(fc.constantFrom(...capsWords), generatedCapsWord);
const shortWord = fc.oneof(fc.constantFrom(...shortCapsWords, ...shortLowerWords), generatedShortWord);
const breakingWord = fc.oneof(fc.constantFrom(...lowerWords, ...mixedWords, ...caselessWords), generatedMixedWord);
const separator = fc.constantFrom(...separators);

const token = fc.oneof(
  { weight: 3, arbitrary: capsWord },
  { weight: 2, arbitrary: shortWord },
  { weight: 3, arbitrary: breakingWord },
  { weight: 1, arbitrary: fc.constantFrom(...numbers) },
  { weight: 4, arbitrary: separator },
  { weight: 1, arbitrary: fc.constantFrom(...symbols) },
);
const tokenText = fc.array(token, { maxLength: 40 }).map((tokens) => tokens.join(""));

// What lies between two caps words: nothing at all (they merge), separators, digits, short words; rarely a word that breaks the run.
const gap = fc.oneof(
  { weight: 4, arbitrary: separator },
  { weight: 2, arbitrary: fc.tuple(separator, shortWord, separator).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.tuple(separator, fc.constantFrom(...numbers), separator).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.constantFrom(...numbers) },
  { weight: 1, arbitrary: fc.tuple(separator, breakingWord, separator).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.constant("") },
);
const capsRun = fc
  .integer({ min: 2, max: 4 })
  .chain((count) =>
    fc.tuple(
      fc.array(capsWord, { minLength: count, maxLength: count }),
      fc.array(gap, { minLength: count, maxLength: count }),
    ),
  )
  .map(([words, gaps]) => words.map((word, index) => word + (index < words.length - 1 ? gaps[index] : "")).join(""));

const leading = fc.constantFrom("", "", "", " ", "\t", "-", ".", "“", "😀", "1", "٣", "a", "Ж", "漢", "\u0301", "_");

const composed = fc
  .tuple(leading, tokenText, fc.option(capsRun, { nil: "" }), tokenText)
  .map(([start, before, run, after]) => start + before + (before === "" || run === "" ? "" : " ") + run + " " + after);

const filler = fc.constantFrom("a", "A", "😀", "é", "漢", "1", " ", "ab ", "ABC ", "DO ");
const edgeLength = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(255, 256, 257) },
  { weight: 1, arbitrary: fc.integer({ min: 250, max: 262 }) },
);
const atEdgeLength = fc.tuple(composed, filler, edgeLength).map(([text, fill, length]) => {
  const points = Array.from(text);
  const fillPoints = Array.from(fill);
  while (points.length < length) points.push(...fillPoints);
  return points.slice(0, length).join("");
});

const instructionsText = fc.oneof(
  { weight: 5, arbitrary: composed },
  { weight: 3, arbitrary: atEdgeLength },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 270 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 270 }) },
  { weight: 1, arbitrary: fc.constant("") },
);

// Mostly valid instructions, so that whole forms and bodies are often accepted and their other fields get tested.
const plainText = fc
  .tuple(
    fc.constantFrom("Name", "Initials", "3", "Дата", "名前", "écrivez"),
    fc.array(fc.oneof(breakingWord, shortWord, separator, fc.constantFrom(...numbers)), { maxLength: 20 }),
  )
  .map(([first, rest]) => first + rest.join(""));
const fieldInstructions = fc.oneof({ weight: 1, arbitrary: instructionsText }, { weight: 1, arbitrary: plainText });

const limitValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      0,
      1,
      2,
      1023,
      1024,
      1025,
      -1,
      -0,
      0.5,
      1.5,
      1023.5,
      1024.5,
      1 + Number.EPSILON,
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      NaN,
      Infinity,
      -Infinity,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_VALUE,
      1e21,
      -1e21,
    ),
  },
  { weight: 3, arbitrary: fc.integer({ min: -5, max: 1030 }) },
  { weight: 2, arbitrary: fc.double({ min: -2, max: 1030 }) },
  { weight: 1, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>("5", "1024", "", null, undefined, true, false, [5], { value: 5 }, 5n),
  },
  { weight: 1, arbitrary: fc.anything() },
);

const requiredValue = fc.oneof(
  { weight: 2, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>("true", "false", 0, 1, null, undefined, "", [true]) },
  { weight: 1, arbitrary: fc.anything() },
);

const ABSENT = Symbol("absent");
const field = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 1, arbitrary: invalid },
    { weight: 1, arbitrary: fc.constant(ABSENT) },
  );

function withoutAbsent(fields: Record<string, unknown>): Record<string, unknown> {
  const built: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== ABSENT) built[key] = value;
  return built;
}

const question = fc
  .record({
    question_type: field(
      fc.constant("text_input"),
      fc.constantFrom("TEXT_INPUT", "dropdown", "", " text_input", 1, null),
    ),
    question_text: field(
      fc.constant("Personalization"),
      fc.constantFrom("personalization", "Engraving", "", "Personalization ", null),
    ),
    instructions: fc.oneof(
      { weight: 8, arbitrary: fieldInstructions },
      { weight: 1, arbitrary: fc.constantFrom(null, ABSENT, 5, ["Name"]) },
    ),
    required: field(fc.boolean(), requiredValue),
    max_allowed_characters: field(fc.integer({ min: 1, max: 1024 }), limitValue),
    extra: fc.oneof(
      { weight: 9, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.tuple(
          fc.constantFrom("foo", "questionType", "instruction", "__proto__", "constructor"),
          fc.jsonValue(),
        ),
      },
    ),
  })
  .map(({ extra, ...fields }) => {
    const built = withoutAbsent(fields);
    if (extra)
      Object.defineProperty(built, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
    return built;
  });

const form = fc
  .record({
    instructions: field(fieldInstructions, fc.constantFrom(null, 7, ["Name"])),
    maxAllowedCharacters: field(fc.integer({ min: 1, max: 1024 }), limitValue),
    required: field(fc.boolean(), requiredValue),
  })
  .map(withoutAbsent);

const body = fc.oneof(
  { weight: 8, arbitrary: question.map((one) => ({ personalization_questions: [one] }) as unknown) },
  {
    weight: 1,
    arbitrary: fc.array(question, { maxLength: 3 }).map((many) => ({ personalization_questions: many }) as unknown),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      {},
      null,
      [],
      "body",
      { personalization_questions: null },
      { personalization_questions: {} },
    ),
  },
  {
    weight: 1,
    arbitrary: question.map((one) => ({ personalization_questions: [one], is_personalizable: true }) as unknown),
  },
);

// ---- Properties ----

const ruleByMessage = new Map<string, Rule>(
  Object.entries(instructionRules).map(([rule, message]) => [message, rule as Rule]),
);
const sorted = (rules: readonly string[]) => [...rules].sort();

describe("personalization rules agree with a reference written from the spec", () => {
  test("instructions: accepted exactly when the reference accepts, refused for exactly the rules it flags", () => {
    fc.assert(
      fc.property(instructionsText, (text) => {
        const expected = sorted(referenceRules(text));
        const result = instructionsSchema.safeParse(text);
        expect(result.success).toBe(expected.length === 0);
        const refusedFor = (result.error?.issues ?? []).map(
          (issue) => ruleByMessage.get(issue.message) ?? `unknown: ${issue.message}`,
        );
        expect(sorted(refusedFor)).toEqual(expected);
        expect(sorted(brokenInstructionRules(text))).toEqual(expected);
      }),
      { numRuns: INSTRUCTION_RUNS },
    );
  });

  test("max_allowed_characters: accepted exactly when it is an integer from 1 to 1024", () => {
    fc.assert(
      fc.property(limitValue, (value) => {
        expect(charLimitSchema.safeParse(value).success).toBe(referenceLimitValid(value));
      }),
      { numRuns: LIMIT_RUNS },
    );
  });

  test("required: accepted exactly when it is a boolean", () => {
    fc.assert(
      fc.property(requiredValue, (value) => {
        expect(requiredSchema.safeParse(value).success).toBe(referenceRequiredValid(value));
      }),
      { numRuns: REQUIRED_RUNS },
    );
  });

  test("form: accepted exactly when every field obeys its rule, and toWrite then builds a body the write schema accepts", () => {
    fc.assert(
      fc.property(form, (candidate) => {
        const { instructions, maxAllowedCharacters, required } = candidate;
        const expected =
          typeof instructions === "string" &&
          referenceRules(instructions).length === 0 &&
          referenceLimitValid(maxAllowedCharacters) &&
          referenceRequiredValid(required);
        const result = questionFormSchema.safeParse(candidate);
        expect(result.success).toBe(expected);
        if (!result.success) return;
        const written = personalizationWriteSchema.safeParse(toWrite(result.data));
        expect(written.success).toBe(true);
        expect(written.data?.personalization_questions[0]).toMatchObject({
          instructions: instructions === "" ? null : instructions,
          max_allowed_characters: maxAllowedCharacters,
          required,
        });
      }),
      { numRuns: FORM_RUNS },
    );
  });

  test("write body: accepted exactly when it holds one strict text_input question titled Personalization that obeys every rule", () => {
    fc.assert(
      fc.property(body, (candidate) => {
        const result = personalizationWriteSchema.safeParse(candidate);
        expect(result.success).toBe(referenceBodyValid(candidate));
        if (result.success) return;
        const message = describeFirstIssue(result.error);
        expect(message.length).toBeGreaterThan(0);
        const questions: unknown = isPlainRecord(candidate) ? candidate.personalization_questions : undefined;
        const only =
          Array.isArray(questions) && questions.length === 1 && isPlainRecord(questions[0]) ? questions[0] : undefined;
        const onlyInstructionsWrong =
          only !== undefined &&
          Object.keys(candidate as object).length === 1 &&
          referenceBodyValid({ personalization_questions: [{ ...only, instructions: null }] });
        if (!onlyInstructionsWrong) return;
        const instructions = only.instructions;
        const flagged =
          typeof instructions === "string"
            ? referenceRules(instructions).map((rule) => instructionRules[rule])
            : ["must be a string"];
        const prefix = "personalization_questions[0].instructions: ";
        expect(message.startsWith(prefix)).toBe(true);
        expect(flagged).toContain(message.slice(prefix.length));
      }),
      { numRuns: BODY_RUNS },
    );
  });
});
