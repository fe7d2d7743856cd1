import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvSheet } from "./csv-sheet";
import { planOfTargets } from "./plan";
import { importTargets, nothingToPlan } from "./since-export";
import { COLUMNS, EXPORT_COLUMNS, importQuestions, questionRowsOf, questionSheet } from "./spreadsheet";
import { workbookSheet } from "./workbook";
import { sheetCsv, sheetWorkbook } from "../spreadsheet/sheet-export";
import type { ListingQuestions } from "../marketplace/question-wire";
import type { Question } from "../marketplace/wire";
import { diffLines } from "../personalization/question-diff";
import { listingHolding as listing, storedQuestion } from "../../test/harness/wire-questions";

const name = (instructions: string, extra: Partial<Parameters<typeof storedQuestion>[0]> = {}) =>
  storedQuestion({
    question_id: 11,
    question_type: "text_input",
    question_text: "Name",
    instructions,
    max_allowed_characters: 30,
    ...extra,
  });
const giftWrap = storedQuestion({
  question_id: 99,
  question_type: "dropdown",
  question_text: "Gift wrap",
  options: [
    { option_id: 991, label: "Yes" },
    { option_id: 992, label: "No" },
  ],
});

// Monday's shop, as the seller exported it.
const monday = [
  listing(1, [name("Print clearly")]),
  listing(2, [{ ...name("One name"), id: 21 }]),
  listing(3, []),
  listing(9, [{ ...name("Up to 12 letters"), id: 91 }]),
];
// Tuesday: another import, a dropdown added, a price added.
const tuesday = [
  listing(1, [name("Print clearly, in capitals")]),
  listing(2, [{ ...name("One name"), id: 21 }, giftWrap]),
  listing(3, []),
  listing(9, [
    { ...name("Up to 12 letters", { add_on_price: { amount: 200, divisor: 100, currency_code: "USD" } }), id: 91 },
  ]),
];

function edit(csv: string, change: (rows: string[][]) => void) {
  const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  change(rows);
  return Papa.unparse(rows);
}
/** Sets a cell of the first row of `listingId`, by column name. */
const set = (rows: string[][], listingId: number, column: string, value: string) => {
  const row = rows.find((cells) => cells[0] === String(listingId))!;
  row[(EXPORT_COLUMNS as readonly string[]).indexOf(column)] = value;
};

async function importCsv(text: string, shop: readonly ListingQuestions[]) {
  const sheet = await csvSheet(text);
  if (sheet === "too many rows") throw new Error("too many rows");
  const rows = await questionRowsOf(sheet);
  if (!rows.ok) return rows;
  return importQuestions(rows.value, new Map(shop.map((each) => [each.listingId, each])));
}

describe("what an export carries", () => {
  it("ends every row with the listing's version, one per row", () => {
    const [header, ...rows] = Papa.parse<string[]>(
      sheetCsv(questionSheet(monday))
        .replace(/^\uFEFF/, "")
        .trim(),
    ).data;
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows.map((row) => row.at(-1))).toEqual(
      rows.map(() => expect.stringMatching(/^v1\.[\w-]{16}\.0\.1\.[\w-]{36}$/)),
    );
  });
});

