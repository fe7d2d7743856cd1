import { describe, expect, it } from "vitest";
import { usd } from "../../test/harness/wire-questions";
import type { Question } from "../marketplace/wire";
import { diffLines, questionDiff } from "./question-diff";

const name: Question = {
  id: 1,
  type: "text_input",
  title: "Name to engrave",
  instructions: "Up to two names",
  required: false,
  maxAllowedCharacters: 20,
  addOnPrice: usd(500),
};
const colour: Question = {
  id: 2,
  type: "dropdown",
  title: "Colour",
  instructions: "",
  required: true,
  maxAllowedCharacters: null,
  options: ["Red", "Blue"],
  optionIds: [21, 22],
};
const photo: Question = {
  id: 3,
  type: "unlabeled_upload",
  title: "Photo",
  instructions: "",
  required: false,
  maxAllowedCharacters: null,
  maxAllowedFiles: 2,
};

describe("questionDiff", () => {
  it("shows a price going from $5.00 to $3.50 in a two-question set whose titles stay the same", () => {
    const changes = questionDiff([name, colour], [{ ...name, addOnPrice: usd(350) }, colour]);
    expect(changes).toEqual([
      {
        question: { title: "Name to engrave", type: "Text" },
        change: "changed",
        fields: [{ field: "Add-on price", before: "$5.00", after: "$3.50" }],
      },
    ]);
  });

  it("shows everything an added question asks, by the editor's names", () => {
    const added = { ...name, id: undefined, required: false };
    expect(diffLines(questionDiff([colour], [colour, added]))).toEqual([
      "added: “Name to engrave” Position: 2",
      "added: “Name to engrave” Instructions: “Up to two names”",
      "added: “Name to engrave” Character limit: 20",
      "added: “Name to engrave” Required: No",
      "added: “Name to engrave” Add-on price: $5.00",
    ]);
    expect(questionDiff([], [added])[0]!.question).toEqual({ title: "Name to engrave", type: "Text" });
  });

  it("shows a dropdown's new choices", () => {
    expect(diffLines(questionDiff([colour], [{ ...colour, options: ["Red", "Blue", "Green"] }]))).toEqual([
      "“Colour” Choices: Red, Blue → Red, Blue, Green",
    ]);
  });

  it("says what a removed question asked", () => {
    expect(questionDiff([name, photo], [name])).toEqual([
      {
        question: { title: "Photo", type: "File upload" },
        change: "removed",
        fields: [
          { field: "Instructions", before: "None", after: null },
          { field: "Required", before: "No", after: null },
          { field: "Files", before: "up to 2", after: null },
        ],
      },
    ]);
  });

  it("shows a question moved to another position, paired by its id", () => {
    expect(diffLines(questionDiff([name, colour], [colour, name]))).toEqual([
      "“Colour” Position: 2 → 1",
      "“Name to engrave” Position: 1 → 2",
    ]);
  });

  it("pairs questions without ids by position and type, and a question written without its id as a new one", () => {
    const [plain, titled] = [
      { ...name, id: undefined },
      { ...name, id: undefined, title: "Initials" },
    ];
    expect(diffLines(questionDiff([plain], [titled]))).toEqual(["“Initials” Title: “Name to engrave” → “Initials”"]);
    expect(questionDiff([name], [titled]).map((change) => change.change)).toEqual(["removed", "added"]);
  });

  it("pairs a question the marketplace gave a new id by its place, type and title", () => {
    expect(diffLines(questionDiff([name], [{ ...name, id: 9, maxAllowedCharacters: 30 }]))).toEqual([
      "“Name to engrave” Character limit: 20 → 30",
    ]);
  });

  it("finds no change where nothing changed, and a price of 0 is no price", () => {
    expect(questionDiff([name, colour, photo], [name, colour, photo])).toEqual([]);
    expect(questionDiff([{ ...name, addOnPrice: null }], [{ ...name, addOnPrice: usd(0) }])).toEqual([]);
  });

  it("never shows the marketplace's type names", () => {
    const every = [name, colour, photo, { ...photo, id: 4, type: "labeled_upload" }];
    const text = JSON.stringify([questionDiff([], every), questionDiff(every, [])]);
    expect(text).not.toMatch(/text_input|dropdown|_upload/);
  });
});
