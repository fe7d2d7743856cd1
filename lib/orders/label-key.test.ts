import { describe, expect, it } from "vitest";
import { labelKeys, LABEL_LINES, LABEL_WIDTH } from "./label-key";
import { pickList, pickWords } from "./pick-list";
import type { SheetListing, SheetRow } from "./production-sheet";

const row = (receiptId: number, transactionId: number, answer: string, quantity = 1): SheetRow => ({
  receiptId,
  transactionId,
  buyerName: "B",
  quantity,
  orderedAt: 0,
  shipBy: 0,
  answer,
  check: "",
});

const question = (type: string, rows: SheetRow[]) => ({
  key: type,
  questionId: 1,
  title: type,
  titleToday: undefined,
  type,
  totals: null,
  rows,
});

const SHEET: SheetListing[] = [
  {
    listingId: 5,
    title: "Name necklace",
    questions: [
      question("dropdown", [
        row(1, 11, "Gold", 2),
        row(2, 21, "Silver"),
        row(3, 31, "Gold", 11),
        row(2, 22, "Silver", 4),
      ]),
      question("text_input", [
        row(1, 11, "  Maximilian-Alexander-Ferdinand von Habsburg", 2),
        row(2, 21, ""),
        row(3, 31, "Zoë", 11),
      ]),
    ],
  },
  { listingId: 7, title: "Sign", questions: [question("text_input", [row(4, 41, "Ada & Tom")])] },
];

describe("a parcel's label key", () => {
  it("says the order, its items and its first answer's first word, at most 3 lines of 26 characters", () => {
    const keys = labelKeys(SHEET);
    expect(keys.get(1)).toBe("Order 1\n2 items\nMaximilian-Alexander-Ferd…");
    expect(keys.get(2)).toBe("Order 2\n5 items");
    expect(keys.get(4)).toBe("Order 4\n1 item\nAda");
    for (const key of keys.values()) {
      const lines = key.split("\n");
      expect(lines.length).toBeLessThanOrEqual(LABEL_LINES);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(LABEL_WIDTH);
    }
  });
});

describe("the pick list", () => {
  it("groups a listing's items by the choices they were bought with, in items, the most first", () => {
    const list = pickList(SHEET);
    expect(list.map((listing) => [listing.title, listing.items, pickWords(listing)])).toEqual([
      ["Name necklace", 18, "Gold ×13, Silver ×5"],
      ["Sign", 1, "No choice asked ×1"],
    ]);
  });
});
