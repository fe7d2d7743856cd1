import { describe, expect, it } from "vitest";
import { draftOf } from "../../components/questions/drafts";
import { listingWire, toListing, type QuestionWriteWire } from "../marketplace/wire";
import { addOnPriceRules } from "../personalization/add-on-price";
import {
  questionSetFormSchema,
  sellerVoice,
  textQuestionWriteSchema,
  type QuestionForm,
} from "../personalization/question-set";
import { snapshotOfQuestionSet, templateOf } from "../personalization/snapshot-codec";
import { parseSnapshot } from "../personalization/snapshot-schema";
import { alignWith, snapshotOf, type Snapshot } from "../personalization/snapshot";
import { personalizationBody } from "./question-set-body";

const usd = (amount: number) => ({ amount, divisor: 100, currency_code: "USD" });

/** A listing as the marketplace of today returns it: ids on every question and choice, a price on the optional text. */
function listingRead(price: number | null, ids = { note: 11, font: 12, serif: 101, script: 102 }) {
  return toListing(
    listingWire.parse({
      listing_id: 7,
      shop_id: 3,
      user_id: 2,
      title: "Mug",
      state: "active",
      is_personalizable: true,
      personalization: {
        personalization_questions: [
          {
            question_id: ids.note,
            question_type: "text_input",
            question_text: "Gift note",
            instructions: "A note for the card",
            required: false,
            max_allowed_characters: 60,
            max_allowed_files: null,
            options: null,
            add_on_price: price === null ? null : usd(price),
          },
          {
            question_id: ids.font,
            question_type: "dropdown",
            question_text: "Font",
            instructions: null,
            required: true,
            max_allowed_characters: null,
            max_allowed_files: null,
            options: [
              { option_id: ids.serif, label: "Serif" },
              { option_id: ids.script, label: "Script" },
            ],
            add_on_price: null,
          },
        ],
      },
    }),
  );
}

/** The body the dashboard sends for `target` over the listing as the marketplace holds it right before the write. */
const bodyOver = (target: Snapshot, current: Snapshot) =>
  personalizationBody(alignWith(target, current), "multi")?.body.personalization_questions as QuestionWriteWire[];

const formOf = (questions: ReturnType<typeof draftOf>[]) => {
  const parsed = questionSetFormSchema.safeParse({ questions });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data.questions;
};

