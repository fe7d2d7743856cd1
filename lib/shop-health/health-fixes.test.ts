import { describe, expect, it } from "vitest";
import { toQuestion, type Question, type QuestionWire } from "../marketplace/wire";
import {
  AUTOMATIC_FIX,
  describeFixes,
  findingsPlannedIn,
  fixedQuestions,
  healthFixSchema,
  nextFinding,
  sentenceCase,
} from "./health-fixes";

const text = (fields: Partial<QuestionWire> = {}): Question =>
  toQuestion({
    question_id: 11,
    question_type: "text_input",
    question_text: "Name",
    instructions: "Name to engrave",
    required: false,
    max_allowed_characters: 20,
    add_on_price: null,
    ...fields,
  });
const price = { amount: 250, divisor: 100, currency_code: "USD" };

describe("health check fixes", () => {
  it("puts runs of three capitalised words in sentence case and leaves a lone acronym", () => {
    expect(sentenceCase("TYPE YOUR NAME HERE")).toBe("Type your name here");
    expect(sentenceCase("Please TYPE YOUR NAME, thanks. Made in the USA")).toBe(
      "Please type your name, thanks. Made in the USA",
    );
    expect(sentenceCase("ENTER THE NAME, up to 12 letters. NOTHING ELSE PLEASE")).toBe(
      "Enter the name, up to 12 letters. Nothing else please",
    );
  });

  it("changes only the questions that have the finding, ids and other fields kept", () => {
    const questions = [text({ instructions: "ENTER YOUR NAME" }), text({ question_id: 12, instructions: "Gift note" })];
    expect(fixedQuestions(questions, { finding: "all-caps", fix: "sentence-case" })).toEqual([
      text({ instructions: "Enter your name" }),
      questions[1],
    ]);
    expect(fixedQuestions([text()], { finding: "all-caps", fix: "sentence-case" })).toBeNull();
  });

  it("makes a required question without instructions optional, or gives it the instructions the seller typed", () => {
    const bare = [text({ instructions: null, required: true })];
    expect(fixedQuestions(bare, { finding: "required-without-instructions", fix: "make-optional" })).toEqual([
      text({ instructions: null, required: false }),
    ]);
    expect(
      fixedQuestions(bare, { finding: "required-without-instructions", fix: "add-instructions", instructions: "Name" }),
    ).toEqual([text({ instructions: "Name", required: true })]);
  });

  it("keeps an add-on price by making its text question optional, or drops the price; a non-text question loses it", () => {
    const dropdown = text({
      question_type: "dropdown",
      instructions: null,
      options: [{ option_id: 5, label: "Red" }],
      add_on_price: price,
    });
    const questions = [text({ required: true, add_on_price: price }), dropdown];
    expect(fixedQuestions(questions, { finding: "add-on-price", fix: "make-optional" })).toEqual([
      text({ required: false, add_on_price: price }),
      { ...dropdown, addOnPrice: null },
    ]);
    expect(fixedQuestions(questions, { finding: "add-on-price", fix: "drop-price" })).toEqual([
      text({ required: true, add_on_price: null }),
      { ...dropdown, addOnPrice: null },
    ]);
  });

  it("adds the question the seller typed to a listing that asks nothing, or turns personalization off", () => {
    const added = { finding: "no-question", fix: "add-question", title: "Name", instructions: "", limit: 30 } as const;
    expect(fixedQuestions([], added)).toEqual([
      { type: "text_input", title: "Name", instructions: "", required: false, maxAllowedCharacters: 30 },
    ]);
    expect(fixedQuestions([text()], added)).toBeNull();
    expect(fixedQuestions([], { finding: "no-question", fix: "turn-off" })).toEqual([]);
  });

  it("refuses instructions with invisible or direction-changing characters, as the editor does", () => {
    const sentence =
      "Remove the invisible or direction-changing characters (U+202E RIGHT-TO-LEFT OVERRIDE): buyers would not see them, or they would change the order of what buyers read. Retype the text or paste it as plain text.";
    const fixes = [
      { finding: "required-without-instructions", fix: "add-instructions", instructions: "Name \u202Eevil" },
      { finding: "no-question", fix: "add-question", title: "Name", instructions: "Name \u202Eevil", limit: 20 },
    ];
    for (const fix of fixes)
      expect(healthFixSchema.safeParse(fix).error?.issues).toEqual([
        expect.objectContaining({ path: ["instructions"], message: sentence }),
      ]);
    expect(healthFixSchema.safeParse({ ...fixes[0], instructions: " Name to engrave " }).data).toMatchObject({
      instructions: "Name to engrave",
    });
  });
});

describe("every automatic fix at once", () => {
  it("gives each finding that a fix without words can mend its first such fix, and none to those needing words", () => {
    expect(AUTOMATIC_FIX).toEqual({
      "all-caps": { finding: "all-caps", fix: "sentence-case" },
      "required-without-instructions": { finding: "required-without-instructions", fix: "make-optional" },
      "add-on-price": { finding: "add-on-price", fix: "make-optional" },
      "no-question": { finding: "no-question", fix: "turn-off" },
    });
    for (const fix of Object.values(AUTOMATIC_FIX)) {
      expect(healthFixSchema.parse(fix)).toEqual(fix);
      expect(Object.keys(fix)).toEqual(["finding", "fix"]);
    }
  });

  it("reads back from a plan's description which findings it fixes, whichever fix each got", () => {
    expect(findingsPlannedIn(describeFixes([{ finding: "add-on-price", fix: "drop-price" }]))).toEqual([
      "add-on-price",
    ]);
    expect(
      findingsPlannedIn(
        describeFixes([{ finding: "no-question", fix: "add-question", title: "Name", instructions: "", limit: 20 }]),
      ),
    ).toEqual(["no-question"]);
    expect(
      findingsPlannedIn(
        describeFixes([
          { finding: "required-without-instructions", fix: "add-instructions", instructions: "Your name" },
        ]),
      ),
    ).toEqual(["required-without-instructions"]);
    expect(findingsPlannedIn("Instructions in capitals put in sentence case")).toEqual([]);
  });

  it("goes on to the next finding still open after those planned, else back to the first still open", () => {
    const open = ["too-long", "all-caps", "add-on-price", "refused"] as const;
    expect(nextFinding(open, ["all-caps"])).toBe("add-on-price");
    expect(nextFinding(open, ["add-on-price"])).toBe("refused");
    expect(nextFinding(["too-long", "all-caps"], ["all-caps", "no-question"])).toBe("too-long");
    expect(nextFinding(["all-caps"], ["all-caps"])).toBeUndefined();
  });
});
