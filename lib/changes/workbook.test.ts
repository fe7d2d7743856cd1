import ExcelJS from "exceljs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { exportQuestions } from "./spreadsheet";
import type { ListingQuestions } from "./stored-question";
import { exportQuestionsWorkbook } from "./workbook";

const shop: ListingQuestions[] = [
  {
    listingId: 2000000001,
    title: "Mug",
    state: "active",
    currencyCode: "EUR",
    lastModified: 5,
    questions: [
      {
        question_id: 1,
        question_type: "text_input",
        question_text: "Name",
        instructions: "Up to 2 names",
        required: false,
        max_allowed_characters: 30,
        max_allowed_files: null,
        options: null,
        add_on_price: { amount: 250, divisor: 100, currency_code: "EUR" },
      },
      {
        question_id: 2,
        question_type: "dropdown",
        question_text: "Colour",
        instructions: null,
        required: true,
        max_allowed_characters: null,
        max_allowed_files: null,
        options: [
          { option_id: 21, label: "Red" },
          { option_id: 22, label: "Blue" },
        ],
        add_on_price: null,
      },
    ],
  },
  { listingId: 2000000002, title: "Card", state: "draft", currencyCode: "EUR", lastModified: 6, questions: [] },
];

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
    expect(cells[1]).toContain("2.50");
    expect(sheet.getRow(2).getCell(1).value).toBe("2000000001");
  });
});
