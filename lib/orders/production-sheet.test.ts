import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import ExcelJS from "exceljs";
import type { AnsweredOrder, AnsweredQuestion } from "./asked-questions";
import { restoredCell } from "../spreadsheet/safe-cell";
import { sheetCsv, sheetWorkbook } from "../spreadsheet/sheet-export";
import { itemsToMark, productionSheet, productionSheetTable, sheetCounts } from "./production-sheet";
import { queueItems, type QueueFilter } from "./queue/queue-rows";
import type { QueueRow, QueueState } from "./queue/states";

const USD = { amount: 1800, divisor: 100, currencyCode: "USD" };
const DAY = 24 * 3600;
/** 2026-11-18 00:00 UTC. */
const T = 1_794_960_000;
const NOW = T + 12 * 3600;

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

type Placed = {
  quantity?: number;
  createdAt?: number;
  shipBy?: number | null;
  note?: string | null;
  paid?: boolean;
  shipped?: boolean;
};

const order = (
  receiptId: number,
  buyerName: string,
  listingId: number,
  title: string,
  questions: AnsweredQuestion[],
  { quantity = 2, createdAt = T, shipBy = null, note = null, paid = true, shipped = false }: Placed = {},
) =>
  ({
    receiptId,
    buyerName,
    messageFromBuyer: note,
    paid,
    shipped,
    createdAt,
    updatedAt: createdAt,
    flagged: 0,
    items: [{ transactionId: receiptId, listingId, title, quantity, price: USD, shipBy, answers: [], questions }],
  }) satisfies AnsweredOrder;

const row = (itemId: string, receiptId: number, more: Partial<QueueRow>): QueueRow => ({
  itemId,
  receiptId,
  transactionId: receiptId,
  remakeOf: null,
  reason: null,
  state: "to-make",
  review: null,
  note: null,
  createdAt: T,
  ...more,
});

const OPEN: QueueFilter = { due: null, openOnly: true, state: null };

const sheetOf = (
  orders: AnsweredOrder[],
  rows: QueueRow[] = [],
  state: QueueState = "to-make",
  { filter = OPEN, onHold = false } = {},
) => productionSheet(queueItems(orders, rows, filter, NOW).items, state, { onHold });

const printed = (sheet: ReturnType<typeof productionSheet>) =>
  sheet.listings.flatMap((listing) => listing.items.map((item) => item.receiptId));

const name = (value: string | undefined) => question(51, "Name", value);
const metal = (value: string) => question(52, "Metal", value, { type: "dropdown" });

