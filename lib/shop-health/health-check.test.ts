import { describe, expect, it } from "vitest";
import type { Question } from "../marketplace/wire";
import { engraveQuestion as question, shopListing } from "../../test/harness/wire-questions";
import { MARKETPLACE_CALENDAR, consequenceOf, dayInWords } from "../personalization/dated-rules";
import { findingsOf, healthCheck, reasonOf, type HealthReport } from "./health-check";

const listing = (id: number, questions: Question[], isPersonalizable = questions.length > 0) =>
  shopListing(id, questions, { isPersonalizable });

describe("shop health check", () => {
  it("finds instructions over the current period's limit: 256 with one question, 120 with several", () => {
    const long = listing(1, [question({ instructions: "a".repeat(200) })]);
    expect(findingsOf(long, "single")).toEqual([]);
    expect(findingsOf(long, "multi")).toEqual(["too-long"]);
    expect(findingsOf(listing(2, [question({ instructions: "a".repeat(257) })]), "single")).toEqual(["too-long"]);
  });

  it("finds three all-caps words in a row, a required question without instructions, an add-on price, a personalizable listing without a question", () => {
    expect(findingsOf(listing(1, [question({ instructions: "TYPE YOUR NAME here" })]), "single")).toEqual(["all-caps"]);
    expect(findingsOf(listing(2, [question({ instructions: "", required: true })]), "single")).toEqual([
      "required-without-instructions",
    ]);
    const price = { amount: 250, divisor: 100, currencyCode: "USD" };
    expect(findingsOf(listing(3, [question({ addOnPrice: price, required: true })]), "multi")).toEqual([
      "add-on-price",
    ]);
    expect(findingsOf(listing(6, [question({ addOnPrice: price, required: false })]), "multi")).toEqual([]);
    expect(findingsOf(listing(4, [], true), "single")).toEqual(["no-question"]);
    expect(findingsOf(listing(5, [question()]), "multi")).toEqual([]);
  });

  it("counts the listings behind each finding over every scanned listing", () => {
    const report = healthCheck(
      [
        listing(1, [question({ instructions: "ALL CAPS WORDS" })]),
        listing(2, [question({ instructions: "MORE CAPS HERE", required: true })]),
        listing(3, [], true),
        listing(4, [question()]),
      ],
      "single",
    );
    expect(report.scanned).toBe(4);
    expect(report.findings.map(({ finding, listings }) => [finding, listings.map((found) => found.id)])).toEqual([
      ["all-caps", [1, 2]],
      ["no-question", [3]],
    ]);
  });

  it("finds anything else the period's write schema would refuse, only where no other finding explains it", () => {
    expect(findingsOf(listing(1, [question({ instructions: "- name to engrave" })]), "multi")).toEqual(["refused"]);
    expect(findingsOf(listing(2, [question({ maxAllowedCharacters: 2000 })]), "multi")).toEqual(["refused"]);
    expect(findingsOf(listing(3, [question({ instructions: "-".repeat(130) })]), "multi")).toEqual(["too-long"]);
    expect(findingsOf(listing(4, [question({ type: "dropdown", options: ["Red"] })]), "single")).toEqual(["refused"]);
  });

  it("names the rule each listing breaks, in the seller's words, quoting the text at fault", () => {
    const dash = listing(1, [question({ instructions: "- name to engrave" })]);
    expect(reasonOf(dash, "refused", "multi")).toBe(
      "Its question, instructions “- name to engrave”: Start with a letter or a digit.",
    );
    const two = listing(2, [question(), question({ title: "Line 2", instructions: "a".repeat(130) })]);
    expect(reasonOf(two, "too-long", "multi")).toBe(
      "Question 2 (“Line 2”) has instructions of 130 characters (“aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…”); the marketplace takes at most 120.",
    );
    const report = healthCheck([dash], "multi");
    expect(report.findings[0]?.listings).toEqual([
      {
        id: 1,
        title: "Listing 1",
        reason: "Its question, instructions “- name to engrave”: Start with a letter or a digit.",
      },
    ]);
  });

  it("names the question the finding counts: a required dropdown without instructions is not one", () => {
    const both = listing(1, [
      question({ type: "dropdown", title: "Colour", instructions: "", required: true, options: ["Red", "Blue"] }),
      question({ title: "Name", instructions: "", required: true }),
    ]);
    expect(findingsOf(both, "multi")).toContain("required-without-instructions");
    expect(reasonOf(both, "required-without-instructions", "multi")).toBe(
      "Question 2 (“Name”) is required but tells buyers nothing.",
    );
  });

  it("quotes an excerpt of at most 40 characters, from the first word of a run in capitals", () => {
    const shouting = listing(1, [
      question({ instructions: "Tell us: PLEASE TYPE THE NAME EXACTLY AS IT SHOULD APPEAR ON THE RING" }),
    ]);
    const reason = reasonOf(shouting, "all-caps", "multi");
    expect(reason).toBe(
      "Its question has three or more words in a row in capitals: “PLEASE TYPE THE NAME EXACTLY AS IT SHOU…”.",
    );
    expect(reason.match(/“(.*)”/u)?.[1]).toHaveLength(40);
    const short = listing(2, [question({ instructions: "Ok: NAME AND DATE" })]);
    expect(reasonOf(short, "all-caps", "multi")).toBe(
      "Its question has three or more words in a row in capitals: “NAME AND DATE”.",
    );
    const dash = listing(3, [question({ instructions: `- ${"x".repeat(80)}` })]);
    expect(reasonOf(dash, "refused", "multi")).toBe(
      `Its question, instructions “- ${"x".repeat(37)}…”: Start with a letter or a digit.`,
    );
  });
});

