import { describe, expect, it } from "vitest";
import { changeInputSchema, changeOf } from "./change-input";
import { applyChange, describeChange } from "./field-change";
import { questionSetBody } from "../writes/question-set-body";
import { planOfChange, changedSince, costOf, undoTarget } from "./plan";
import { diffLines } from "../personalization/question-diff";
import type { Question, QuestionWire } from "../marketplace/wire";
import { listingHolding, storedQuestion, usd } from "../../test/harness/wire-questions";

const price = (amount: number) => ({ amount, divisor: 100, currency_code: "USD" });

const text = (id: number, extra: Partial<QuestionWire> = {}) =>
  storedQuestion({
    question_id: id,
    question_type: "text_input",
    question_text: "Name to engrave",
    instructions: "Up to two names",
    max_allowed_characters: 40,
    add_on_price: price(250),
    ...extra,
  });
const dropdown = (id: number) =>
  storedQuestion({
    question_id: id,
    question_type: "dropdown",
    question_text: "Colour",
    required: true,
    options: [
      { option_id: id * 10 + 1, label: "Red" },
      { option_id: id * 10 + 2, label: "Blue" },
    ],
  });
const upload = (id: number) =>
  storedQuestion({
    question_id: id,
    question_type: "unlabeled_upload",
    question_text: "Your photo",
    instructions: "A clear photo",
    required: true,
    max_allowed_files: 2,
  });

const withoutPrice = ({ addOnPrice: _price, ...question }: Question): Question => question;

const listing = (listingId: number, questions: Question[]) => listingHolding(listingId, questions, 1000 + listingId);

// Three different question sets, each with a text question among others.
const shop = [
  listing(1, [text(11)]),
  listing(2, [dropdown(21), text(22, { add_on_price: price(500) })]),
  listing(3, [upload(31), dropdown(32), text(33, { instructions: null, add_on_price: null })]),
];

