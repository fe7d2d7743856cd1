import "server-only";
import type { Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import type { Listing, Question } from "../marketplace/wire";
import type { PersonalizationPhase } from "../env-schema";
import { readListingQuestions } from "../changes/listing-reads";
import type { PlanTarget } from "../changes/plan";
import type { PlanRunner } from "../changes/plan-runner";
import { planTargets } from "../changes/planning";
import type { Seller } from "../marketplace/wire";
import { healthCheck } from "./health-check";
import { AUTOMATIC_FIX, describeFixes, fixedQuestions, TURN_OFF_DIFF, type HealthFix } from "./health-fixes";

/**
 * Plans one fix, or every automatic fix at once, as one plan over the listings of the findings they fix: the listings
 * are read through the seller's `marketplace`, and planned as any other change is (lib/changes/planning.ts).
 */
export async function planHealthFix(
  marketplace: Marketplace,
  seller: Seller,
  mirrored: Listing[],
  asked: HealthFix | "every-automatic",
  phase: PersonalizationPhase,
  using?: PlanRunner,
): Promise<Result<string | null>> {
  const findings = healthCheck(mirrored, phase).findings;
  // Every automatic fix: each open finding's fix that needs no words, in the check's order.
  const fixes = asked === "every-automatic" ? findings.flatMap(({ finding }) => AUTOMATIC_FIX[finding] ?? []) : [asked];
  const fixesOf = new Map<number, HealthFix[]>();
  for (const fix of fixes)
    for (const listing of findings.find((entry) => entry.finding === fix.finding)?.listings ?? [])
      fixesOf.set(listing.id, [...(fixesOf.get(listing.id) ?? []), fix]);
  if (fixesOf.size === 0) return { ok: true, data: null };
  const read = await readListingQuestions(marketplace, seller, [...fixesOf.keys()]);
  if (!read.ok) return read;
  const targets = new Map<number, PlanTarget>();
  for (const listing of read.data) {
    let after: Question[] | null = null;
    let turnedOff = false;
    for (const fix of fixesOf.get(listing.listingId) ?? []) {
      const fixed = fixedQuestions(after ?? listing.questions, fix);
      if (!fixed) continue;
      after = fixed;
      if (fix.fix === "turn-off") turnedOff = true;
    }
    if (after) targets.set(listing.listingId, { after, ...(turnedOff && { evenIfSame: TURN_OFF_DIFF }) });
  }
  if (targets.size === 0) return { ok: true, data: null };
  // A plan with nothing to write is not stored (null): the seller is told there is nothing to change.
  return { ok: true, data: await planTargets(seller, read.data, targets, describeFixes(fixes), phase, using) };
}
