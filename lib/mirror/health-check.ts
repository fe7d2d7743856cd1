import { isRemoved, type Listing, type Question } from "../marketplace/wire";
import { phaseProblem } from "../changes/field-change";
import type { PersonalizationPhase } from "../marketplace/personalization-phase";
import { INSTRUCTIONS_MAX, characterCount, longestCapsRun } from "../personalization/rules";
import { QUESTION_INSTRUCTIONS_MAX } from "../personalization/question-set";
import { cellErrors, gridRowsOf } from "../changes/grid-rows";

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

/** A listing behind a finding, with the rule it breaks in the seller's words. */
export type FoundListing = Pick<Listing, "id" | "title"> & { reason: string };

export type HealthReport = {
  scanned: number;
  findings: { finding: Finding; listings: FoundListing[] }[];
};

const numbered = (listing: Listing, index: number) =>
  listing.questions.length === 1 ? "Its question" : `Question ${index + 1} (“${listing.questions[index]?.title}”)`;

/** Why one listing is behind one finding: the first question that breaks the finding's rule, and how. */
export function reasonOf(listing: Listing, finding: Finding, phase: PersonalizationPhase): string {
  const limit = phase === "multi" ? QUESTION_INSTRUCTIONS_MAX : INSTRUCTIONS_MAX;
  const at = (test: (question: Question) => boolean) => Math.max(0, listing.questions.findIndex(test));
  switch (finding) {
    case "too-long": {
      const index = at((question) => characterCount(question.instructions) > limit);
      const count = characterCount(listing.questions[index]?.instructions ?? "");
      return `${numbered(listing, index)} has instructions of ${count} characters; the marketplace takes at most ${limit}.`;
    }
    case "all-caps":
      return `${numbered(
        listing,
        at((question) => longestCapsRun(question.instructions) >= 3),
      )} has three or more words in a row in capitals.`;
    case "required-without-instructions":
      return `${numbered(
        listing,
        at((question) => question.required && question.instructions.trim() === ""),
      )} is required but tells buyers nothing.`;
    case "add-on-price":
      return `${numbered(
        listing,
        at(
          (question) => (question.addOnPrice?.amount ?? 0) > 0 && (question.required || question.type !== "text_input"),
        ),
      )} charges an add-on price that only an optional text question keeps.`;
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
    for (const row of gridRowsOf([
      { ...listing, listingId: listing.id, currencyCode: null, lastModified: null, questions: stored },
    ])) {
      const [field, message] = Object.entries(cellErrors(row))[0] ?? [];
      if (field && message)
        return `${numbered(listing, row.index)}, ${field === "question" ? "title" : field === "limit" ? "character limit" : field}: ${message}`;
    }
  return phaseProblem(stored, phase) ?? "The marketplace would refuse its questions as they are.";
}

export function findingsOf(listing: Listing, phase: PersonalizationPhase): Finding[] {
  if (isRemoved(listing)) return [];
  const limit = phase === "multi" ? QUESTION_INSTRUCTIONS_MAX : INSTRUCTIONS_MAX;
  const found = new Set<Finding>();
  if (listing.isPersonalizable && listing.questions.length === 0) found.add("no-question");
  for (const question of listing.questions) {
    if (characterCount(question.instructions) > limit) found.add("too-long");
    if (longestCapsRun(question.instructions) >= 3) found.add("all-caps");
    if (question.required && question.type !== "dropdown" && question.instructions.trim() === "")
      found.add("required-without-instructions");
    // The marketplace keeps an add-on price only on an optional text question: the next write of any other drops it.
    if ((question.addOnPrice?.amount ?? 0) > 0 && (question.required || question.type !== "text_input"))
      found.add("add-on-price");
  }
  // The write the dashboard would send, judged by the period's own write schema (questionSetWriteSchema when multi).
  if (found.size === 0 && phaseProblem(listing.questions, phase) !== undefined) found.add("refused");
  return [...found];
}

// A listing the marketplace removed is gone (decisions.md, September 2026): nothing to fix, and not counted as scanned.
export function healthCheck(listings: Listing[], phase: PersonalizationPhase): HealthReport {
  const live = listings.filter((listing) => !isRemoved(listing));
  const byFinding = new Map<Finding, FoundListing[]>();
  for (const listing of live)
    for (const finding of findingsOf(listing, phase)) {
      const found = byFinding.get(finding) ?? [];
      found.push({ id: listing.id, title: listing.title, reason: reasonOf(listing, finding, phase) });
      byFinding.set(finding, found);
    }
  return {
    scanned: live.length,
    findings: (Object.keys(FINDINGS) as Finding[])
      .filter((finding) => byFinding.has(finding))
      .map((finding) => ({ finding, listings: byFinding.get(finding)! })),
  };
}
