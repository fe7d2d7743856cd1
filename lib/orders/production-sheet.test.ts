import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import ExcelJS from "exceljs";
import type { AnsweredOrder, AnsweredQuestion } from "./asked-questions";
import { restoredCell } from "../spreadsheet/safe-cell";
import { sheetCsv, sheetWorkbook } from "../spreadsheet/sheet-export";
import { productionSheet, productionSheetTable, sheetCounts, SHEET_COLUMNS } from "./production-sheet";

const USD = { amount: 1800, divisor: 100, currencyCode: "USD" };
const DAY = 24 * 3600;
/** 2026-11-18 00:00 UTC. */
const T = 1_794_960_000;

const question = (
  questionId: number,
  title: string,
  value: string | undefined,
  more: Partial<AnsweredQuestion> = {},
): AnsweredQuestion => ({
  questionId,
  title,
  instructions: "",
  type: "text_input",
  titleToday: undefined,
  answer: value === undefined ? undefined : { questionId, name: title, value, optionId: null },
  addOnPaid: null,
  flags: value === undefined ? [{ kind: "required-missing", message: "Required, but not answered." }] : [],
  ...more,
});

type Placed = { quantity?: number; createdAt?: number; shipBy?: number | null };

const order = (
  receiptId: number,
  buyerName: string,
  listingId: number,
  title: string,
  questions: AnsweredQuestion[],
  { quantity = 2, createdAt = T, shipBy = null }: Placed = {},
) =>
  ({
    receiptId,
    buyerName,
    messageFromBuyer: null,
    paid: true,
    shipped: false,
    createdAt,
    updatedAt: createdAt,
    flagged: 0,
    items: [{ transactionId: receiptId, listingId, title, quantity, price: USD, shipBy, answers: [], questions }],
  }) satisfies AnsweredOrder;

const ORDERS = [
  order(61002, "Ravi Patel", 7, "Wedding sign", [question(71, "Names", '=HYPERLINK("http://evil.example")')]),
  order(61001, "Jane Doe", 5, "Name necklace", [question(51, "Name", "Ada"), question(52, "Font", undefined)]),
  order(61003, "Yuki Sato", 5, "Name necklace", [question(51, "Name", "+Zoë")]),
];

const answersOf = (orders: AnsweredOrder[]) =>
  productionSheet(orders).map((listing) => [
    listing.title,
    listing.questions.map((group) => [group.title, group.rows.map((row) => [row.receiptId, row.answer])]),
  ]);