describe("the production sheet", () => {
  it("prints the queue's items to make, by default: made, in review, not paid and shipped items are left off", () => {
    const orders = [
      order(61001, "To make", 5, "Name necklace", [name("Ada")]),
      order(61002, "Made", 5, "Name necklace", [name("Bo")]),
      order(61003, "In review", 5, "Name necklace", [name(undefined)]),
      {
        ...order(61004, "Not paid", 5, "Name necklace", [name("Cy")], { paid: false }),
        life: "payment-review" as const,
      },
      order(61005, "Shipped", 5, "Name necklace", [name("Di")], { shipped: true }),
    ];
    const made = row("61002", 61002, { state: "made" });
    const sheet = sheetOf(orders, [made]);
    expect(printed(sheet)).toEqual([61001]);
    expect([sheet.leftInReview, sheet.notPaid]).toEqual([1, 1]);
    expect(printed(sheetOf(orders, [made], "made"))).toEqual([61002]);

    // A second print after marking the first made holds none of it.
    expect(printed(sheetOf(orders, [made, row("61001", 61001, { state: "made" })]))).toEqual([]);

    const held = sheetOf(orders, [made], "to-make", { onHold: true });
    expect(held.listings[0]!.items.map((item) => [item.receiptId, item.onHold])).toEqual([
      [61001, false],
      [61003, true],
    ]);
    expect(held.leftInReview).toBe(0);
    expect(itemsToMark(held)).toEqual(["61001"]);
    expect(itemsToMark(sheetOf(orders, [made], "made"))).toEqual([]);
  });

  it("follows the queue's filter: due today, one listing, with a note", () => {
    const orders = [
      order(61010, "Due today", 5, "Name necklace", [name("Ada")], { shipBy: T + 3600 }),
      order(61011, "Due tomorrow", 5, "Name necklace", [name("Bo")], { shipBy: T + DAY + 3600 }),
      order(61012, "Other listing", 7, "Wedding sign", [question(71, "Names", "Al & Jo")], { shipBy: T + 3600 }),
    ];
    expect(printed(sheetOf(orders, [], "to-make", { filter: { ...OPEN, due: "today" } }))).toEqual([61010, 61012]);
    expect(printed(sheetOf(orders, [], "to-make", { filter: { ...OPEN, listingId: 5 } }))).toEqual([61010, 61011]);
    const noted = [...orders, order(61013, "Noted", 5, "Name necklace", [name("Cy")], { note: "Capitals please" })];
    const read = row("61013", 61013, { noteRead: true });
    const withNote = sheetOf(noted, [read], "to-make", { filter: { ...OPEN, hasNote: true } });
    expect(printed(withNote)).toEqual([61013]);
    expect(withNote.listings[0]!.items[0]!.buyerNote).toBe("Capitals please");
  });

  it("has one row per item with all its answers, by listing, the item due to ship first at the top", () => {
    const orders = [
      order(61020, "Newest", 5, "Name necklace", [name("Mia"), metal("Gold")], { createdAt: T }),
      order(61021, "Two weeks old", 5, "Name necklace", [name("Lily"), metal("Silver")], { createdAt: T - 14 * DAY }),
      order(61022, "Sign", 7, "Wedding sign", [question(71, "Names", "Al & Jo")]),
    ];
    const sheet = sheetOf(orders);
    expect(
      sheet.listings.map((listing) => [
        listing.title,
        listing.items.map((item) => [item.buyerName, item.answers.map((answer) => [answer.title, answer.value])]),
      ]),
    ).toEqual([
      [
        "Name necklace",
        [
          [
            "Two weeks old",
            [
              ["Name", "Lily"],
              ["Metal", "Silver"],
            ],
          ],
          [
            "Newest",
            [
              ["Name", "Mia"],
              ["Metal", "Gold"],
            ],
          ],
        ],
      ],
      ["Wedding sign", [["Sign", [["Names", "Al & Jo"]]]]],
    ]);
    expect(sheetCounts(sheet)).toEqual({ items: 3, orders: 3, pieces: 6 });
  });

  it("prints a correction noted in review in place of the flagged answer, marked corrected, without the old check", () => {
    const flagged = question(51, "Name", "Noha 🌸", {
      flags: [{ kind: "prints-badly", message: "May not print as shown: the emoji 🌸." }],
    });
    const corrected = row("61030", 61030, { review: "corrected", note: "Engrave Noah, no hidden mark" });
    const sheet = sheetOf([order(61030, "Jane", 5, "Name necklace", [flagged, metal("Gold")])], [corrected]);
    expect(sheet.listings[0]!.items[0]!.answers).toEqual([
      {
        title: "Name",
        type: "text_input",
        changed: "",
        value: "Engrave Noah, no hidden mark",
        corrected: true,
        checks: [],
      },
      { title: "Metal", type: "dropdown", changed: "", value: "Gold", corrected: false, checks: [] },
    ]);

    // Lifted into review by the buyer's note alone, the correction has no answer to stand in for: it comes last.
    const noted = order(61031, "Bo", 5, "Name necklace", [name("Bo")], { note: "Make it Bob" });
    const fromNote = row("61031", 61031, { review: "corrected", note: "Engrave Bob", noteRead: true });
    expect(sheetOf([noted], [fromNote]).listings[0]!.items[0]!.answers.map((answer) => answer.value)).toEqual([
      "Bo",
      "Engrave Bob",
    ]);
  });

  it("totals a dropdown's answers per choice in items, the unanswered last, and lists an upload's files, at the listing's head", () => {
    const colour = (value: string | undefined) => question(81, "Colour", value, { type: "dropdown", flags: [] });
    const photo = (value: string | undefined) => question(82, "Photo", value, { type: "unlabeled_upload", flags: [] });
    const sheet = sheetOf([
      order(61040, "A", 8, "Print", [colour("White"), photo("dog.jpg")], { quantity: 3 }),
      order(61041, "B", 8, "Print", [colour("Black"), photo(undefined)], { quantity: 1 }),
      order(61042, "C", 8, "Print", [colour("White"), photo("cat.png, cat-2.png")], { quantity: 10 }),
      order(61043, "D", 8, "Print", [colour(undefined), photo(undefined)], { quantity: 1 }),
    ]);
    expect(sheet.listings[0]!.totals).toEqual([
      {
        title: "Colour",
        kind: "choices",
        choices: [
          { answer: "White", items: 13 },
          { answer: "Black", items: 1 },
          { answer: "No answer", items: 1 },
        ],
      },
      {
        title: "Photo",
        kind: "files",
        files: [
          { name: "dog.jpg", receiptId: 61040 },
          { name: "cat.png", receiptId: 61042 },
          { name: "cat-2.png", receiptId: 61042 },
        ],
      },
    ]);
  });

  it("says what became of a question reworded or removed since the buyer answered it", () => {
    const sheet = sheetOf([
      order(61050, "Before", 5, "Name necklace", [
        question(51, "Name", "Ada", { titleToday: "Name to engrave" }),
        question(53, "Gift note", "Hi", { titleToday: null }),
      ]),
    ]);
    expect(sheet.listings[0]!.items[0]!.answers.map((answer) => [answer.title, answer.changed])).toEqual([
      ["Name", "question since renamed to “Name to engrave”"],
      ["Gift note", "question since removed"],
    ]);
  });

  it("writes the same rows as CSV and Excel, one per item with a column per question; a CSV cell that begins with = + - @ is neutralised, an Excel cell is text as typed", async () => {
    const sheet = sheetOf(
      [
        order(61060, "Ravi Patel", 7, "Wedding sign", [question(71, "Names", '=HYPERLINK("http://evil.example")')]),
        order(61061, "Jane Doe", 5, "Name necklace", [name("Ada"), metal("Gold")], { note: "Gift wrap" }),
        order(61062, "Yuki Sato", 5, "Name necklace", [name("+Zoë"), metal("Silver")]),
      ],
      [row("61061", 61061, { noteRead: true })],
    );
    const csv = Papa.parse<string[]>(sheetCsv(productionSheetTable(sheet)).replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(csv[0]).toEqual([
      ...["listing_id", "listing", "order", "item", "buyer", "quantity", "ordered", "ship_by", "status"],
      ...["corrected", "check", "buyer_note", "answer: Name", "answer: Metal", "answer: Names", "label_key"],
    ]);
    const fixed = ["2", "2026-11-18", "2026-11-18", "To make", "", ""];
    expect(csv.slice(1)).toEqual([
      [
        "5",
        "Name necklace",
        "61061",
        "61061",
        "Jane Doe",
        ...fixed,
        "Gift wrap",
        "Ada",
        "Gold",
        "",
        "Order 61061\n2 items\nAda",
      ],
      [
        "5",
        "Name necklace",
        "61062",
        "61062",
        "Yuki Sato",
        ...fixed,
        "",
        "'+Zoë",
        "Silver",
        "",
        "Order 61062\n2 items\n+Zoë",
      ],
      [
        ...[
          "7",
          "Wedding sign",
          "61060",
          "61060",
          "Ravi Patel",
          ...fixed,
          "",
          "",
          "",
          `'=HYPERLINK("http://evil.example")`,
        ],
        'Order 61060\n2 items\n=HYPERLINK("http://evil.e…',
      ],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await sheetWorkbook(productionSheetTable(sheet))).buffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((cells) =>
      rows.push((cells.values as unknown[]).slice(1).map((value) => (value === undefined ? "" : String(value)))),
    );
    expect(rows.map((cells) => [...cells, ...Array(csv[0]!.length - cells.length).fill("")])).toEqual(
      csv.map((cells) => cells.map(restoredCell)),
    );
    const answer = workbook.worksheets[0]!.getCell("O4");
    expect([answer.value, answer.type, answer.numFmt]).toEqual([
      '=HYPERLINK("http://evil.example")',
      ExcelJS.ValueType.String,
      "@",
    ]);
  });
});
