import { describe, expect, it } from "vitest";
import type { Question } from "../marketplace/wire";
import { questionDiff } from "../personalization/question-diff";
import { lossSummary } from "./plan-view";

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
