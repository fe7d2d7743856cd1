import { z } from "zod";
import { characterCount } from "./rules";
import { QUESTION_INSTRUCTIONS_MAX } from "./question-set";

/** A rule of the marketplace that begins on a date (YYYY-MM-DD, the marketplace's day) and can break a stored listing. */
export type DatedRule =
  | { rule: "instructions-max"; from: string; max: number }
  | { rule: "add-on-price-optional-text"; from: string };

export type DatedRuleKind = DatedRule["rule"];

/** docs/marketplace.md §13: the dated rules of the marketplace's calendar that a stored listing can break. */
export const MARKETPLACE_CALENDAR: readonly DatedRule[] = [
  { rule: "instructions-max", from: "2026-05-11", max: QUESTION_INSTRUCTIONS_MAX },
  { rule: "add-on-price-optional-text", from: "2026-07-20" },
];

type QuestionSeen = {
  type: string;
  required: boolean;
  instructions: string;
  addOnPrice?: { amount: number } | null;
};

/** Whether one stored question breaks the rule. */
export function breaksRule(rule: DatedRule, question: QuestionSeen): boolean {
  switch (rule.rule) {
    case "instructions-max":
      return characterCount(question.instructions) > rule.max;
    case "add-on-price-optional-text":
      return (question.addOnPrice?.amount ?? 0) > 0 && (question.required || question.type !== "text_input");
  }
}

/** What the rule does to a listing that breaks it, after "N listings". */
export function consequenceOf(rule: DatedRule, count: number): string {
  const has = count === 1 ? "has" : "have";
  switch (rule.rule) {
    case "instructions-max":
      return `${has} instructions over ${rule.max} characters, which the marketplace refuses from then on: shorten them before that day`;
    case "add-on-price-optional-text":
      return `${has} an add-on price on a required or non-text question, which the marketplace drops from then on`;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// Date.UTC rolls 30 February over into March, so a day that is not in the calendar comes back as another day.
const dayOf = (text: string) => new Date(Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8)));

/** Each rule in force on `today` (YYYY-MM-DD): the day has come. */
export const inForce = (rules: readonly DatedRule[], today: string) => rules.filter((rule) => rule.from <= today);

/** The rules still to come after `today`, earliest first. */
export const upcoming = (rules: readonly DatedRule[], today: string) =>
  rules.filter((rule) => rule.from > today).sort((a, b) => a.from.localeCompare(b.from));

/** "11 May 2026", as the dashboard writes a day. */
export const dayInWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

const day = z
  .string({ error: "must be a day written YYYY-MM-DD, e.g. 2027-01-15" })
  .regex(DAY, { error: "must be a day written YYYY-MM-DD, e.g. 2027-01-15" })
  .refine((text) => !DAY.test(text) || dayOf(text).toISOString().startsWith(text), {
    error: "must be a day of the calendar, e.g. 2027-01-15",
  });

/** A rule the marketplace announced, named by one of the known kinds with its own date (and limit). */
export const datedRuleSchema = z.discriminatedUnion(
  "rule",
  [
    z.strictObject({
      rule: z.literal("instructions-max"),
      from: day,
      max: z
        .int({ error: "must be a whole number of characters from 1 to 1000, e.g. 100" })
        .min(1, { error: "must be a whole number of characters from 1 to 1000, e.g. 100" })
        .max(1000, { error: "must be a whole number of characters from 1 to 1000, e.g. 100" }),
    }),
    z.strictObject({ rule: z.literal("add-on-price-optional-text"), from: day }),
  ],
  { error: "must name a known rule: instructions-max (with from and max) or add-on-price-optional-text (with from)" },
);
