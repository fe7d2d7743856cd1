import * as z from "zod/mini";
import { characterCount } from "./rules";
import { QUESTION_INSTRUCTIONS_MAX } from "./question-set";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// Date.UTC rolls 30 February over into March, so a day that is not in the calendar comes back as another day.
const dayOf = (text: string) => new Date(Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8)));

const day = z.string({ error: "must be a day written YYYY-MM-DD, e.g. 2027-01-15" }).check(
  z.regex(DAY, { error: "must be a day written YYYY-MM-DD, e.g. 2027-01-15" }),
  z.refine((text) => !DAY.test(text) || dayOf(text).toISOString().startsWith(text), {
    error: "must be a day of the calendar, e.g. 2027-01-15",
  }),
);

const MAX_ERROR = "must be a whole number of characters from 1 to 1000, e.g. 100";

/**
 * A rule of the marketplace that begins on a day (YYYY-MM-DD, the marketplace's) and can break a stored listing, named
 * by its kind: the calendar's own, or one an operator adds as the marketplace announces it.
 */
export const datedRuleSchema = z.discriminatedUnion(
  "rule",
  [
    z.strictObject({
      rule: z.literal("instructions-max"),
      from: day,
      max: z.int({ error: MAX_ERROR }).check(z.minimum(1, { error: MAX_ERROR }), z.maximum(1000, { error: MAX_ERROR })),
    }),
  ],
  { error: "must name a known rule: instructions-max (with from and max)" },
);

export type DatedRule = z.infer<typeof datedRuleSchema>;
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
  dayOf(text).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
