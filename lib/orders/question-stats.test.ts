import { describe, expect, it } from "vitest";
import { giftNote, usd } from "../../test/harness/wire-questions";
import type { Question } from "../marketplace/wire";
import type { KeptItem } from "./order-store";
import { questionStats } from "./question-stats";

const NOTE = giftNote(1);
const FONT: Question = {
  id: 2,
  type: "dropdown",
  title: "Font",
  instructions: "",
  required: true,
  maxAllowedCharacters: null,
  options: ["Serif", "Script", "Sans"],
  addOnPrice: null,
};

const item = (receiptId: number, quantity: number, createdAt: number, answers: [number, string][]): KeptItem => ({
  receiptId,
  listingId: 7,
  title: "Name necklace",
  quantity,
  createdAt,
  shipBy: createdAt,
  answers: answers.map(([questionId, value]) => ({ questionId, name: "", value, optionId: null })),
});

describe("questionStats", () => {
  it("counts the orders that answered, a dropdown's top choices in items, and the add-on prices paid as they stood", () => {
    const items = [
      item(1, 2, 1000, [
        [1, "Love"],
        [2, "Script"],
      ]),
      item(2, 1, 3000, [[2, "Serif"]]),
      item(3, 1, 4000, [
        [1, "Hi"],
        [2, "Script"],
      ]),
    ];
    // The add-on price was 2.00 until a change at 2,000 s raised it to today's 3.00.
    const history = [{ recordedAt: 2_000_000, previous: { questions: [{ ...NOTE, addOnPrice: usd(200) }, FONT] } }];
    expect(questionStats(items, [NOTE, FONT], history)).toEqual({
      1: { orders: 3, answered: 2, topChoices: [], revenue: usd(700) },
      2: {
        orders: 3,
        answered: 3,
        topChoices: [
          { label: "Script", items: 3 },
          { label: "Serif", items: 1 },
        ],
        revenue: null,
      },
    });
  });
});