describe("the production sheet", () => {
  it("groups the answers by listing, then by question, one row per item", () => {
    expect(answersOf(ORDERS)).toEqual([
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

  it("puts the item due to ship first at the top: by ship-by date, then by order date", () => {
    const orders = [
      order(61010, "Newest", 5, "Name necklace", [question(51, "Name", "Mia")], { createdAt: T }),
      // Ordered two weeks ago with no ship-by date from the marketplace: due since its order date.
      order(61011, "Two weeks old", 5, "Name necklace", [question(51, "Name", "Lily")], { createdAt: T - 14 * DAY }),
      order(61012, "Due tomorrow", 5, "Name necklace", [question(51, "Name", "Oli")], {
        createdAt: T - 2 * DAY,
        shipBy: T + DAY,
      }),
      order(61013, "Same day, ordered later", 5, "Name necklace", [question(51, "Name", "Ada")], {
        createdAt: T - DAY,
        shipBy: T + DAY,
      }),
    ];
    expect(productionSheet(orders)[0]!.questions[0]!.rows.map((row) => [row.buyerName, row.shipBy])).toEqual([
      ["Two weeks old", T - 14 * DAY],
      ["Newest", T],
      ["Due tomorrow", T + DAY],
      ["Same day, ordered later", T + DAY],
    ]);
  });

  it("totals a dropdown's answers per choice in items, the unanswered last, and lists an upload's files", () => {
    const colour = (value: string | undefined) => question(81, "Colour", value, { type: "dropdown", flags: [] });
    const photo = (value: string | undefined) => question(82, "Photo", value, { type: "unlabeled_upload", flags: [] });
    const sheet = productionSheet([
      order(61020, "A", 8, "Print", [colour("White"), photo("dog.jpg")], { quantity: 3 }),
      order(61021, "B", 8, "Print", [colour("Black"), photo(undefined)], { quantity: 1 }),
      order(61022, "C", 8, "Print", [colour("White"), photo("cat.png, cat-2.png")], { quantity: 10 }),
      order(61023, "D", 8, "Print", [colour(undefined), photo(undefined)], { quantity: 1 }),
    ]);
    expect(sheet[0]!.questions.map((group) => group.totals)).toEqual([
      {
        kind: "choices",
        choices: [
          { answer: "White", items: 13 },
          { answer: "Black", items: 1 },
          { answer: "No answer", items: 1 },
        ],
      },
      {
        kind: "files",
        files: [
          { name: "dog.jpg", receiptId: 61020 },
          { name: "cat.png", receiptId: 61022 },
          { name: "cat-2.png", receiptId: 61022 },
        ],
      },
    ]);
    expect(productionSheet(ORDERS)[0]!.questions[0]!.totals).toBeNull();
  });

  it("files an answer under the buyer's wording, apart from the answers to today's, and says what it became", () => {
    const sheet = productionSheet([
      order(61030, "Before", 5, "Name necklace", [question(51, "Name", "Ada", { titleToday: "Name to engrave" })], {
        createdAt: T - DAY,
      }),
      order(61031, "After", 5, "Name necklace", [question(51, "Name to engrave", "Bo")]),
      order(61032, "Gone", 5, "Name necklace", [question(53, "Gift note", "Hi", { titleToday: null })]),
    ]);
    expect(sheet[0]!.questions.map((group) => [group.title, group.titleToday, group.rows.length])).toEqual([
      ["Name", "Name to engrave", 1],
      ["Name to engrave", undefined, 1],
      ["Gift note", null, 1],
    ]);
    const csv = Papa.parse<Record<string, string>>(sheetCsv(productionSheetTable(sheet)).replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(csv.map((row) => [row.question, row.answer, row.question_changed])).toEqual([
      ["Name", "Ada", "question since renamed to “Name to engrave”"],
      ["Name to engrave", "Bo", ""],
      ["Gift note", "Hi", "question since removed"],
    ]);
  });

  it("counts the items to make by quantity, and the orders they belong to", () => {
    expect(sheetCounts(productionSheet(ORDERS))).toEqual({ items: 6, orders: 3 });
    expect(sheetCounts([])).toEqual({ items: 0, orders: 0 });
  });

  it("writes the same rows as CSV and Excel, new columns at the end; a CSV cell that begins with = + - @ is neutralised, an Excel cell is text as typed", async () => {
    const sheet = productionSheet(ORDERS);
    const csv = Papa.parse<string[]>(sheetCsv(productionSheetTable(sheet)).replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(csv[0]).toEqual([
      ...["listing_id", "listing", "question_id", "question", "order", "buyer", "quantity", "answer", "check"],
      ...["ordered", "ship_by", "question_changed", "label_key"],
    ]);
    const dates = ["2026-11-18", "2026-11-18", ""];
    expect(csv.slice(1)).toEqual([
      ["5", "Name necklace", "51", "Name", "61001", "Jane Doe", "2", "Ada", "", ...dates, "Order 61001\n2 items\nAda"],
      [
        "5",
        "Name necklace",
        "51",
        "Name",
        "61003",
        "Yuki Sato",
        "2",
        "'+Zoë",
        "",
        ...dates,
        "Order 61003\n2 items\n+Zoë",
      ],
      [
        ...["5", "Name necklace", "52", "Font", "61001", "Jane Doe", "2", "", "Required, but not answered."],
        ...dates,
        "Order 61001\n2 items\nAda",
      ],
      [
        "7",
        "Wedding sign",
        "71",
        "Names",
        "61002",
        "Ravi Patel",
        "2",
        `'=HYPERLINK("http://evil.example")`,
        "",
        ...dates,
        'Order 61002\n2 items\n=HYPERLINK("http://evil.e…',
      ],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await sheetWorkbook(productionSheetTable(sheet))).buffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((value) => (value === undefined ? "" : String(value)))),
    );
    expect(rows.map((row) => [...row, ...Array(SHEET_COLUMNS.length - row.length).fill("")])).toEqual(
      csv.map((row) => row.map(restoredCell)),
    );
    const answer = workbook.worksheets[0]!.getCell("H5");
    expect([answer.value, answer.type, answer.numFmt]).toEqual([
      '=HYPERLINK("http://evil.example")',
      ExcelJS.ValueType.String,
      "@",
    ]);
  });
});
