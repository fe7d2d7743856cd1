import { describe, expect, it } from "vitest";
import type { Listing, Question } from "../marketplace/wire";
import { MARKETPLACE_CALENDAR } from "../personalization/dated-rules";
import { shopNeeds } from "./shop-needs";

const question = (fields: Partial<Question> = {}): Question => ({
  type: "text_input",
  title: "Personalization",
  instructions: "Name to engrave",
  required: false,
  maxAllowedCharacters: 20,
  ...fields,
});

const listing = (id: number, questions: Question[], extra: Partial<Listing> = {}): Listing => ({
  id,
  shopId: 1,
  title: `Listing ${id}`,
  state: "active",
  isPersonalizable: questions.length > 0,
  questions,
  legacyDisagrees: false,
  ...extra,
});

describe("what the shop needs", () => {
  it("counts the active listings that ask buyers nothing, not drafts or inactive ones", () => {
    const listings = [
      listing(1, []),
      listing(2, [], { isPersonalizable: true }),
      listing(3, [question()]),
      listing(4, [], { state: "draft" }),
      listing(5, [], { state: "inactive" }),
    ];
    expect(shopNeeds(listings, [], "single").activeWithoutQuestion).toBe(2);
  });

  it("counts each listing needing attention once, whether for an outside change, a health finding or both", () => {
    const listings = [
      listing(1, [question({ instructions: "TYPE YOUR NAME here" })]),
      listing(2, [question({ instructions: "", required: true })]),
      listing(3, [question()]),
      listing(4, [], { isPersonalizable: true }),
    ];
    expect(shopNeeds(listings, [1, 3], "single")).toEqual({ activeWithoutQuestion: 1, needAttention: 3 });
    expect(shopNeeds([listing(3, [question()])], [], "single").needAttention).toBe(0);
  });

  it("counts a listing over a dated rule's limit from the rule's day, not before: until then it is only forecast", () => {
    const listings = [listing(1, [question({ instructions: "a".repeat(130) })])];
    const on = (today: string) =>
      shopNeeds(listings, [], "multi", { today, rules: MARKETPLACE_CALENDAR }).needAttention;
    expect(on("2026-05-10")).toBe(0);
    expect(on("2026-05-11")).toBe(1);
  });
});
