import "server-only";
import type { Result } from "../marketplace/failure";
import type { Listing } from "../marketplace/wire";
import type { Phase } from "../changes/field-change";
import { readListingQuestions } from "../changes/listing-reads";
import { planOfTargets } from "../changes/plan";
import type { PlanRunner } from "../changes/plan-runner";
import type { Question } from "../marketplace/wire";
import { healthCheck } from "./health-check";
import { describeFix, fixedQuestions, TURN_OFF_DIFF, type HealthFix } from "./health-fixes";

type Seller = { userId: number; shopId: number };

export async function planHealthFix(
  runner: PlanRunner,
  seller: Seller,
  mirrored: Listing[],
  fix: HealthFix,
  phase: Phase,
): Promise<Result<string | null>> {
  const found = healthCheck(mirrored, phase).findings.find((entry) => entry.finding === fix.finding);
  if (!found) return { ok: true, data: null };
  const read = await readListingQuestions(
    runner.marketplace,
    seller,
    found.listings.map((listing) => listing.id),
  );
  if (!read.ok) return read;
  const targets = new Map<number, { after: Question[] }>();
  for (const listing of read.data) {
    const after = fixedQuestions(listing.questions, fix);
    if (after) targets.set(listing.listingId, { after });
  }
  if (targets.size === 0) return { ok: true, data: null };
  const items = planOfTargets(read.data, targets, phase).map((item) =>
    // Turning personalization off on a listing that asks nothing writes [] over [], which the plan alone calls unchanged.
    fix.fix === "turn-off" && item.status === "unchanged"
      ? { ...item, status: "change" as const, after: [], diff: [TURN_OFF_DIFF] }
      : item,
  );
  // A plan with nothing to write is not stored (null): the seller is told there is nothing to change.
  return {
    ok: true,
    data: await runner.plans.create({
      ...seller,
      description: describeFix(fix),
      phase,
      items,
      rate: { perSecond: runner.pacer.perSecond(), remainingToday: runner.lastRemainingToday() },
    }),
  };
}
