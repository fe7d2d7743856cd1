import type { PersonalizationPhase } from "../env-schema";
import "server-only";
import { tokenStore } from "../tokens/token-store";
import { db } from "../db";
import { env } from "../env";
import { logger } from "../observability/logger";
import { onShutdown } from "../observability/shutdown";
import { marketplaceConfig } from "../marketplace/config";
import type { Result } from "../marketplace/failure";
import { marketplace, type Marketplace } from "../marketplace";
import { describeChange, type Change } from "./field-change";
import { listingFields, planOfChange, planOfTargets, undoTarget, type PlanTarget } from "./plan";
import { readListingQuestions } from "./listing-reads";
import { type Seller } from "../marketplace/wire";
import { createPlanRunner, type PlanRunner } from "./plan-runner";
import type { NewPlan, Plan } from "./plan-records";
import { rewriteOldPlanRows } from "./old-plan-rows";
import type { ListingQuestions } from "../marketplace/question-wire";
import { questionDiff } from "../personalization/question-diff";

const globalForPlans = globalThis as unknown as { changePlanRunner?: Promise<PlanRunner> };

export function planRunner(): Promise<PlanRunner> {
  globalForPlans.changePlanRunner ??= db()
    .then(async (database) => {
      await rewriteOldPlanRows(database);
      const runner = createPlanRunner(
        { db: database, config: marketplaceConfig(), store: tokenStore(database) },
        { leaseMs: env().CHANGE_LEASE_MS },
      );
      runner.start();
      // SIGTERM (instrumentation.ts): the rows in flight are written and recorded, the rest of the batch is released.
      onShutdown("change runner", async () => {
        await runner.stop();
        logger().info({ msg: "change runner stopped" });
      });
      return runner;
    })
    .catch((error: unknown) => {
      globalForPlans.changePlanRunner = undefined;
      throw error;
    });
  return globalForPlans.changePlanRunner;
}

export async function planChange(
  seller: Seller,
  listings: readonly ListingQuestions[],
  change: Change,
  phase: PersonalizationPhase,
): Promise<string | null> {
  const runner = await planRunner();
  const items = planOfChange(listings, change, phase);
  const description = describeChange(change, listings[0]?.currencyCode);
  return runner.plans.create({ ...seller, description, phase, items, rate: rateNow(runner) });
}

export async function planTargets(
  seller: Seller,
  listings: readonly ListingQuestions[],
  targets: ReadonlyMap<number, PlanTarget>,
  description: string,
  phase: PersonalizationPhase,
  using?: PlanRunner,
): Promise<string | null> {
  const runner = using ?? (await planRunner());
  const items = planOfTargets(listings, targets, phase);
  return runner.plans.create({ ...seller, description, phase, items, rate: rateNow(runner) });
}

const UNDO_LEFT = "Someone changed what this change wrote since, so it is left as they made it.";

/**
 * `reads`: the seller's own client (the foreground lane), by default the dashboard's: the seller asked for this read,
 * so it goes ahead of the runner's work and stays out of the runner's quota log.
 */
export async function planUndo(
  seller: Seller,
  plan: Plan,
  using: { runner?: PlanRunner; reads?: Marketplace } = {},
): Promise<Result<string | null>> {
  const runner = using.runner ?? (await planRunner());
  const written = await runner.review.written(plan.id);
  // The plan's own rows, each checked against the shop when the plan was made.
  const current = await readListingQuestions(
    using.reads ?? (await marketplace()),
    seller,
    written.map((item) => item.listingId),
  );
  if (!current.ok) return current;
  const now = new Map(current.data.map((listing) => [listing.listingId, listing]));
  const items = written.flatMap((item): NewPlan["items"] => {
    const listing = now.get(item.listingId);
    if (!listing) return [];
    const undo = undoTarget(item.before, item.after, listing.questions);
    const common = { ...listingFields(listing), kept: undo.kept };
    if (!undo.after) return [{ ...common, status: "skipped", reason: UNDO_LEFT, after: null, diff: [] }];
    const diff = questionDiff(listing.questions, undo.after);
    return [{ ...common, status: "change", reason: null, after: undo.after, diff }];
  });
  const description = `Undo: ${plan.description}`;
  const undoPlan = { ...seller, description, phase: plan.phase, undoOf: plan.id, items, rate: rateNow(runner) };
  return { ok: true, data: await runner.plans.create(undoPlan) };
}

const rateNow = (runner: PlanRunner): Plan["rate"] => ({
  perSecond: runner.pacer.perSecond(),
  remainingToday: runner.lastRemainingToday(),
});
