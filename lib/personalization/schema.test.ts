import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  CHAR_LIMIT_MAX,
  CHAR_LIMIT_MIN,
  INSTRUCTIONS_MAX,
  QUESTION_TEXT,
  QUESTION_TYPE,
  brokenInstructionRules,
  characterCount,
  charLimitSchema,
  describeFirstIssue,
  instructionRules,
  instructionsSchema,
  longestCapsRun,
  personalizationWriteSchema,
  questionFormSchema,
  questionWriteSchema,
  requiredSchema,
  toWrite,
} from "./schema.js";

const validQuestion = {
  question_type: "text_input",
  question_text: "Personalization",
  instructions: "Enter the name to engrave",
  required: true,
  max_allowed_characters: 20,
};

const bodyWith = (question: Record<string, unknown>) => ({ personalization_questions: [question] });

const messagesOf = (result: { success: boolean; error?: z.core.$ZodError }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

// A text of exactly `count` code points that breaks no other rule.
const lettersOfLength = (count: number) => "a".repeat(count);

describe("constants", () => {
  test("pin the limits of docs/marketplace.md §2.1 and §8", () => {
    expect(INSTRUCTIONS_MAX).toBe(256);
    expect(CHAR_LIMIT_MIN).toBe(1);
    expect(CHAR_LIMIT_MAX).toBe(1024);
    expect(QUESTION_TYPE).toBe("text_input");
    expect(QUESTION_TEXT).toBe("Personalization");
  });
});

describe("characterCount", () => {
  test("counts ASCII characters one each", () => {
    expect(characterCount("abc")).toBe(3);
  });

  test("counts an emoji as one character although it takes two UTF-16 units", () => {
    expect("😀".length).toBe(2);
    expect(characterCount("😀")).toBe(1);
  });

  test("counts code points, so a joined emoji sequence counts each of its parts", () => {
    expect(characterCount("👨‍👩‍👧")).toBe(5);
  });

  test("counts the empty text as zero", () => {
    expect(characterCount("")).toBe(0);
  });
});

describe("instructions length (at most 256 characters)", () => {
  test("accepts 255 characters", () => {
    expect(brokenInstructionRules(lettersOfLength(255))).toEqual([]);
    expect(instructionsSchema.safeParse(lettersOfLength(255)).success).toBe(true);
  });

  test("accepts exactly 256 characters", () => {
    expect(brokenInstructionRules(lettersOfLength(256))).toEqual([]);
    expect(instructionsSchema.safeParse(lettersOfLength(256)).success).toBe(true);
  });

  test("rejects 257 characters", () => {
    expect(brokenInstructionRules(lettersOfLength(257))).toEqual(["length"]);
    expect(messagesOf(instructionsSchema.safeParse(lettersOfLength(257)))).toEqual([instructionRules.length]);
  });

  test("accepts a letter followed by 255 emoji (256 characters, 511 UTF-16 units)", () => {
    const text = "A" + "😀".repeat(255);
    expect(text.length).toBe(511);
    expect(brokenInstructionRules(text)).toEqual([]);
  });

  test("rejects a letter followed by 256 emoji for length only", () => {
    expect(brokenInstructionRules("A" + "😀".repeat(256))).toEqual(["length"]);
  });

  test("counts 256 emoji as 256 characters, within the length limit", () => {
    expect(brokenInstructionRules("😀".repeat(256))).not.toContain("length");
  });

  test("counts non-Latin letters one each: 256 are accepted, 257 are refused", () => {
    expect(brokenInstructionRules("漢".repeat(256))).toEqual([]);
    expect(brokenInstructionRules("é".repeat(257))).toEqual(["length"]);
  });
});

describe("instructions start (must begin with a letter or a digit)", () => {
  test.each([
    ["a Latin letter", "Name to engrave"],
    ["a lower-case letter", "name to engrave"],
    ["a digit", "3 initials, please"],
    ["a Cyrillic letter", "Дата свадьбы"],
    ["a Greek letter", "Όνομα"],
    ["a CJK letter", "名前を入力してください"],
    ["an accented letter", "Écrivez le prénom"],
    ["an Arabic-Indic digit", "٣ أحرف"],
    ["a letter outside the Basic Multilingual Plane", "𝐀 bold start"],
  ])("accepts a first character that is %s", (_label, text) => {
    expect(brokenInstructionRules(text)).toEqual([]);
  });

  test.each([
    ["a space", " Name to engrave"],
    ["a tab", "\tName"],
    ["a line break", "\nName"],
    ["a hyphen", "-Name"],
    ["a full stop", ".Name"],
    ["a quotation mark", "“Name”"],
    ["an emoji", "😀 Name"],
    ["a combining mark", "\u0301Name"],
    ["a lone space", " "],
  ])("rejects a first character that is %s", (_label, text) => {
    expect(brokenInstructionRules(text)).toEqual(["start"]);
    expect(messagesOf(instructionsSchema.safeParse(text))).toEqual([instructionRules.start]);
  });

  test("accepts empty instructions as no instructions", () => {
    expect(brokenInstructionRules("")).toEqual([]);
    expect(instructionsSchema.safeParse("").success).toBe(true);
  });
});

describe("instructions capitals (no 3 or more consecutive all-caps words)", () => {
  test("accepts two consecutive all-caps words", () => {
    expect(brokenInstructionRules("Write your NAME HERE please")).toEqual([]);
  });

  test("rejects three consecutive all-caps words", () => {
    expect(brokenInstructionRules("Please READ THE TEXT")).toEqual(["caps"]);
    expect(messagesOf(instructionsSchema.safeParse("Please READ THE TEXT"))).toEqual([instructionRules.caps]);
  });

  test("rejects four consecutive all-caps words", () => {
    expect(brokenInstructionRules("FREE GIFT WRAP TODAY")).toEqual(["caps"]);
  });

  test("does not count short all-caps runs like DO as words", () => {
    expect(brokenInstructionRules("DO IT NOW")).toEqual([]);
    expect(brokenInstructionRules("I AM OK TV ON")).toEqual([]);
  });

  test("does not let short all-caps runs like DO break a run of words", () => {
    expect(brokenInstructionRules("Please ADD DO YOUR NAME")).toEqual(["caps"]);
    expect(brokenInstructionRules("ONE DO TWO IT THREE")).toEqual(["caps"]);
  });

  test("does not let short lower-case runs break a run of words", () => {
    expect(brokenInstructionRules("NAME of DATE to TIME")).toEqual(["caps"]);
  });

  test("does not let punctuation, spaces or digits break a run of words", () => {
    expect(brokenInstructionRules("Note: NAME, DATE! TIME.")).toEqual(["caps"]);
    expect(brokenInstructionRules("Line 1 NAME 22 DATE 333 TIME")).toEqual(["caps"]);
    expect(brokenInstructionRules("Write NAME-DATE-TIME")).toEqual(["caps"]);
  });

  test("breaks a run at a mixed-case word", () => {
    expect(brokenInstructionRules("NAME DATE Time ONE TWO")).toEqual([]);
    expect(brokenInstructionRules("NAME DATE McDONALD")).toEqual([]);
  });

  test("breaks a run at a lower-case word of three letters", () => {
    expect(brokenInstructionRules("NAME DATE and TIME ZONE")).toEqual([]);
  });

  test("splits a word at a digit, so letters on each side are separate words", () => {
    expect(brokenInstructionRules("Code ABC1DEF2GHI")).toEqual(["caps"]);
    expect(brokenInstructionRules("An MP3 PLAYER NOW")).toEqual([]);
    expect(brokenInstructionRules("Code AB1CD2EF3GH")).toEqual([]);
  });

  test("counts all-caps words in non-Latin scripts", () => {
    expect(brokenInstructionRules("Текст ДОМ МИР ХЛЕБ")).toEqual(["caps"]);
    expect(brokenInstructionRules("Texte ÉTÉ FORÊT ÉCOLE")).toEqual(["caps"]);
  });

  test("does not count words of caseless scripts as all-caps", () => {
    expect(brokenInstructionRules("漢字語 漢字語 漢字語 漢字語")).toEqual([]);
    expect(brokenInstructionRules("שלום שלום שלום")).toEqual([]);
  });

  test("accepts ordinary mixed-case sentences", () => {
    expect(brokenInstructionRules("Enter The Name You Want Engraved")).toEqual([]);
  });
});

describe("longestCapsRun", () => {
  test.each([
    ["", 0],
    ["no capitals here", 0],
    ["ONE word", 1],
    ["ONE TWO words", 2],
    ["ONE TWO SIX words", 3],
    ["ONE TWO SIX TEN", 4],
    ["ONE DO TWO", 2],
    ["ONE two SIX TEN", 2],
  ])("finds the longest run in %j to be %i", (text, expected) => {
    expect(longestCapsRun(text)).toBe(expected);
  });
});

describe("brokenInstructionRules", () => {
  test("lists every broken rule in the order length, start, caps", () => {
    const text = " ONE TWO SIX " + "a".repeat(300);
    expect(brokenInstructionRules(text)).toEqual(["length", "start", "caps"]);
  });

  test("gives each rule its own message", () => {
    const messages = Object.values(instructionRules);
    expect(Object.keys(instructionRules).sort()).toEqual(["caps", "length", "start"]);
    expect(new Set(messages).size).toBe(messages.length);
    for (const message of messages) expect(message.length).toBeGreaterThan(0);
  });

  test("the length message states the limit", () => {
    expect(instructionRules.length).toContain("256");
  });
});

describe("instructionsSchema", () => {
  test("reports each broken rule as its own issue with that rule's message", () => {
    const text = " ONE TWO SIX " + "a".repeat(300);
    expect(messagesOf(instructionsSchema.safeParse(text))).toEqual([
      instructionRules.length,
      instructionRules.start,
      instructionRules.caps,
    ]);
  });

  test.each([null, undefined, 5, true, ["Name"], { text: "Name" }])("rejects the non-string %j", (value) => {
    expect(messagesOf(instructionsSchema.safeParse(value))).toEqual(["must be a string"]);
  });
});

describe("charLimitSchema (an integer from 1 to 1024)", () => {
  test.each([1, 2, 512, 1023, 1024])("accepts %d", (value) => {
    expect(charLimitSchema.safeParse(value).success).toBe(true);
  });

  test("rejects 0 as below the minimum", () => {
    expect(messagesOf(charLimitSchema.safeParse(0))).toEqual(["must be at least 1"]);
  });

  test("rejects -1 as below the minimum", () => {
    expect(charLimitSchema.safeParse(-1).success).toBe(false);
  });

  test("rejects 1025 as above the maximum", () => {
    expect(messagesOf(charLimitSchema.safeParse(1025))).toEqual(["must be at most 1024"]);
  });

  test.each([1.5, 0.5, 1024.5, 1 + Number.EPSILON])("rejects the non-integer %d", (value) => {
    expect(messagesOf(charLimitSchema.safeParse(value))).toEqual(["must be a whole number from 1 to 1024"]);
  });

  test.each([NaN, Infinity, -Infinity])("rejects %d", (value) => {
    expect(charLimitSchema.safeParse(value).success).toBe(false);
  });

  test.each(["5", null, undefined, true, [5], 5n])("rejects the non-number %s", (value) => {
    expect(messagesOf(charLimitSchema.safeParse(value))).toEqual(["must be a whole number from 1 to 1024"]);
  });
});

describe("requiredSchema (a boolean)", () => {
  test.each([true, false])("accepts %s", (value) => {
    expect(requiredSchema.safeParse(value).success).toBe(true);
  });

  test.each(["true", "false", 1, 0, null, undefined, "yes"])("rejects the non-boolean %j", (value) => {
    expect(messagesOf(requiredSchema.safeParse(value))).toEqual(["must be true or false"]);
  });
});

describe("questionWriteSchema (one wire question)", () => {
  test("accepts a complete question", () => {
    expect(questionWriteSchema.parse(validQuestion)).toEqual(validQuestion);
  });

  test("accepts a question without instructions", () => {
    const { instructions: _omitted, ...withoutInstructions } = validQuestion;
    expect(questionWriteSchema.safeParse(withoutInstructions).success).toBe(true);
  });

  test("accepts null and empty instructions", () => {
    expect(questionWriteSchema.safeParse({ ...validQuestion, instructions: null }).success).toBe(true);
    expect(questionWriteSchema.safeParse({ ...validQuestion, instructions: "" }).success).toBe(true);
  });

  test("rejects instructions that break a rule, at the instructions path", () => {
    const result = questionWriteSchema.safeParse({ ...validQuestion, instructions: "-Name" });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["instructions"], instructionRules.start],
    ]);
  });

  test.each(["dropdown", "TEXT_INPUT", "", null, 1])("rejects the question type %j", (questionType) => {
    const result = questionWriteSchema.safeParse({ ...validQuestion, question_type: questionType });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["question_type"]]);
  });

  test.each(["personalization", "Engraving", "", null])("rejects the question text %j", (questionText) => {
    const result = questionWriteSchema.safeParse({ ...validQuestion, question_text: questionText });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["question_text"]]);
  });

  test.each(["question_type", "question_text", "required", "max_allowed_characters"])(
    "rejects a question without %s",
    (field) => {
      const question: Record<string, unknown> = { ...validQuestion };
      delete question[field];
      const result = questionWriteSchema.safeParse(question);
      expect(result.error?.issues.map((issue) => issue.path)).toEqual([[field]]);
    },
  );

  test("rejects a non-boolean required", () => {
    expect(questionWriteSchema.safeParse({ ...validQuestion, required: "true" }).success).toBe(false);
  });

  test("rejects an out-of-range character limit", () => {
    expect(questionWriteSchema.safeParse({ ...validQuestion, max_allowed_characters: 1025 }).success).toBe(false);
  });

  test.each(["questionType", "instruction", "__proto__"])("rejects the unknown key %s", (key) => {
    const question = JSON.parse(JSON.stringify(validQuestion).replace(/^\{/, `{"${key}":1,`));
    expect(messagesOf(questionWriteSchema.safeParse(question))).toEqual([`unknown field ${key}`]);
  });

  test.each([null, "question", [], 1])("rejects the non-object %j", (value) => {
    expect(messagesOf(questionWriteSchema.safeParse(value))).toEqual(["must be an object"]);
  });
});