describe("the forecast: a dated rule of the marketplace's calendar before its day", () => {
  const instructions = (length: number) => question({ instructions: "a".repeat(length) });
  const shop = [
    listing(1, [instructions(130)]),
    listing(2, [question(), instructions(200)]),
    listing(3, [instructions(110)]),
    listing(4, [instructions(300)]),
    listing(5, [question()]),
  ];
  const on = (today: string, rules = MARKETPLACE_CALENDAR) => healthCheck(shop, "single", { today, rules });
  const ids = (found: { listings: { id: number }[] } | undefined) => found?.listings.map((listing) => listing.id);
  const tooLong = (report: HealthReport) => report.findings.find(({ finding }) => finding === "too-long");

  it("counts the listings over 120 characters before 11 May 2026, apart from those already over today's 256", () => {
    const report = on("2026-05-10");
    expect(report.forecasts).toEqual([
      {
        rule: { rule: "instructions-max", from: "2026-05-11", max: 120 },
        finding: "too-long",
        listings: [
          {
            id: 1,
            title: "Listing 1",
            reason:
              "Its question has instructions of 130 characters (“aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…”); from then on the marketplace takes at most 120.",
          },
          {
            id: 2,
            title: "Listing 2",
            reason:
              "Question 2 (“Personalization”) has instructions of 200 characters (“aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…”); from then on the marketplace takes at most 120.",
          },
        ],
      },
    ]);
    expect(ids(tooLong(report))).toEqual([4]);
  });

  it("judges the days before 11 May 2026 by one text question, even when the dashboard has learnt several", () => {
    const report = healthCheck(shop, "multi", { today: "2026-05-10", rules: MARKETPLACE_CALENDAR });
    expect(report.findings.map(({ finding, listings }) => [finding, ids({ listings })])).toEqual([
      ["too-long", [4]],
      ["refused", [2]],
    ]);
    expect(report.forecasts.map(ids)).toEqual([[1, 2]]);
  });

  it("makes the same listings an ordinary finding on the day and after it, with no forecast left", () => {
    for (const today of ["2026-05-11", "2026-05-12", "2027-11-27"]) {
      const report = on(today);
      expect(report.forecasts).toEqual([]);
      expect(ids(tooLong(report))).toEqual([1, 2, 4]);
      expect(tooLong(report)?.listings[0]?.reason).toBe(
        "Its question has instructions of 130 characters (“aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…”); the marketplace takes at most 120.",
      );
    }
  });

  it("forecasts an operator's rule with its own day and limit, counting only the listings it newly breaks", () => {
    const rules = [...MARKETPLACE_CALENDAR, { rule: "instructions-max" as const, from: "2027-01-15", max: 100 }];
    const report = on("2026-11-27", rules);
    expect(report.forecasts.map((forecast) => [forecast.rule.from, ids(forecast)])).toEqual([["2027-01-15", [3]]]);
    expect(ids(tooLong(report))).toEqual([1, 2, 4]);
    const before = on("2026-05-01", rules);
    expect(before.forecasts.map((forecast) => [forecast.rule.from, ids(forecast)])).toEqual([
      ["2026-05-11", [1, 2]],
      ["2027-01-15", [3]],
    ]);
    expect(ids(tooLong(on("2027-01-15", rules)))).toEqual([1, 2, 3, 4]);
  });

  it("says the consequence with the day in words", () => {
    const [rule] = MARKETPLACE_CALENDAR;
    expect(`From ${dayInWords(rule!.from)}: 2 listings ${consequenceOf(rule!, 2)}`).toBe(
      "From 11 May 2026: 2 listings have instructions over 120 characters, which the marketplace refuses from then on: shorten them before that day",
    );
  });
});
