import ExcelJS from "exceljs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { planOfTargets } from "./plan";
import { COLUMNS, exportQuestions, importQuestions } from "./spreadsheet";
import type { ListingQuestions } from "../marketplace/stored-question";
import { exportQuestionsWorkbook } from "./workbook";
import { storedQuestion } from "../../test/harness/wire-questions";

const shop: ListingQuestions[] = [
  {
    listingId: 101,
    title: "Mug, “personalised”",
    state: "active",
    currencyCode: "EUR",
    lastModified: 5,
    questions: [
      storedQuestion({
        question_id: 1,
        question_type: "text_input",
        question_text: "Name",
        instructions: "Up to 2 names, e.g. Ana, Bo",
        max_allowed_characters: 30,
        add_on_price: { amount: 350, divisor: 100, currency_code: "EUR" },
      }),
      storedQuestion({
        question_id: 2,
        question_type: "dropdown",
        question_text: "Colour",
        required: true,
        options: [
          { option_id: 21, label: "Red, dark" },
          { option_id: 22, label: 'Blue "sky"' },
        ],
      }),
    ],
  },
  { listingId: 102, title: "Plain card", state: "draft", currencyCode: "EUR", lastModified: 6, questions: [] },
  {
    listingId: 103,
    title: "Photo frame",
    state: "active",
    currencyCode: "EUR",
    lastModified: 7,
    questions: [
      storedQuestion({
        question_id: 3,
        question_type: "labeled_upload",
        question_text: "Photos",
        instructions: "Front\nand back",
        required: true,
        max_allowed_files: 2,
        options: [
          { option_id: 31, label: "Front" },
          { option_id: 32, label: "Back" },
        ],
      }),
    ],
  },
];
const byId = new Map(shop.map((listing) => [listing.listingId, listing]));

function edit(csv: string, change: (rows: string[][]) => void) {
  const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  change(rows);
  return Papa.unparse(rows);
}
const cell = (rows: string[][], row: number, column: (typeof COLUMNS)[number]) => ({
  set: (value: string) => void (rows[row - 1]![COLUMNS.indexOf(column)] = value),
});

describe("spreadsheet round trip", () => {
  const exported = exportQuestions(shop);

  it("exports one row per listing and question, with a byte order mark and CRLF", () => {
    expect(exported.startsWith("\uFEFFlisting_id,title,state,question_id,type,question")).toBe(true);
    expect(exported.endsWith("\r\n")).toBe(true);
    expect(Papa.parse(exported.trim()).data).toHaveLength(1 + 2 + 1 + 1);
  });

  it.each([
    ["as exported (BOM, CRLF)", exported],
    ["without the BOM, with LF", exported.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n")],
    ["with CRLF inside cells too", exported.replace(/\r\n/g, "\n").replace(/\n/g, "\r\n")],
  ])("an unedited file %s gives a plan with 0 changes", (_, text) => {
    const result = importQuestions(text, byId);
    expect(result).toMatchObject({ ok: true, unchanged: 3 });
    if (result.ok) expect(result.targets.size).toBe(0);
  });

  it("three edited cells become exactly three field changes, ids and prices kept", () => {
    const text = edit(exported, (rows) => {
      cell(rows, 2, "instructions").set("Print clearly");
      cell(rows, 3, "options").set("Red, dark\nGreen");
      cell(rows, 5, "required").set("no");
    });
    const result = importQuestions(text, byId);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const plan = planOfTargets(shop, new Map([...result.targets].map(([id, after]) => [id, { after }])), "multi");
    expect(plan.flatMap((item) => item.diff.map((diff) => [item.listingId, diff.field, diff.after]))).toEqual([
      [101, "instructions", "Print clearly"],
      [101, "options", "Red, dark, Green"],
      [103, "required", "optional"],
    ]);
    const mug = result.targets.get(101)!;
    expect(mug[0]).toEqual({ ...shop[0]!.questions[0], instructions: "Print clearly" });
    expect(mug[1]!.options).toEqual([{ option_id: 21, label: "Red, dark" }, { label: "Green" }]);
  });

  it("refuses a bad cell with its row, column and reason", () => {
    const text = edit(exported, (rows) => {
      cell(rows, 2, "limit").set("2000");
      cell(rows, 3, "required").set("maybe");
      cell(rows, 2, "add_on_price").set("3.999");
    });
    const result = importQuestions(text, byId);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        row: 2,
        column: "add_on_price",
        reason: "Enter the price as a number with at most two decimals, such as 2.50.",
      },
      { row: 2, column: "limit", reason: "Allow at most 1024 characters." },
      { row: 3, column: "required", reason: "Write yes or no." },
    ]);
  });

  it("gives a bad cell one reason, not its own and the schema's", () => {
    const result = importQuestions(
      edit(exported, (rows) => cell(rows, 2, "limit").set("lots")),
      byId,
    );
    expect(result).toEqual({ ok: false, errors: [{ row: 2, column: "limit", reason: "Enter a whole number." }] });
  });

  it("refuses a listing that is not in the shop and a header row that lost a column", () => {
    const foreign = edit(exported, (rows) => cell(rows, 4, "listing_id").set("999"));
    expect(importQuestions(foreign, byId)).toMatchObject({ ok: false, errors: [{ row: 4, column: "listing_id" }] });
    const headless = exported.replace("add_on_price", "price");
    expect(importQuestions(headless, byId)).toMatchObject({ ok: false, errors: [{ row: 1, column: "add_on_price" }] });
  });
});

describe("the questions as an Excel workbook", () => {
  it("holds the CSV export's header and cells, every cell as text", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportQuestionsWorkbook(shop)).buffer);
    const sheet = workbook.getWorksheet("Questions")!;
    const cells: string[][] = [];
    sheet.eachRow((row) => {
      cells.push(Array.from({ length: sheet.columnCount }, (_, index) => String(row.getCell(index + 1).value ?? "")));
    });
    const csv = Papa.parse<string[]>(exportQuestions(shop).replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(cells).toEqual(csv);
    expect(cells[1]).toContain("3.50");
    expect(sheet.getRow(2).getCell(1).value).toBe("101");
  });
});