describe("field-level changes", () => {
  it("changes only the text question's instructions across three different question sets, keeping ids and prices", () => {
    const plan = planOfChange(shop, { kind: "text-instructions", instructions: "Print clearly" }, "multi");
    expect(plan.map((item) => item.status)).toEqual(["change", "change", "change"]);
    for (const item of plan) {
      const source = shop.find((entry) => entry.listingId === item.listingId)!;
      expect(item.after).toHaveLength(source.questions.length);
      item.after!.forEach((question, index) => {
        const was = source.questions[index]!;
        if (was.type === "text_input") expect(question).toEqual({ ...was, instructions: "Print clearly" });
        else expect(question).toBe(was);
      });
      const was = source.questions.find((q) => q.type === "text_input")!.instructions;
      expect(diffLines(item.diff)).toEqual([
        `“Name to engrave” Instructions: ${was ? `“${was}”` : "None"} → “Print clearly”`,
      ]);
    }
  });

  it("changes the character limit, the required flag and the add-on price alone", () => {
    const [limit] = planOfChange([shop[1]!], { kind: "text-limit", limit: 60 }, "multi");
    expect(limit!.after![1]).toEqual({ ...shop[1]!.questions[1], maxAllowedCharacters: 60 });
    expect(limit!.after![0]).toBe(shop[1]!.questions[0]);
    const [priced] = planOfChange([shop[2]!], { kind: "text-add-on-price", price: "1.5" }, "multi");
    expect(priced!.after![2]!.addOnPrice).toEqual(usd(150));
    expect(diffLines(priced!.diff)).toEqual(["“Name to engrave” Add-on price: None → $1.50"]);
    const [required] = planOfChange([shop[2]!], { kind: "text-required", required: true }, "multi");
    expect(required!.after![2]).toEqual({ ...shop[2]!.questions[2], required: true });
  });

  it("keeps a price equal in value exactly as read, so the listing is unchanged", () => {
    const [item] = planOfChange([shop[0]!], { kind: "text-add-on-price", price: "2.50" }, "multi");
    expect(item!.status).toBe("unchanged");
  });

  it("skips a required question given an add-on price, and one with a price made required, saying why", () => {
    const [required] = planOfChange(
      [listing(9, [text(91, { required: true, add_on_price: null })])],
      { kind: "text-add-on-price", price: "2" },
      "multi",
    );
    expect(required!.status).toBe("skipped");
    expect(required!.reason).toMatch(/only optional questions/);
    const [priced] = planOfChange([shop[0]!], { kind: "text-required", required: true }, "multi");
    expect(priced!.status).toBe("skipped");
  });

  it("skips instructions over 120 characters in the multi-question period with the rule as the reason", () => {
    const long = "A".padEnd(130, "b");
    const [item] = planOfChange([shop[1]!], { kind: "text-instructions", instructions: long }, "multi");
    expect(item!.status).toBe("skipped");
    expect(item!.reason).toBe(
      "Question 2 (“Name to engrave”) would break a rule: instructions: must be at most 120 characters",
    );
  });

  it("removes the questions of one type and skips listings that lack it", () => {
    const plan = planOfChange(shop, { kind: "remove-type", type: "dropdown" }, "multi");
    expect(plan.map((item) => item.status)).toEqual(["skipped", "change", "change"]);
    expect(plan[0]!.reason).toBe("It asks buyers no dropdown question.");
    expect(plan[2]!.after).toEqual([shop[2]!.questions[0], shop[2]!.questions[2]]);
  });

  it("adds a question at a position and refuses a second upload question", () => {
    const question = {
      type: "unlabeled_upload" as const,
      title: "Logo",
      instructions: "",
      required: false,
      maxAllowedFiles: 1,
    };
    const plan = planOfChange(shop, { kind: "add-question", question, position: 1 }, "multi");
    expect(plan[0]!.after!.map((q) => q.title)).toEqual(["Logo", "Name to engrave"]);
    expect(plan[0]!.after![1]).toBe(shop[0]!.questions[0]);
    expect(plan[2]!.status).toBe("skipped");
    expect(plan[2]!.reason).toMatch(/only one upload question/);
  });

  it("adds a question last to listings that already ask something, keeping its add-on price in the shop's currency", () => {
    const input = changeInputSchema.parse({
      kind: "add-question",
      questions: [
        {
          type: "text_input",
          title: "Gift note",
          instructions: "A note for the card",
          required: false,
          maxAllowedCharacters: 80,
          addOnPrice: "2.50",
        },
      ],
    });
    const plan = planOfChange([...shop, listing(4, [])], changeOf(input, "USD"), "multi");
    expect(plan.map((item) => item.status)).toEqual(["change", "change", "change", "change"]);
    expect(plan.map((item) => item.after!.map((q) => q.title))).toEqual([
      ["Name to engrave", "Gift note"],
      ["Colour", "Name to engrave", "Gift note"],
      ["Your photo", "Colour", "Name to engrave", "Gift note"],
      ["Gift note"],
    ]);
    for (const item of plan) expect(item.after!.at(-1)!.addOnPrice).toEqual(usd(250));
    expect(plan[1]!.after!.slice(0, 2)).toEqual(shop[1]!.questions);
    expect(questionSetBody(plan[0]!.after!).personalization_questions[1]!.add_on_price).toEqual(price(250));
    expect(describeChange(changeOf(input, "USD"))).toBe("Add the text question “Gift note” last");
  });

  it("replaces the set and removes personalization", () => {
    const replaced = applyChange(
      shop[2]!,
      {
        kind: "replace-set",
        questions: [
          { type: "text_input", title: "Initials", instructions: "", required: true, maxAllowedCharacters: 3 },
        ],
      },
      "multi",
    );
    expect(replaced.outcome === "change" && replaced.after.map((q) => q.title)).toEqual(["Initials"]);
    const removed = applyChange(shop[1]!, { kind: "remove-personalization" }, "multi");
    expect(removed).toEqual({ outcome: "change", after: [] });
  });

  it("a question set the listing already asks keeps its ids and, with no price typed, its add-on price", () => {
    const engrave = {
      type: "text_input" as const,
      title: "Name to engrave",
      instructions: "Up to two names",
      required: false,
      maxAllowedCharacters: 40,
    };
    const set = [
      { type: "dropdown" as const, title: "Colour", instructions: "", required: true, options: [{ label: "Red" }] },
      engrave,
    ];
    const replaced = applyChange(shop[1]!, { kind: "replace-set", questions: set, currency: "USD" }, "multi");
    expect(replaced.outcome === "change" && replaced.after).toEqual([
      { ...withoutPrice(dropdown(21)), options: ["Red"], optionIds: [211] },
      text(22, { add_on_price: price(500) }),
    ]);
    const again = applyChange(
      { ...shop[1]!, questions: replaced.outcome === "change" ? replaced.after : [] },
      { kind: "replace-set", questions: set, currency: "USD" },
      "multi",
    );
    expect(again).toEqual({ outcome: "unchanged" });
    const priced = applyChange(
      shop[1]!,
      { kind: "replace-set", questions: [{ ...engrave, addOnPrice: "4.00" }], currency: "USD" },
      "multi",
    );
    expect(priced.outcome === "change" && priced.after[0]!.addOnPrice).toEqual(usd(400));
  });

  it("skips a listing with several questions in the single-question period", () => {
    const [item] = planOfChange([shop[1]!], { kind: "text-limit", limit: 60 }, "single");
    expect(item!.status).toBe("skipped");
    expect(item!.reason).toMatch(/asks buyers 2 questions that this dashboard cannot show, so it was left as it is/);
  });
});

