import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import ExcelJS from "exceljs";
import type { AnsweredOrder, AnsweredQuestion } from "./asked-questions";
import { productionSheet, sheetCsv, sheetWorkbook, SHEET_COLUMNS } from "./production-sheet";

const USD = { amount: 1800, divisor: 100, currencyCode: "USD" };

const question = (questionId: number, title: string, value: string | undefined): AnsweredQuestion => ({
  questionId,
  title,
  instructions: "",
  type: "text_input",
  titleToday: undefined,
  answer: value === undefined ? undefined : { questionId, name: title, value, optionId: null },
  addOnPaid: null,
  flags: value === undefined ? [{ kind: "required-missing", message: "Required, but not answered." }] : [],
});

const order = (receiptId: number, buyerName: string, listingId: number, title: string, questions: AnsweredQuestion[]) =>
  ({
    receiptId,
    buyerName,
    messageFromBuyer: null,
    paid: true,
    shipped: false,
    createdAt: 1_795_000_000,
    updatedAt: 1_795_000_000,
    flagged: 0,
    items: [
      { transactionId: receiptId, listingId, title, quantity: 2, price: USD, shipBy: null, answers: [], questions },
    ],
  }) satisfies AnsweredOrder;

const ORDERS = [
  order(61002, "Ravi Patel", 7, "Wedding sign", [question(71, "Names", '=HYPERLINK("http://evil.example")')]),
  order(61001, "Jane Doe", 5, "Name necklace", [question(51, "Name", "Ada"), question(52, "Font", undefined)]),
  order(61003, "Yuki Sato", 5, "Name necklace", [question(51, "Name", "+Zoë")]),
];

describe("the production sheet", () => {
  it("groups the answers by listing, then by question, one row per item", () => {
    expect(
      productionSheet(ORDERS).map((listing) => [
        listing.title,
        listing.questions.map((group) => [group.title, group.rows.map((row) => [row.receiptId, row.answer])]),
      ]),
    ).toEqual([
      [
        "Name necklace",
        [
          [
            "Name",
            [
              [61001, "Ada"],
              [61003, "+Zoë"],
            ],
          ],
          ["Font", [[61001, ""]]],
        ],
      ],
      ["Wedding sign", [["Names", [[61002, '=HYPERLINK("http://evil.example")']]]]],
    ]);
  });

  it("writes the same rows as CSV and Excel, neutralising cells that begin with = + - @", async () => {
    const sheet = productionSheet(ORDERS);
    const csv = Papa.parse<string[]>(sheetCsv(sheet).replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(csv[0]).toEqual([...SHEET_COLUMNS]);
    expect(csv.slice(1)).toEqual([
      ["5", "Name necklace", "51", "Name", "61001", "Jane Doe", "2", "Ada", ""],
      ["5", "Name necklace", "51", "Name", "61003", "Yuki Sato", "2", "'+Zoë", ""],
      ["5", "Name necklace", "52", "Font", "61001", "Jane Doe", "2", "", "Required, but not answered."],
      ["7", "Wedding sign", "71", "Names", "61002", "Ravi Patel", "2", `'=HYPERLINK("http://evil.example")`, ""],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await sheetWorkbook(sheet)).buffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((value) => (value === undefined ? "" : String(value)))),
    );
    expect(rows.map((row) => [...row, ...Array(SHEET_COLUMNS.length - row.length).fill("")])).toEqual(csv);
  });
});
