import ExcelJS from "exceljs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { planOfTargets } from "./plan";
import { diffLines } from "../personalization/question-diff";
import { csvSheet, type Sheet, type SheetRead } from "./csv-sheet";
import { COLUMNS, foreignRows, importQuestions, questionRowsOf, questionSheet } from "./spreadsheet";
import type { ListingQuestions } from "../marketplace/question-wire";
import { workbookSheet } from "./workbook";
import { sheetCsv, sheetWorkbook } from "../spreadsheet/sheet-export";
import { sheetOfFile } from "./sheet-file";
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

/** What the import route does with a file's rows once they are known to be the shop's. */
async function importSheet(read: SheetRead | null, listings: ReadonlyMap<number, ListingQuestions> = byId) {
  const rows = await questionRowsOf(whole(read));
  if (!rows.ok) return rows;
  return importQuestions(rows.value, listings);
}
function whole(read: SheetRead | null): Sheet {
  if (read === null || read === "too many rows") throw new Error(`the sheet was not read: ${read}`);
  return read;
}
const importCsv = async (text: string, listings?: ReadonlyMap<number, ListingQuestions>) =>
  importSheet(await csvSheet(text), listings);

function edit(csv: string, change: (rows: string[][]) => void) {
  const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  change(rows);
  return Papa.unparse(rows);
}
const cell = (rows: string[][], row: number, column: (typeof COLUMNS)[number]) => ({
  set: (value: string) => void (rows[row - 1]![COLUMNS.indexOf(column)] = value),
});

