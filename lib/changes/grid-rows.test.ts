import { describe, expect, it } from "vitest";
import { listingHolding as listing, storedQuestion } from "../../test/harness/wire-questions";
import type { QuestionWire } from "../marketplace/wire";
import { fieldErrors } from "../personalization/typed-question";
import { fillDown, gridRowsOf, type GridRow } from "./grid-rows";

const text = (fields: Partial<QuestionWire> = {}) =>
  storedQuestion({
    question_type: "text_input",
    question_text: "Name",
    instructions: "Name to engrave",
    max_allowed_characters: 30,
    ...fields,
  });

const row = (fields: Partial<GridRow> = {}): GridRow => ({ ...gridRowsOf([listing(1, [text()])])[0]!, ...fields });

describe("grid rows", () => {
  it("has one row per text or dropdown question, with the fields a seller edits, and none for uploads", () => {
    const rows = gridRowsOf([
      listing(1, [
        text({
          question_id: 7,
          max_allowed_characters: 30,
          add_on_price: { amount: 250, divisor: 100, currency_code: "USD" },
        }),
        storedQuestion({ question_type: "unlabeled_upload", question_text: "Photo", max_allowed_files: 1 }),
        storedQuestion({
          question_type: "dropdown",
          question_text: "Colour",
          options: [{ label: "Red" }, { label: "Blue" }],
        }),
      ]),
    ]);
    expect(
      rows.map(({ key, index, questionId, type, limit, price, choices }) => ({
        key,
        index,
        questionId,
        type,
        limit,
        price,
        choices,
      })),
    ).toEqual([
      { key: "1:0", index: 0, questionId: 7, type: "text_input", limit: "30", price: "2.50", choices: "" },
      { key: "1:2", index: 2, questionId: null, type: "dropdown", limit: "", price: "", choices: "Red\nBlue" },
    ]);
  });

  it("names each broken rule at its cell, in the editor's words", () => {
    expect(fieldErrors(row())).toEqual({});
    expect(fieldErrors(row({ instructions: "a".repeat(121) }))).toEqual({
      instructions: "Use at most 120 characters.",
    });
    expect(fieldErrors(row({ instructions: "- name" })).instructions).toBe("Start with a letter or a digit.");
    expect(fieldErrors(row({ instructions: "Name\u202E" })).instructions).toMatch(/RIGHT-TO-LEFT OVERRIDE/);
    expect(fieldErrors(row({ limit: "ten" })).limit).toBe("Enter a whole number from 1 to 1024.");
    expect(fieldErrors(row({ price: "2.505" })).price).toBe(
      "Enter the price as a number with at most two decimals, such as 2.50.",
    );
    expect(fieldErrors(row({ price: "2.50", required: true })).price).toMatch(
      /Only an optional text question can cost extra/,
    );
    const dropdown = gridRowsOf([
      listing(2, [storedQuestion({ question_type: "dropdown", question_text: "Colour", options: [{ label: "Red" }] })]),
    ])[0]!;
    expect(fieldErrors({ ...dropdown, choices: "Red\nRed" }).choices).toMatch(/two are the same/);
  });

  it("fills a range from its first row down its column, skipping rows that do not ask that field, and no further", () => {
    const rows = gridRowsOf([
      listing(1, [text({ instructions: "Short" })]),
      listing(2, [storedQuestion({ question_type: "dropdown", question_text: "Colour", options: [{ label: "Red" }] })]),
      listing(3, [text({ instructions: "b".repeat(150) })]),
      listing(4, [text({ instructions: "Left alone" })]),
    ]);
    const filled = fillDown(rows, { from: 0, to: 2 }, "instructions");
    expect(filled.map((one) => one.instructions)).toEqual(["Short", "", "Short", "Left alone"]);
    // One cell: the value of the cell above it.
    expect(fillDown(rows, { from: 2, to: 3 }, "instructions")[3]!.instructions).toBe("b".repeat(150));
    expect(fillDown(rows, { from: 2, to: 3 }, "instructions")[0]!.instructions).toBe("Short");
  });
});
