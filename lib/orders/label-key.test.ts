import { describe, expect, it } from "vitest";
import { labelKeys, LABEL_LINES, LABEL_WIDTH } from "./label-key";
import { pickList, pickWords } from "./pick-list";
import type { SheetAnswer, SheetItem, SheetListing } from "./production-sheet";

const answer = (type: string, value: string): SheetAnswer => ({
  title: type,
  type,
  changed: "",
  value,
  corrected: false,
  checks: [],
});

const item = (receiptId: number, itemId: string, quantity: number, answers: SheetAnswer[]): SheetItem => ({
  itemId,
  receiptId,
  buyerName: "B",
  quantity,
  orderedAt: 0,
  shipBy: 0,
  remakeOf: null,
  state: "to-make",
  onHold: false,
  answers,
  buyerNote: null,
  proof: false,
});

const necklace = (metal: string, name: string) => [answer("dropdown", metal), answer("text_input", name)];

const LISTINGS: SheetListing[] = [
  {
    listingId: 5,
    title: "Name necklace",
    totals: [],
    items: [
      item(1, "11", 2, necklace("Gold", "  Maximilian-Alexander-Ferdinand von Habsburg")),
      item(2, "21", 1, necklace("Silver", "")),
      item(3, "31", 11, necklace("Gold", "Zoë")),
      item(2, "22", 4, necklace("Silver", "")),
    ],
  },
  { listingId: 7, title: "Sign", totals: [], items: [item(4, "41", 1, [answer("text_input", "Ada & Tom")])] },
];

describe("a parcel's label key", () => {
  it("says the order, its items and its first answer's first word, at most 3 lines of 26 characters", () => {
    const keys = labelKeys({ listings: LISTINGS });
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
    expect(pickList(LISTINGS).map((listing) => [listing.title, listing.items, pickWords(listing)])).toEqual([
      ["Name necklace", 18, "Gold ×13, Silver ×5"],
      ["Sign", 1, "No choice asked ×1"],
    ]);
  });
});