describe("an import of an export made before changes since", () => {
  const exported = sheetCsv(questionSheet(monday));

  it("plans nothing for an unedited file, and names each listing changed since, left as it is", async () => {
    const result = await importCsv(exported, tuesday);
    expect(result).toMatchObject({ ok: true, edited: false, unchanged: 1 });
    if (!result.ok) return;
    expect(result.targets.size).toBe(0);
    expect([...result.changedSince.keys()]).toEqual([1, 2, 9]);
    expect(result.changedSince.get(1)).toMatchObject({ cause: "not-edited", after: [monday[0]!.questions[0]] });
  });

  it("plans exactly the edited cell, on top of the listing as it is now", async () => {
    const text = edit(exported, (rows) => set(rows, 9, "limit", "20"));
    const result = await importCsv(text, tuesday);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([...result.targets.keys()]).toEqual([9]);
    expect(result.targets.get(9)).toEqual([{ ...tuesday[3]!.questions[0], maxAllowedCharacters: 20 }]);
    expect(result.kept.get(9)).toEqual([
      {
        question: { title: "Name", type: "Text" },
        change: "changed",
        fields: [{ field: "Add-on price", before: "None", after: "2.00" }],
      },
    ]);
    const items = planOfTargets(tuesday, importTargets(tuesday, result), "multi");
    expect(items.map((item) => [item.listingId, item.status])).toEqual([
      [1, "changed-since"],
      [2, "changed-since"],
      [3, "unchanged"],
      [9, "change"],
    ]);
    expect(items.find((item) => item.listingId === 9)!.diff.flatMap((change) => diffLines([change]))).toEqual([
      "“Name” Character limit: 30 → 20",
    ]);
    expect(items.find((item) => item.listingId === 1)).toMatchObject({
      reason: expect.stringContaining("Changed since your export, and you did not edit it in the file"),
      after: monday[0]!.questions,
    });
  });

  it("leaves a listing whose edited cell also changed since, and keeps the file's cells for the seller to take", async () => {
    const text = edit(exported, (rows) => set(rows, 1, "instructions", "Print neatly"));
    const result = await importCsv(text, tuesday);
    expect(result).toMatchObject({ ok: true, edited: true });
    if (!result.ok) return;
    expect(result.targets.size).toBe(0);
    expect(result.changedSince.get(1)).toEqual({
      cause: "conflict",
      after: [{ ...tuesday[0]!.questions[0], instructions: "Print neatly" }],
      problem: null,
    });
  });

  it("reads an edit that made the change made since as no conflict, and plans the seller's other edit", async () => {
    const text = edit(exported, (rows) => {
      set(rows, 1, "instructions", "Print clearly, in capitals");
      set(rows, 1, "limit", "20");
    });
    const result = await importCsv(text, tuesday);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.targets.get(1)).toEqual([{ ...tuesday[0]!.questions[0], maxAllowedCharacters: 20 }]);
    expect(result.kept.has(1)).toBe(false);
  });

  it("leaves a listing given a question since, though the seller edited another cell of it", async () => {
    const text = edit(exported, (rows) => set(rows, 2, "required", "yes"));
    const result = await importCsv(text, tuesday);
    expect(result.ok && result.changedSince.get(2)?.cause).toBe("conflict");
  });

  it("refuses instructions typed on a listing's row with no question, by listing and column", async () => {
    const text = edit(exported, (rows) => set(rows, 3, "instructions", "Gift message"));
    expect(await importCsv(text, tuesday)).toEqual({
      ok: false,
      errors: [
        {
          row: 4,
          column: "instructions",
          reason:
            "Listing 3: this row has instructions but no type and no question, so it asks nothing and its instructions cannot be used. Choose a type and write the question, or clear instructions.",
        },
      ],
    });
  });

  it("treats every listing of an older export that differs from the shop as changed since, and says why", async () => {
    const older = edit(exported, (rows) => {
      for (const row of rows) row.pop();
    });
    expect(older.split("\r\n")[0]).toBe(COLUMNS.join(","));
    const result = await importCsv(older, tuesday);
    expect(result).toMatchObject({ ok: true, edited: true, unchanged: 1 });
    if (!result.ok) return;
    expect(result.targets.size).toBe(0);
    expect([...result.changedSince.values()].map((since) => since.cause)).toEqual([
      "older-file",
      "older-file",
      "older-file",
    ]);
    const items = planOfTargets(tuesday, importTargets(tuesday, result), "multi");
    expect(items[0]!.reason).toContain("before exports carried versions");
    expect(await importCsv(older, monday)).toMatchObject({ ok: true, edited: false, unchanged: 4 });
  });

  it("cannot be made by a forged version to plan a value that is neither in the file nor in the shop", async () => {
    const forged = edit(exported, (rows) => {
      for (const row of rows.slice(1)) row[row.length - 1] = `v1.${"A".repeat(16)}.0.1.${"B".repeat(36)}`;
    });
    const result = await importCsv(forged, tuesday);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // Every cell looks edited and every listing changed since: each is left, with the file's cells to take.
    expect(result.targets.size).toBe(0);
    for (const [id, since] of result.changedSince)
      expect(since.after).toEqual(monday.find((each) => each.listingId === id)!.questions);
  });

  it("reads the versions of the Excel export as of the CSV one", async () => {
    const sheet = await workbookSheet(await sheetWorkbook(questionSheet(monday)));
    if (!sheet || sheet === "too many rows") throw new Error("the workbook was not read");
    sheet.rows.find((row) => row.cells[0] === "9")!.cells[COLUMNS.indexOf("limit")] = "20";
    const rows = await questionRowsOf(sheet);
    if (!rows.ok) throw new Error(JSON.stringify(rows.errors));
    const result = await importQuestions(rows.value, new Map(tuesday.map((each) => [each.listingId, each])));
    expect(result.ok && [...result.targets.keys()]).toEqual([9]);
    expect(result.ok && [...result.changedSince.keys()]).toEqual([1, 2]);
  });
});

