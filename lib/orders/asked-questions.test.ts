import { describe, expect, it } from "vitest";
import { giftNote, usd } from "../../test/harness/wire-questions";
import type { Order } from "../marketplace/receipt-wire";
import type { Question } from "../marketplace/wire";
import { answeredOrders, questionsAt } from "./asked-questions";
import { printsBadly } from "./answer-flags";

const NAME: Question = {
  id: 11,
  type: "text_input",
  title: "Name",
  instructions: "Up to 12 letters.",
  required: true,
  maxAllowedCharacters: 12,
  addOnPrice: null,
};
const NOTE = giftNote(12);
const PHOTO: Question = {
  id: 13,
  type: "unlabeled_upload",
  title: "Photo",
  instructions: "",
  required: false,
  maxAllowedCharacters: null,
  maxAllowedFiles: 1,
  addOnPrice: null,
};

const ORDERED_AT = 1_795_000_000;

function order(answers: { questionId: number; name: string; value: string }[]): Order {
  return {
    receiptId: 61001,
    buyerName: "Jane Doe",
    messageFromBuyer: null,
    paid: true,
    shipped: false,
    createdAt: ORDERED_AT,
    updatedAt: ORDERED_AT,
    items: [
      {
        transactionId: 1,
        listingId: 7,
        title: "Name necklace",
        quantity: 1,
        price: usd(1800),
        shipBy: null,
        answers: answers.map((answer) => ({ ...answer, optionId: null })),
      },
    ],
  };
}

const view = (o: Order, today: Question[], history: { recordedAt: number; questions: Question[] }[] = []) =>
  answeredOrders(
    [o],
    () => today,
    () => history.map((point) => ({ recordedAt: point.recordedAt, previous: { questions: point.questions } })),
  )[0]!.items[0]!.questions;

describe("questionsAt", () => {
  it("takes the questions that stood before the first change after the order, or today's when none came since", () => {
    const first = [{ ...NAME, title: "First" }];
    const second = [{ ...NAME, title: "Second" }];
    const history = [
      { recordedAt: 3000, previous: { questions: second } },
      { recordedAt: 2000, previous: { questions: first } },
    ];
    expect(questionsAt(history, [NAME], 1000)[0]?.title).toBe("First");
    expect(questionsAt(history, [NAME], 2500)[0]?.title).toBe("Second");
    expect(questionsAt(history, [NAME], 3500)[0]?.title).toBe("Name");
  });
});

describe("answeredOrders", () => {
  it("puts each answer under the question it answers, by question_id, with the add-on price paid", () => {
    const questions = view(
      order([
        { questionId: 12, name: "Gift note", value: "Happy birthday" },
        { questionId: 11, name: "Name", value: "Ada" },
      ]),
      [NAME, NOTE, PHOTO],
    );
    expect(questions.map((question) => [question.title, question.answer?.value, question.addOnPaid])).toEqual([
      ["Name", "Ada", null],
      ["Gift note", "Happy birthday", usd(300)],
      ["Photo", undefined, null],
    ]);
  });

  it("shows the wording the buyer saw when the question was reworded since, and today's beside it", () => {
    const reworded = { ...NAME, title: "Name to engrave", instructions: "Capitals only." };
    const questions = view(
      order([{ questionId: 11, name: "Name", value: "Ada" }]),
      [reworded],
      [{ recordedAt: (ORDERED_AT + 60) * 1000, questions: [NAME] }],
    );
    expect(questions[0]).toMatchObject({
      title: "Name",
      instructions: "Up to 12 letters.",
      titleToday: "Name to engrave",
      answer: { value: "Ada" },
    });
  });

  it("flags a required answer missing, an answer over today's limit, characters that print badly, an upload with no file", () => {
    const tighter = { ...NOTE, maxAllowedCharacters: 5 };
    const questions = view(order([{ questionId: 12, name: "Gift note", value: "Love you 🌸" }]), [
      NAME,
      tighter,
      PHOTO,
    ]);
    expect(questions.map((question) => question.flags.map((flag) => flag.kind))).toEqual([
      ["required-missing"],
      ["too-long", "prints-badly"],
      ["no-file"],
    ]);
    expect(questions[1]?.flags[0]?.message).toBe("10 characters, over today's limit of 5.");
  });

  it("keeps an answer to a question no longer asked, under the wording the buyer saw", () => {
    const questions = view(order([{ questionId: 99, name: "Font", value: "Serif" }]), [NAME]);
    expect(questions.at(-1)).toMatchObject({ title: "Font", titleToday: null, answer: { value: "Serif" } });
  });
});

describe("printsBadly", () => {
  it("names emoji, direction-changing and zero-width characters, and passes accented letters", () => {
    expect(printsBadly("Zoë Ångström")).toEqual([]);
    expect(printsBadly("Lily 🌸")).toEqual(["the emoji 🌸"]);
    expect(printsBadly("Noah\u200f")).toEqual(["U+200F RIGHT-TO-LEFT MARK"]);
    expect(printsBadly("A\u200bB")).toEqual(["U+200B (invisible)"]);
  });
});
