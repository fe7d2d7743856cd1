import { isRemoved } from "../marketplace/listing-state";
import type { Listing, Question } from "../marketplace/wire";
import { phaseProblem } from "../writes/phase-problem";
import type { PersonalizationPhase } from "../env-schema";
import {
  INSTRUCTIONS_MAX,
  characterCount,
  longestCapsRun,
  requiredWithoutInstructions,
} from "../personalization/rules";
import { QUESTION_INSTRUCTIONS_MAX } from "../personalization/question-draft";
import { CHOICE_SEPARATOR, fieldErrors, typedQuestion } from "../personalization/typed-question";
import { addOnPriceDropped } from "../personalization/add-on-price";
import {
  SEVERAL_QUESTIONS_FROM,
  breaksRule,
  inForce,
  upcoming,
  type DatedRule,
  type DatedRuleKind,
} from "../personalization/dated-rules";

export type Finding =
  "too-long" | "all-caps" | "required-without-instructions" | "add-on-price" | "no-question" | "refused";

export const FINDINGS: Record<Finding, string> = {
  "too-long": "Instructions over the marketplace's current limit",
  "all-caps": "Instructions with three words in a row in capitals",
  "required-without-instructions": "A required question without instructions",
  "add-on-price": "An add-on price on a required or non-text question, which the next write drops",
  "no-question": "Personalizable, but no question for buyers",
  refused: "Other rules the marketplace would refuse on the next write of these questions",
};

/** A finding's anchor in the inbox's health check. */
export const findingAnchor = (finding: Finding) => `finding-${finding}`;

/** A listing behind a finding, with the rule it breaks in the seller's words. */
export type FoundListing = Pick<Listing, "id" | "title"> & { reason: string };

/** A dated rule still to come, and the listings that follow today's rules but will break it on its day. */
export type Forecast = { rule: DatedRule; finding: Finding; listings: FoundListing[] };

export type HealthReport = {
  scanned: number;
  findings: { finding: Finding; listings: FoundListing[] }[];
  forecasts: Forecast[];
};

/** The marketplace's day (YYYY-MM-DD) and its dated rules: each rule counts from its day, and is forecast before it. */
export type Calendar = { today: string; rules: readonly DatedRule[] };

/** The finding a dated rule's listings are under once its day has come: the forecast is the same rule with a date. */
export const RULE_FINDING: Record<DatedRuleKind, Finding> = { "instructions-max": "too-long" };

// Before the day several questions came the marketplace took one text question, whatever the period the dashboard
// has learnt from answers that do not say it.
const periodOf = (phase: PersonalizationPhase, calendar?: Calendar): PersonalizationPhase =>
  calendar && calendar.today < SEVERAL_QUESTIONS_FROM ? "single" : phase;

// With a calendar the marketplace's day decides the limit, whatever the period the dashboard has learnt: the day
// comes from the marketplace's own answers.
function instructionsLimit(phase: PersonalizationPhase, calendar?: Calendar): number {
  if (!calendar) return phase === "multi" ? QUESTION_INSTRUCTIONS_MAX : INSTRUCTIONS_MAX;
  return Math.min(INSTRUCTIONS_MAX, ...inForce(calendar.rules, calendar.today).map((rule) => rule.max));
}

const numbered = (listing: Listing, index: number) =>
  listing.questions.length === 1 ? "Its question" : `Question ${index + 1} (“${listing.questions[index]?.title}”)`;

const EXCERPT_MAX = 40;

/** The text at fault as the seller reads it in a reason: quoted, and cut to an excerpt when long. */
export function quoted(text: string): string {
  const characters = Array.from(text);
  if (characters.length <= EXCERPT_MAX) return `“${text}”`;
  const excerpt = characters.slice(0, EXCERPT_MAX - 1).join("");
  return `“${excerpt.trimEnd()}…”`;
}

// The reason quotes the capitals from the first word of the run, as the rule counts words (docs/marketplace.md §2.1).
function capsRunFrom(text: string): string {
  let start: number | undefined;
  let run = 0;
  for (const match of text.matchAll(/\p{L}+/gu)) {
    if (Array.from(match[0]).length < 3) continue;
    const allCaps = match[0] === match[0].toUpperCase() && match[0] !== match[0].toLowerCase();
    if (!allCaps) run = 0;
    else if (++run === 1) start = match.index;
    if (run >= 3) return text.slice(start);
  }
  return text;
}

// `from` says since when the marketplace takes no more: a forecast's rule is not in force yet.
function tooLongReason(listing: Listing, over: (question: Question) => boolean, max: number, from = "") {
  const index = Math.max(0, listing.questions.findIndex(over));
  const instructions = listing.questions[index]?.instructions ?? "";
  return `${numbered(listing, index)} has instructions of ${characterCount(instructions)} characters (${quoted(instructions)}); ${from}the marketplace takes at most ${max}.`;
}