describe("personalizationWriteSchema (the write body)", () => {
  test("accepts exactly one question", () => {
    expect(personalizationWriteSchema.parse(bodyWith(validQuestion))).toEqual(bodyWith(validQuestion));
  });

  test("rejects zero questions", () => {
    const result = personalizationWriteSchema.safeParse({ personalization_questions: [] });
    expect(messagesOf(result)).toEqual(["must hold exactly one question during the migration period"]);
  });

  test("rejects two questions", () => {
    const result = personalizationWriteSchema.safeParse({ personalization_questions: [validQuestion, validQuestion] });
    expect(messagesOf(result)).toEqual(["must hold exactly one question during the migration period"]);
  });

  test("rejects a body without personalization_questions", () => {
    expect(messagesOf(personalizationWriteSchema.safeParse({}))).toEqual(["is required and must be an array"]);
  });

  test.each([null, "question", validQuestion])(
    "rejects personalization_questions that is not an array: %j",
    (value) => {
      expect(personalizationWriteSchema.safeParse({ personalization_questions: value }).success).toBe(false);
    },
  );

  test("rejects an unknown top-level key", () => {
    const result = personalizationWriteSchema.safeParse({ ...bodyWith(validQuestion), is_personalizable: true });
    expect(messagesOf(result)).toEqual(["unknown field is_personalizable"]);
  });

  test("rejects an unknown key inside the question", () => {
    const result = personalizationWriteSchema.safeParse(
      bodyWith({ ...validQuestion, personalization_char_count_max: 5 }),
    );
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["personalization_questions", 0], "unknown field personalization_char_count_max"],
    ]);
  });

  test("rejects a wrong question type and a wrong question text inside the body", () => {
    expect(
      personalizationWriteSchema.safeParse(bodyWith({ ...validQuestion, question_type: "dropdown" })).success,
    ).toBe(false);
    expect(
      personalizationWriteSchema.safeParse(bodyWith({ ...validQuestion, question_text: "Engraving" })).success,
    ).toBe(false);
  });

  test.each([null, "body", [], 7])("rejects the non-object body %j", (value) => {
    expect(messagesOf(personalizationWriteSchema.safeParse(value))).toEqual(["must be a JSON object"]);
  });
});

