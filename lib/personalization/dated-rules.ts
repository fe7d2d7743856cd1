import type { DatedRule } from "../env-schema";
import { characterCount } from "./rules";
import { QUESTION_INSTRUCTIONS_MAX } from "./question-draft";

// The setting's schema is on the ground floor, where the settings are checked as the server starts.
export type { DatedRule };
export type DatedRuleKind = DatedRule["rule"];

/** docs/marketplace.md §13: the day the marketplace took several questions, and instructions of at most 120. */
export const SEVERAL_QUESTIONS_FROM = "2026-05-11";

/**
 * docs/marketplace.md §13: the dated rules of the marketplace's calendar that a stored listing can break. Add-on prices
 * (2026-07-20) are not here: no listing could carry one before that day.
 */
export const MARKETPLACE_CALENDAR: readonly DatedRule[] = [
  { rule: "instructions-max", from: SEVERAL_QUESTIONS_FROM, max: QUESTION_INSTRUCTIONS_MAX },
];

/** Whether one stored question breaks the rule. */
export const breaksRule = (rule: DatedRule, question: { instructions: string }) =>
  characterCount(question.instructions) > rule.max;

/** What the rule does to the listings that break it, after "N listings". */
export const consequenceOf = (rule: DatedRule, count: number) =>
  `${count === 1 ? "has" : "have"} instructions over ${rule.max} characters, which the marketplace refuses from then on: shorten them before that day`;

/** Each rule in force on `today` (YYYY-MM-DD): its day has come. */
export const inForce = (rules: readonly DatedRule[], today: string) => rules.filter((rule) => rule.from <= today);

/** The rules still to come after `today`, earliest first. */
export const upcoming = (rules: readonly DatedRule[], today: string) =>
  rules.filter((rule) => rule.from > today).sort((a, b) => a.from.localeCompare(b.from));

/** "11 May 2026", as the dashboard writes a day. */
export const dayInWords = (text: string) =>
  new Date(text).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