const textQuestion = fc.record({
  title: fc.constantFrom("Name", "Initials", "Date"),
  instructions: fc.string({ maxLength: 40 }),
  required: fc.boolean(),
  maxAllowedCharacters: fc.integer({ min: 1, max: 1024 }),
  price: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }),
});
const dropdownQuestion = fc.record({
  title: fc.constantFrom("Colour", "Size"),
  required: fc.boolean(),
  options: fc.uniqueArray(
    fc.string({ minLength: 1, maxLength: 20 }).filter((label) => !label.includes("\n") && !label.includes("\r")),
    {
      minLength: 1,
      maxLength: 4,
    },
  ),
});
const questionsArb = fc.array(fc.oneof(textQuestion, dropdownQuestion), { maxLength: 3 }).map((questions) =>
  questions.map((question, index): Question =>
    "options" in question
      ? {
          id: 1000 + index,
          type: "dropdown",
          title: question.title,
          instructions: "",
          required: question.required,
          maxAllowedCharacters: null,
          options: question.options,
          optionIds: question.options.map((_, at) => 5000 + at),
        }
      : {
          id: 1000 + index,
          type: "text_input",
          title: question.title,
          instructions: question.instructions,
          required: question.required,
          maxAllowedCharacters: question.maxAllowedCharacters,
          addOnPrice:
            question.price === undefined ? null : { amount: question.price, divisor: 100, currencyCode: "USD" },
        },
  ),
);

describe("an unedited export of any shop", () => {
  it("plans nothing, whatever changed since", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(questionsArb, fc.option(questionsArb, { nil: undefined })), { minLength: 1, maxLength: 4 }),
        async (shops) => {
          const exportedShop = shops.map(([questions], index) => listing(index + 1, questions));
          const now = shops.map(([questions, since], index) => listing(index + 1, since ?? questions));
          const result = await importCsv(sheetCsv(questionSheet(exportedShop)), now);
          expect(result).toMatchObject({ ok: true, edited: false });
          if (result.ok) expect(result.targets.size).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe("an import that leaves listings out", () => {
  it("never says the file matches the shop, and counts the listings it left out", async () => {
    const fileOfTwo = edit(sheetCsv(questionSheet(monday)), (rows) => {
      rows.splice(1, rows.length, ...rows.filter((cells) => cells[0] === "1" || cells[0] === "2"));
    });
    const result = await importCsv(fileOfTwo, monday);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(nothingToPlan(result)).toBe("This file matches your shop: nothing was planned.");
    expect(nothingToPlan(result, 2)).toBe(
      "Every listing in this file is already as it asks, so nothing was planned. The file leaves out 2 listings of your shop, which stay as they are: export again for a file of every listing.",
    );
    expect(nothingToPlan(result, 1)).toMatch(/leaves out 1 listing of your shop, which stays as it is:/);
  });
});