describe("questionFormSchema (the editor's camelCase fields)", () => {
  const validForm = { instructions: "Name to engrave", maxAllowedCharacters: 20, required: false };

  test("accepts valid fields", () => {
    expect(questionFormSchema.parse(validForm)).toEqual(validForm);
  });

  test("accepts empty instructions", () => {
    expect(questionFormSchema.safeParse({ ...validForm, instructions: "" }).success).toBe(true);
  });

  test("rejects null instructions: the form always holds a string", () => {
    expect(questionFormSchema.safeParse({ ...validForm, instructions: null }).success).toBe(false);
  });

  test("applies the instruction rules at the instructions field", () => {
    const result = questionFormSchema.safeParse({ ...validForm, instructions: "Please READ THE TEXT" });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["instructions"], instructionRules.caps],
    ]);
  });

  test("applies the limit rule at the maxAllowedCharacters field", () => {
    const result = questionFormSchema.safeParse({ ...validForm, maxAllowedCharacters: 0 });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["maxAllowedCharacters"]]);
  });

  test("applies the boolean rule at the required field", () => {
    const result = questionFormSchema.safeParse({ ...validForm, required: "on" });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["required"]]);
  });
});

describe("toWrite", () => {
  test("builds the wire body with the fixed type and text", () => {
    expect(toWrite({ instructions: "Name to engrave", maxAllowedCharacters: 12, required: true })).toEqual({
      personalization_questions: [
        {
          question_type: "text_input",
          question_text: "Personalization",
          instructions: "Name to engrave",
          required: true,
          max_allowed_characters: 12,
        },
      ],
    });
  });

  test("sends empty instructions as null", () => {
    const body = toWrite({ instructions: "", maxAllowedCharacters: 1, required: false });
    expect(body.personalization_questions[0]?.instructions).toBeNull();
  });

  test("builds a body the write schema accepts", () => {
    for (const form of [
      { instructions: "", maxAllowedCharacters: 1, required: false },
      { instructions: "a".repeat(256), maxAllowedCharacters: 1024, required: true },
    ]) {
      expect(personalizationWriteSchema.safeParse(toWrite(form)).success).toBe(true);
    }
  });
});