describe("plans", () => {
  it("counts the requests, the time at the rate limit and the share of today's quota", () => {
    expect(costOf(250, { perSecond: 10, remainingToday: 5000 })).toEqual({
      requests: 253,
      seconds: 26,
      perSecond: 10,
      remainingToday: 5000,
      shareOfToday: 253 / 5000,
    });
    expect(costOf(0, { perSecond: 10, remainingToday: null }).requests).toBe(0);
  });

  it("detects a listing changed since review by its timestamp, or by its questions when there is none", () => {
    const reviewed = { before: shop[0]!.questions, lastModified: 1001 };
    expect(changedSince(reviewed, shop[0]!)).toBe(false);
    expect(changedSince(reviewed, { ...shop[0]!, lastModified: 2000 })).toBe(true);
    const sameSecond = { ...shop[0]!, questions: [text(11, { required: true, add_on_price: null })] };
    expect(changedSince(reviewed, sameSecond)).toBe(true);
    const noStamp = { before: shop[0]!.questions, lastModified: null };
    expect(changedSince(noStamp, { ...shop[0]!, lastModified: null })).toBe(false);
    const edited = { ...shop[0]!, lastModified: null, questions: [text(11, { max_allowed_characters: 41 })] };
    expect(changedSince(noStamp, edited)).toBe(true);
    const repriced = { ...shop[0]!, lastModified: null, questions: [text(11, { add_on_price: price(300) })] };
    expect(changedSince(noStamp, repriced)).toBe(true);
  });

  it("undo puts back only the fields still as the job wrote them and reports the rest", () => {
    const before = [dropdown(21), text(22, { add_on_price: price(500) })];
    const written = [
      dropdown(21),
      text(22, { instructions: "Print clearly", max_allowed_characters: 60, add_on_price: price(500) }),
    ];
    // Someone changed the limit again since; the ids are new after the write.
    const current = [
      dropdown(71),
      text(72, { instructions: "Print clearly", max_allowed_characters: 80, add_on_price: price(500) }),
    ];
    const undo = undoTarget(before, written, current);
    expect(undo.after).toEqual([
      dropdown(71),
      text(72, { instructions: "Up to two names", max_allowed_characters: 80, add_on_price: price(500) }),
    ]);
    expect(diffLines(undo.kept)).toEqual(["“Name to engrave” Character limit: 60 → 80"]);
  });

  it("undo of an added question waits for the listing to be as the job left it", () => {
    const before = [text(11)];
    const written = [text(11), dropdown(12)];
    expect(undoTarget(before, written, [text(11), dropdown(12)]).after).toEqual(before);
    const moved = undoTarget(before, written, [text(11, { required: false, instructions: "New" }), dropdown(12)]);
    expect(moved.after).toBeNull();
    expect(moved.kept.length).toBeGreaterThan(0);
  });
});