describe("writes keep what the seller did not ask to change", () => {
  it("history snapshots keep question ids, choice ids and add-on prices through the database's JSON", () => {
    const snapshot = snapshotOf(listingRead(250));
    expect(snapshot.questions[0]).toMatchObject({
      id: 11,
      addOnPrice: { amount: 250, divisor: 100, currencyCode: "USD" },
    });
    expect(snapshot.questions[1]).toMatchObject({ id: 12, optionIds: [101, 102], addOnPrice: null });
    expect(parseSnapshot(JSON.stringify(snapshot))).toEqual(snapshot);
  });

  it("an editor save that changes only the instructions re-sends each question's id, choices' ids and price as held at the write", () => {
    const read = listingRead(250);
    const drafts = read.questions.map(draftOf);
    drafts[0]!.instructions = "A short note for the card";
    const target = snapshotOfQuestionSet(formOf(drafts), "USD");
    // Shop Manager raised the price after the editor loaded: the write keeps the marketplace's current price.
    const body = bodyOver(target, snapshotOf(listingRead(300)));
    expect(body[0]).toEqual({
      question_id: 11,
      question_type: "text_input",
      question_text: "Gift note",
      instructions: "A short note for the card",
      required: false,
      max_allowed_characters: 60,
      add_on_price: usd(300),
    });
    expect(body[1]).toMatchObject({
      question_id: 12,
      options: [
        { option_id: 101, label: "Serif" },
        { option_id: 102, label: "Script" },
      ],
    });
    expect(body[1]).not.toHaveProperty("add_on_price");
  });

  it("a price the seller typed is sent in the shop's currency; 0 or an emptied field removes it with null", () => {
    const drafts = listingRead(250).questions.map(draftOf);
    drafts[0]!.addOnPrice = "4.5";
    expect(bodyOver(snapshotOfQuestionSet(formOf(drafts), "EUR"), snapshotOf(listingRead(250)))[0]).toMatchObject({
      add_on_price: { amount: 450, divisor: 100, currency_code: "EUR" },
    });
    for (const cleared of ["", "0"]) {
      drafts[0]!.addOnPrice = cleared;
      expect(bodyOver(snapshotOfQuestionSet(formOf(drafts), "USD"), snapshotOf(listingRead(250)))[0]).toMatchObject({
        add_on_price: null,
      });
    }
  });

  it("one bulk target over listings with different prices keeps each listing's own price and ids", () => {
    const [note] = formOf([{ ...draftOf(listingRead(null).questions[0]!), questionId: undefined }]);
    const target = snapshotOfQuestionSet([{ ...note!, instructions: "Note for the card" } as QuestionForm]);
    const first = bodyOver(target, snapshotOf(listingRead(100, { note: 21, font: 22, serif: 1, script: 2 })));
    const second = bodyOver(target, snapshotOf(listingRead(725, { note: 31, font: 32, serif: 3, script: 4 })));
    expect(first).toEqual([expect.objectContaining({ question_id: 21, add_on_price: usd(100) })]);
    expect(second).toEqual([expect.objectContaining({ question_id: 31, add_on_price: usd(725) })]);
  });

  it("sends a price only on optional text questions: a question made required has its price removed, a new one carries none", () => {
    const current = snapshotOf(listingRead(250));
    const required: Snapshot = { questions: [{ ...current.questions[0]!, required: true, addOnPrice: undefined }] };
    expect(bodyOver(required, current)[0]).toMatchObject({ question_id: 11, required: true, add_on_price: null });
    const fresh: Snapshot = {
      questions: [
        { type: "text_input", title: "Initials", instructions: "", required: false, maxAllowedCharacters: 3 },
      ],
    };
    expect(bodyOver(fresh, current)[0]).not.toHaveProperty("add_on_price");
    expect(bodyOver(fresh, current)[0]).not.toHaveProperty("question_id");
  });

  it("an undo puts back the earlier price, and ids the marketplace no longer holds are matched again by type and title", () => {
    const before = snapshotOf(listingRead(250));
    const now = snapshotOf(listingRead(null, { note: 41, font: 42, serif: 201, script: 202 }));
    const body = bodyOver(before, now);
    expect(body[0]).toMatchObject({ question_id: 41, add_on_price: usd(250) });
    expect(body[1]).toMatchObject({
      question_id: 42,
      options: [
        { option_id: 201, label: "Serif" },
        { option_id: 202, label: "Script" },
      ],
    });
  });

  it("a template keeps no ids or prices, and applying it keeps the price of a question the listing already asks", () => {
    const template = templateOf(snapshotOf(listingRead(250)));
    expect(JSON.stringify(template)).not.toMatch(/"id"|optionIds|addOnPrice/);
    expect(bodyOver(template, snapshotOf(listingRead(990)))[0]).toMatchObject({
      question_id: 11,
      add_on_price: usd(990),
    });
    expect(bodyOver(template, { questions: [] })[0]).not.toHaveProperty("add_on_price");
  });
});

describe("the add-on price rule, shared by the form and the wire", () => {
  const text = { ...draftOf(listingRead(null).questions[0]!) };
  const issues = (draft: typeof text) =>
    questionSetFormSchema
      .safeParse({ questions: [draft] })
      .error?.issues.map((issue) => [issue.path.join("."), issue.message]);

  it("refuses a price on a required question, a negative or over-precise price, and one over 10,000", () => {
    expect(issues({ ...text, required: true, addOnPrice: "2.50" })).toEqual([
      ["questions.0.addOnPrice", sellerVoice.priceOnlyOptionalText],
    ]);
    expect(issues({ ...text, addOnPrice: "-1" })).toEqual([["questions.0.addOnPrice", addOnPriceRules.format]]);
    expect(issues({ ...text, addOnPrice: "2.505" })).toEqual([["questions.0.addOnPrice", addOnPriceRules.format]]);
    expect(issues({ ...text, addOnPrice: "10000.01" })).toEqual([["questions.0.addOnPrice", addOnPriceRules.max]]);
    expect(issues({ ...text, addOnPrice: "10000" })).toBeUndefined();
  });

  it("the wire refuses a price on a required question and accepts null there", () => {
    const question = {
      question_type: "text_input",
      question_text: "Note",
      required: true,
      max_allowed_characters: 20,
    };
    expect(textQuestionWriteSchema.safeParse({ ...question, add_on_price: usd(100) }).success).toBe(false);
    expect(textQuestionWriteSchema.safeParse({ ...question, add_on_price: null }).success).toBe(true);
    expect(textQuestionWriteSchema.safeParse({ ...question, required: false, add_on_price: usd(100) }).success).toBe(
      true,
    );
  });

  it("instructions hold at most 120 characters once several questions are live", () => {
    expect(issues({ ...text, instructions: "a".repeat(120) })).toBeUndefined();
    expect(issues({ ...text, instructions: "a".repeat(121) })).toEqual([
      ["questions.0.instructions", sellerVoice.instructionsLength],
    ]);
  });
});