/** Why one listing is behind one finding: the first question that breaks the finding's rule, and how. */
export function reasonOf(
  listing: Listing,
  finding: Finding,
  learnt: PersonalizationPhase,
  calendar?: Calendar,
): string {
  const phase = periodOf(learnt, calendar);
  const limit = instructionsLimit(phase, calendar);
  const at = (test: (question: Question) => boolean) => Math.max(0, listing.questions.findIndex(test));
  switch (finding) {
    case "too-long":
      return tooLongReason(listing, (question) => characterCount(question.instructions) > limit, limit);
    case "all-caps": {
      const index = at((question) => longestCapsRun(question.instructions) >= 3);
      return `${numbered(listing, index)} has three or more words in a row in capitals: ${quoted(capsRunFrom(listing.questions[index]?.instructions ?? ""))}.`;
    }
    case "required-without-instructions":
      return `${numbered(listing, at(requiredWithoutInstructions))} is required but tells buyers nothing.`;
    case "add-on-price":
      return `${numbered(listing, at(addOnPriceDropped))} charges an add-on price that only an optional text question keeps.`;
    case "no-question":
      return "It is personalizable but asks buyers nothing.";
    case "refused":
      return refusedReason(listing, phase);
  }
}

// The editor's own rules name the field in the seller's words; the write schema's sentence is the fallback.
function refusedReason(listing: Listing, phase: PersonalizationPhase): string {
  const stored = listing.questions;
  if (phase === "multi")
    for (const [index, question] of stored.entries()) {
      const typed = typedQuestion(question);
      if (!typed) continue;
      const [field, message] = (Object.entries(fieldErrors(typed)) as [keyof typeof typed, string][])[0] ?? [];
      if (field && message) {
        const at = `${numbered(listing, index)}, ${field === "question" ? "title" : field === "limit" ? "character limit" : field}`;
        const value = typed[field];
        return typeof value === "string" && value !== ""
          ? `${at} ${quoted(value.replaceAll(CHOICE_SEPARATOR, ", "))}: ${message}`
          : `${at}: ${message}`;
      }
    }
  return phaseProblem(stored, phase) ?? "The marketplace would refuse its questions as they are.";
}

export function findingsOf(listing: Listing, learnt: PersonalizationPhase, calendar?: Calendar): Finding[] {
  if (isRemoved(listing)) return [];
  const phase = periodOf(learnt, calendar);
  const limit = instructionsLimit(phase, calendar);
  const found = new Set<Finding>();
  if (listing.isPersonalizable && listing.questions.length === 0) found.add("no-question");
  for (const question of listing.questions) {
    if (characterCount(question.instructions) > limit) found.add("too-long");
    if (longestCapsRun(question.instructions) >= 3) found.add("all-caps");
    if (requiredWithoutInstructions(question)) found.add("required-without-instructions");
    // The next write of a question the marketplace keeps no price on drops its price.
    if (addOnPriceDropped(question)) found.add("add-on-price");
  }
  // The write the dashboard would send, judged by the period's own write schema (questionSetWriteSchema when multi).
  if (found.size === 0 && phaseProblem(listing.questions, phase) !== undefined) found.add("refused");
  return [...found];
}

/**
 * Each rule still to come, with the listings that will break it on its day: a listing already behind the same finding
 * today, or counted by an earlier rule of the same kind, is not counted again.
 */
function forecastsOf(listings: Listing[], flagged: Map<Finding, FoundListing[]>, calendar: Calendar): Forecast[] {
  const counted = new Map<Finding, Set<number>>();
  const forecasts: Forecast[] = [];
  for (const rule of upcoming(calendar.rules, calendar.today)) {
    const finding = RULE_FINDING[rule.rule];
    const seen = counted.get(finding) ?? new Set((flagged.get(finding) ?? []).map((listing) => listing.id));
    counted.set(finding, seen);
    const breaking = listings.filter(
      (listing) => !seen.has(listing.id) && listing.questions.some((question) => breaksRule(rule, question)),
    );
    for (const listing of breaking) seen.add(listing.id);
    if (breaking.length > 0)
      forecasts.push({
        rule,
        finding,
        listings: breaking.map((listing) => ({
          id: listing.id,
          title: listing.title,
          reason: tooLongReason(listing, (question) => breaksRule(rule, question), rule.max, "from then on "),
        })),
      });
  }
  return forecasts;
}

// A listing the marketplace removed is gone (docs/marketplace.md §18): nothing to fix, and not counted as scanned.
export function healthCheck(listings: Listing[], phase: PersonalizationPhase, calendar?: Calendar): HealthReport {
  const live = listings.filter((listing) => !isRemoved(listing));
  const byFinding = new Map<Finding, FoundListing[]>();
  for (const listing of live)
    for (const finding of findingsOf(listing, phase, calendar)) {
      const found = byFinding.get(finding) ?? [];
      found.push({ id: listing.id, title: listing.title, reason: reasonOf(listing, finding, phase, calendar) });
      byFinding.set(finding, found);
    }
  return {
    scanned: live.length,
    findings: (Object.keys(FINDINGS) as Finding[])
      .filter((finding) => byFinding.has(finding))
      .map((finding) => ({ finding, listings: byFinding.get(finding)! })),
    forecasts: calendar ? forecastsOf(live, byFinding, calendar) : [],
  };
}
