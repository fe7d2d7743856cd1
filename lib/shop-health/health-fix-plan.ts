import "server-only";
import type { Result } from "../marketplace/failure";
import type { Listing } from "../marketplace/wire";
import type { Phase } from "../changes/field-change";
import { readListingQuestions } from "../changes/listing-reads";
import { planOfTargets } from "../changes/plan";
import type { PlanRunner } from "../changes/plan-runner";
import type { Question } from "../marketplace/wire";
import { healthCheck } from "./health-check";
import { AUTOMATIC_FIX, describeFixes, fixedQuestions, TURN_OFF_DIFF, type HealthFix } from "./health-fixes";

type Seller = { userId: number; shopId: number };

/** Every open finding with a fix that needs no words, each with that fix, in the check's order. */
export const automaticFixes = (mirrored: Listing[], phase: Phase): HealthFix[] =>
  healthCheck(mirrored, phase).findings.flatMap(({ finding }) => AUTOMATIC_FIX[finding] ?? []);

/** Plans one fix, or every automatic fix at once, as one plan over the listings of the findings they fix. */
export async function planHealthFix(
  runner: PlanRunner,
  seller: Seller,
  mirrored: Listing[],
  asked: HealthFix | "every-automatic",
  phase: Phase,
): Promise<Result<string | null>> {
  const findings = healthCheck(mirrored, phase).findings;
  const fixes = asked === "every-automatic" ? automaticFixes(mirrored, phase) : [asked];
  const fixesOf = new Map<number, HealthFix[]>();
  for (const fix of fixes)
    for (const listing of findings.find((entry) => entry.finding === fix.finding)?.listings ?? [])
      fixesOf.set(listing.id, [...(fixesOf.get(listing.id) ?? []), fix]);
  if (fixesOf.size === 0) return { ok: true, data: null };
  const read = await readListingQuestions(runner.marketplace, seller, [...fixesOf.keys()]);
  if (!read.ok) return read;
  const targets = new Map<number, { after: Question[] }>();
  const turnedOff = new Set<number>();
  for (const listing of read.data) {
    let after: Question[] | null = null;
    for (const fix of fixesOf.get(listing.listingId) ?? []) {
      const fixed = fixedQuestions(after ?? listing.questions, fix);
      if (!fixed) continue;
      after = fixed;
      if (fix.fix === "turn-off") turnedOff.add(listing.listingId);
    }
    if (after) targets.set(listing.listingId, { after });
  }
  if (targets.size === 0) return { ok: true, data: null };
  const items = planOfTargets(read.data, targets, phase).map((item) =>
    // Turning personalization off on a listing that asks nothing writes [] over [], which the plan alone calls unchanged.
    turnedOff.has(item.listingId) && item.status === "unchanged"
      ? { ...item, status: "change" as const, after: [], diff: [TURN_OFF_DIFF] }
      : item,
  );
  // A plan with nothing to write is not stored (null): the seller is told there is nothing to change.
  return {
    ok: true,
    data: await runner.plans.create({
      ...seller,
      description: describeFixes(fixes),
      phase,
      items,
      rate: { perSecond: runner.pacer.perSecond(), remainingToday: runner.lastRemainingToday() },
    }),
  };
}