describe("spreadsheet round trip", () => {
  const exported = sheetCsv(questionSheet(shop));

  it("exports one row per listing and question, with a byte order mark and CRLF", async () => {
    expect(exported.startsWith("\uFEFFlisting_id,title,state,question_id,type,question")).toBe(true);
    expect(exported.endsWith("\r\n")).toBe(true);
    expect(Papa.parse(exported.trim()).data).toHaveLength(1 + 2 + 1 + 1);
  });

  it.each([
    ["as exported (BOM, CRLF)", exported],
    ["without the BOM, with LF", exported.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n")],
    ["with CRLF inside cells too", exported.replace(/\r\n/g, "\n").replace(/\n/g, "\r\n")],
  ])("an unedited file %s gives a plan with 0 changes", async (_, text) => {
    const result = await importCsv(text);
    expect(result).toMatchObject({ ok: true, unchanged: 3 });
    if (result.ok) expect(result.targets.size).toBe(0);
  });

  it("three edited cells become exactly three field changes, ids and prices kept", async () => {
    const text = edit(exported, (rows) => {
      cell(rows, 2, "instructions").set("Print clearly");
      cell(rows, 3, "options").set("Red, dark\nGreen");
      cell(rows, 5, "required").set("no");
    });
    const result = await importCsv(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const plan = planOfTargets(shop, new Map([...result.targets].map(([id, after]) => [id, { after }])), "multi");
    expect(plan.flatMap((item) => diffLines(item.diff).map((line) => [item.listingId, line]))).toEqual([
      [101, "“Name” Instructions: “Up to 2 names, e.g. Ana, Bo” → “Print clearly”"],
      [101, '“Colour” Choices: Red, dark, Blue "sky" → Red, dark, Green'],
      [103, "“Photos” Required: Yes → No"],
    ]);
    const mug = result.targets.get(101)!;
    expect(mug[0]).toEqual({ ...shop[0]!.questions[0], instructions: "Print clearly" });
    expect(mug[1]).toMatchObject({ options: ["Red, dark", "Green"], optionIds: [21, null] });
  });

  it("refuses a bad cell with its row, column and reason", async () => {
    const text = edit(exported, (rows) => {
      cell(rows, 2, "limit").set("2000");
      cell(rows, 3, "required").set("maybe");
      cell(rows, 2, "add_on_price").set("3.999");
    });
    const result = await importCsv(text);
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

  it("gives a bad cell one reason, not its own and the schema's", async () => {
    const result = await importCsv(edit(exported, (rows) => cell(rows, 2, "limit").set("lots")));
    expect(result).toEqual({ ok: false, errors: [{ row: 2, column: "limit", reason: "Enter a whole number." }] });
  });

  it("refuses a listing that is not in the shop and a header row that lost a column", async () => {
    const foreign = edit(exported, (rows) => cell(rows, 4, "listing_id").set("999"));
    const rows = await questionRowsOf(whole(await csvSheet(foreign)));
    expect(rows.ok && foreignRows(rows.value, new Set(byId.keys()))).toMatchObject([{ row: 4, column: "listing_id" }]);
    expect(await importCsv(foreign)).toMatchObject({ ok: false, errors: [{ row: 4, column: "listing_id" }] });
    const headless = exported.replace("add_on_price", "price");
    expect(await importCsv(headless)).toMatchObject({ ok: false, errors: [{ row: 1, column: "add_on_price" }] });
  });
});

describe("the questions as an Excel workbook", () => {
  it("holds the CSV export's header and cells, every cell as text", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await sheetWorkbook(questionSheet(shop))).buffer);
    const sheet = workbook.getWorksheet("Questions")!;
    const cells: string[][] = [];
    sheet.eachRow((row) => {
      cells.push(Array.from({ length: sheet.columnCount }, (_, index) => String(row.getCell(index + 1).value ?? "")));
    });
    const csv = Papa.parse<string[]>(sheetCsv(questionSheet(shop)).replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(cells).toEqual(csv);
    expect(cells[1]).toContain("3.50");
    expect(sheet.getRow(2).getCell(1).value).toBe("101");
  });
});

describe("a spreadsheet that keeps its promise and cannot hurt", () => {
  const risky: ListingQuestions[] = [
    {
      listingId: 201,
      title: '=HYPERLINK("https://evil.example","Mug")',
      state: "active",
      currencyCode: "USD",
      lastModified: 1,
      questions: [
        storedQuestion({
          question_id: 11,
          question_type: "text_input",
          question_text: "Name",
          instructions: "Print clearly",
          max_allowed_characters: 30,
          add_on_price: { amount: 250, divisor: 100, currency_code: "USD" },
        }),
        storedQuestion({
          question_id: 12,
          question_type: "dropdown",
          question_text: "Colour",
          options: [
            { option_id: 121, label: "Red" },
            { option_id: 122, label: "Blue\rsky" },
            { option_id: 123, label: "Green" },
          ],
        }),
      ],
    },
    {
      // Written by another app: the marketplace took what the dashboard's own rules refuse.
      listingId: 202,
      title: "Legacy frame",
      state: "active",
      currencyCode: "USD",
      lastModified: 2,
      questions: [
        storedQuestion({
          question_id: 21,
          question_type: "text_input",
          question_text: "+Name",
          instructions: `- one name per line ${"x".repeat(300)}`,
          max_allowed_characters: 30,
        }),
        storedQuestion({
          question_id: 22,
          question_type: "dropdown",
          question_text: "Size",
          options: [
            { option_id: 221, label: "@Small" },
            { option_id: 222, label: "\tLarge" },
          ],
        }),
      ],
    },
    { listingId: 203, title: "@home sign", state: "draft", currencyCode: "USD", lastModified: 3, questions: [] },
  ];
  const riskyById = new Map(risky.map((listing) => [listing.listingId, listing]));
  const exported = sheetCsv(questionSheet(risky));
  const parsed = () => Papa.parse<string[]>(exported.replace(/^\uFEFF/, "")).data;

  it("starts every formula-like cell of the CSV export with an apostrophe", () => {
    const cells = parsed().flat();
    expect(cells.filter((text) => /^[=+\-@\t\r]/.test(text))).toEqual([]);
    expect(cells).toContain(`'${risky[0]!.title}`);
    expect(cells).toContain("'+Name");
    expect(cells).toContain(`'- one name per line ${"x".repeat(300)}`);
    expect(cells).toContain("'@Small\n\tLarge");
    expect(cells).toContain("'@home sign");
  });

  it("re-imports the unchanged export as no change, a carriage return in a choice and a rule already broken included", async () => {
    const result = await importCsv(exported, riskyById);
    expect(result).toMatchObject({ ok: true, unchanged: 2 });
    if (!result.ok) return;
    expect(result.targets.size).toBe(0);
    expect(result.warnings).toEqual([
      {
        listingId: 202,
        title: "Legacy frame",
        reason: expect.stringMatching(
          /^“\+Name”, question: Start the title with a letter or a digit\. .*120 characters/,
        ),
      },
    ]);
  });

  it("keeps a choice's carriage return when another cell of its row changes", async () => {
    const text = edit(exported, (rows) => cell(rows, 3, "required").set("yes"));
    const result = await importCsv(text, riskyById);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.targets.get(201)?.[1]).toEqual({ ...risky[0]!.questions[1], required: true });
  });

  it("judges a row the seller changed, and refuses it when it breaks a rule", async () => {
    const text = edit(exported, (rows) => cell(rows, 2, "instructions").set("y".repeat(300)));
    expect(await importCsv(text, riskyById)).toEqual({
      ok: false,
      errors: [{ row: 2, column: "instructions", reason: "Use at most 120 characters." }],
    });
  });

  it("refuses invisible and direction-changing characters in a cell the seller wrote", async () => {
    const text = edit(exported, (rows) => cell(rows, 2, "instructions").set("Name \u202Eevil"));
    const result = await importCsv(text, riskyById);
    expect(result).toMatchObject({ ok: false, errors: [{ row: 2, column: "instructions" }] });
    if (!result.ok) expect(result.errors[0]!.reason).toContain("U+202E RIGHT-TO-LEFT OVERRIDE");
  });

  it("reports an unclosed quote with its row instead of reading the rows after it into one cell", async () => {
    const lines = exported.replace(/^\uFEFF/, "").split("\r\n");
    // The last quote of the file opens the Size question's title: every row after it would fall into that cell.
    const broken = lines.map((line) => line.replace(",Size,", ',"Size,')).join("\r\n");
    expect(await importCsv(broken, riskyById)).toEqual({
      ok: false,
      errors: [{ row: 5, column: "", reason: expect.stringContaining('A quote (") in this row') }],
    });
    const last = lines.map((line) => line.replace(",'@home sign,", ",\"'@home sign,")).join("\r\n");
    expect(await importCsv(`${last}204,Card,draft,,,,,,,,,\r\n`, riskyById)).toEqual({
      ok: false,
      errors: [{ row: 6, column: "", reason: expect.stringContaining("is never closed") }],
    });
  });

  it("refuses ids a spreadsheet program rounded, saying what happened and how to avoid it", async () => {
    const text = edit(exported, (rows) => {
      cell(rows, 2, "question_id").set("1.1E+1");
      cell(rows, 6, "listing_id").set("2.03E+2");
    });
    const result = await importCsv(text, riskyById);
    expect(result).toMatchObject({
      ok: false,
      errors: [
        { row: 2, column: "question_id", reason: expect.stringContaining("as Excel does") },
        { row: 6, column: "listing_id", reason: expect.stringContaining("Export again and edit the Excel file") },
      ],
    });
  });

  it("reads a file as a spreadsheet program saves it (semicolons, 3.5 for 3.50, TRUE for yes) as unchanged", async () => {
    const rows = parsed().filter((row) => row.length > 1);
    rows[1]![COLUMNS.indexOf("add_on_price")] = "2.5";
    rows[2]![COLUMNS.indexOf("required")] = "FALSE";
    const result = await importCsv(Papa.unparse(rows, { delimiter: ";" }), riskyById);
    expect(result).toMatchObject({ ok: true, unchanged: 2, warnings: [{ listingId: 202 }] });
  });

  it("reads the delimiter from the header row, so a choice such as “||” never splits a row", async () => {
    const choices: ListingQuestions = {
      listingId: 203,
      title: "Sign",
      state: "active",
      currencyCode: "USD",
      lastModified: 1,
      questions: [
        storedQuestion({
          question_id: 31,
          question_type: "dropdown",
          question_text: "Style",
          options: [
            { option_id: 311, label: "Plain" },
            { option_id: 312, label: "||" },
          ],
        }),
      ],
    };
    const listings = new Map([[203, choices]]);
    const file = sheetCsv(questionSheet([choices]));
    expect(await importCsv(file, listings)).toMatchObject({ ok: true, unchanged: 1, warnings: [] });
    const rows = Papa.parse<string[]>(file.replace(/^\uFEFF/, ""), { delimiter: ",", skipEmptyLines: true }).data;
    expect(await importCsv(Papa.unparse(rows, { delimiter: "\t" }), listings)).toMatchObject({
      ok: true,
      unchanged: 1,
    });
  });

  it("answers 200,000 rows for one listing with one sentence, at the row past the limit", async () => {
    const row = `201,Mug,active,,text_input,Name,,no,30,,,\r\n`;
    const text = `${COLUMNS.join(",")}\r\n${row.repeat(200_000)}`;
    const result = await importCsv(text, riskyById);
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          row: 7,
          column: "listing_id",
          reason:
            "Listing 201 has more than 5 rows, and a listing asks at most 5 questions, one row each: remove the rows it does not need.",
        },
      ],
    });
  });

  it("answers an Excel file of 200,000 rows for one listing with the same sentence", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Questions");
    sheet.addRow([...COLUMNS]);
    for (let row = 0; row < 200_000; row++) sheet.addRow(["201"]);
    const read = await workbookSheet(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(await importSheet(read, riskyById)).toMatchObject({
      ok: false,
      errors: [{ row: 7, column: "listing_id", reason: expect.stringContaining("Listing 201 has more than 5 rows") }],
    });
  });

  it("stops reading a CSV or an Excel file at the rows the shop can hold, and says so", async () => {
    const text = `${COLUMNS.join(",")}\r\n${"201,,,,,,,,,,,\r\n".repeat(50)}`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Questions");
    sheet.addRow([...COLUMNS]);
    for (let row = 0; row < 50; row++) sheet.addRow(["201"]);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    for (const bytes of [new TextEncoder().encode(text), xlsx]) {
      expect(await sheetOfFile(bytes, 10)).toEqual({
        ok: false,
        status: 422,
        error:
          "This file has more than 10 rows, more than your shop's listings can hold as questions (one row each): nothing was planned. Export your questions again and edit that file.",
      });
      const whole = await sheetOfFile(bytes, 50);
      expect(whole.ok && whole.sheet.rows).toHaveLength(51);
    }
  });

  it("counts an Excel file's empty rows and a CSV file's blank lines towards the rows the shop can hold", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Questions");
    sheet.addRow([...COLUMNS]);
    // Rows of empty text and rows holding only a height: both are rows the file declares, and neither has a value.
    for (let row = 0; row < 6; row++) sheet.addRow([""]);
    for (let row = 0; row < 6; row++) sheet.addRow([null]).height = 20;
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const csv = new TextEncoder().encode(`${COLUMNS.join(",")}\r\n${"\r\n".repeat(12)}`);
    for (const bytes of [xlsx, csv])
      expect(await sheetOfFile(bytes, 10)).toEqual({
        ok: false,
        status: 422,
        error:
          "This file has more than 10 rows, more than your shop's listings can hold as questions (one row each): nothing was planned. Export your questions again and edit that file.",
      });
    const exported = new TextEncoder().encode(`${COLUMNS.join(",")}\r\n${"201,,,,,,,,,,,\r\n".repeat(10)}`);
    expect(await sheetOfFile(exported, 10)).toMatchObject({ ok: true });
  });

  it("imports the exported Excel workbook, and an unchanged one changes nothing", async () => {
    const sheet = await workbookSheet(await sheetWorkbook(questionSheet(risky)));
    expect(sheet).not.toBeNull();
    expect(await importSheet(sheet, riskyById)).toMatchObject({
      ok: true,
      unchanged: 2,
      warnings: [{ listingId: 202 }],
    });
  });
});