describe("describeFirstIssue", () => {
  const firstIssueOf = (body: unknown) => {
    const result = personalizationWriteSchema.safeParse(body);
    if (result.success) throw new Error("expected the body to be refused");
    return describeFirstIssue(result.error);
  };

  test("names the instructions path and the broken rule", () => {
    expect(firstIssueOf(bodyWith({ ...validQuestion, instructions: " Name" }))).toBe(
      "personalization_questions[0].instructions: Start with a letter or a digit.",
    );
  });

  test("names the first broken rule when several are broken", () => {
    expect(firstIssueOf(bodyWith({ ...validQuestion, instructions: " ONE TWO SIX " + "a".repeat(300) }))).toBe(
      `personalization_questions[0].instructions: ${instructionRules.length}`,
    );
  });

  test("names the character limit path", () => {
    expect(firstIssueOf(bodyWith({ ...validQuestion, max_allowed_characters: 1025 }))).toBe(
      "personalization_questions[0].max_allowed_characters: must be at most 1024",
    );
  });

  test("names the array path when it is missing", () => {
    expect(firstIssueOf({})).toBe("personalization_questions: is required and must be an array");
  });

  test("gives the bare message for an unknown top-level key", () => {
    expect(firstIssueOf({ ...bodyWith(validQuestion), extra: 1 })).toBe("unknown field extra");
  });

  test("names the question for an unknown key inside it", () => {
    expect(firstIssueOf(bodyWith({ ...validQuestion, extra: 1 }))).toBe(
      "personalization_questions[0]: unknown field extra",
    );
  });

  test("falls back to a general message when there is no issue", () => {
    expect(describeFirstIssue(new z.ZodError([]))).toBe("request body is invalid");
  });
});
