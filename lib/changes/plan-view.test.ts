import { describe, expect, it } from "vitest";
import type { Question } from "../marketplace/wire";
import { questionDiff } from "../personalization/question-diff";
import { lossSummary, selectionOfRows } from "./plan-view";

const text = (id: number | undefined, price: number | null): Question => ({
  ...(id !== undefined && { id }),
  type: "text_input",
  title: "Personalization",
  instructions: "Name to engrave",
  required: false,
  maxAllowedCharacters: 20,
  addOnPrice: price === null ? null : { amount: price, divisor: 100, currencyCode: "USD" },
});
const named = (question: Question): Question => ({ ...question, title: "Name" });
const item = (before: Question[], after: Question[]) => ({
  status: "change" as const,
  diff: questionDiff(before, after),
});

describe("lossSummary", () => {
  it("leads a replace with the listings that already ask something and the prices they lose", () => {
    const items = [
      item([text(1, 500)], [named(text(undefined, null))]),
      ...[2, 3, 4, 5, 6].map((id) => item([text(id, null)], [named(text(undefined, null))])),
      item([], [named(text(undefined, null))]),
    ];
    expect(lossSummary(items)).toBe("6 listings already ask something; Replace removes it, one with a $5.00 price.");
  });

  it("says nothing when no listing loses a question", () => {
    expect(lossSummary([item([text(1, 500)], [text(1, 350)]), item([], [text(undefined, null)])])).toBeNull();
  });

  it("names a removal without a replacement as this change", () => {
    expect(lossSummary([item([text(1, 500)], []), item([text(2, 250)], [])])).toBe(
      "2 listings already ask something; this change removes it, 2 with an add-on price ($5.00, $2.50).",
    );
  });
});

describe("an undo's warning", () => {
  it("says the undo takes off what the change added, not that it removes what listings ask", () => {
    const added = named(text(9, 400));
    expect(lossSummary([item([added], []), item([text(1, null), added], [text(1, null)])], true)).toBe(
      "The undo takes off the questions the change added to 2 listings, 2 with a $4.00 price; they ask what they asked before it.",
    );
  });

  it("says an undo of a replace puts back what the listings asked before", () => {
    expect(lossSummary([item([named(text(9, null))], [text(1, 500)])], true)).toBe(
      "The undo takes off what the change put on 1 listing, and puts back what they asked before.",
    );
  });
});

describe("selectionOfRows", () => {
  it("selects the listings of the state most of them are in and counts the rest", () => {
    expect(
      selectionOfRows([
        { listingId: 1, state: "draft" },
        { listingId: 2, state: "active" },
        { listingId: 3, state: "active" },
      ]),
    ).toEqual({ state: "active", listingIds: [2, 3], elsewhere: 1 });
  });
});
