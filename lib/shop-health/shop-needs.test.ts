import { describe, expect, it } from "vitest";
import { engraveQuestion as question, shopListing as listing } from "../../test/harness/wire-questions";
import { MARKETPLACE_CALENDAR } from "../personalization/dated-rules";
import { shopNeeds } from "./shop-needs";

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
