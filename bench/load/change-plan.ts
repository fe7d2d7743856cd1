// Change plans at scale: a field-level change planned over 10,000 listings (reading them 100 at a time, judging each,
// keeping the plan) and then applied by the plan runner, against a sandbox (its own process) that allows the app 20
// requests a second. Targets: the plan is built in under 10 s, and the apply takes at most 1.03x what the limit alone
// needs for the plan's requests (one write per listing, one read per 100).
// `npx tsx bench/load/change-plan.ts [--listings 10000] [--per-second 20]` (`--listings 100` runs in a few seconds);
// `--json` prints one JSON line.
import { benchShop, figuresOf } from "./bulk";
import { runPartAlone } from "./bench-part";

export type ChangePlanFigures = {
  listings: number;
  perSecond: number;
  /** Reading every listing, judging the change on each, and keeping the plan. */
  planSeconds: number;
  changes: number;
  requests: number;
  applySeconds: number;
  /** What the limit alone allows for the plan's requests. */
  limitSeconds: number;
  ratio: number;
  done: number;
  failed: number;
};

export type ChangePlanResult = ChangePlanFigures | { skipped: string };

export const PLAN_TARGET_SECONDS = 10;
export const APPLY_TARGET_RATIO = 1.03;

export const changePlanMet = (figures: ChangePlanFigures) =>
  figures.planSeconds < PLAN_TARGET_SECONDS &&
  figures.ratio <= APPLY_TARGET_RATIO &&
  figures.failed === 0 &&
  figures.done === figures.changes;

/** Runs in a process started with the react-server condition: the runner is server-only code. */
async function measure(listings: number, perSecond: number): Promise<ChangePlanFigures> {
  const { createPlanRunner } = await import("../../lib/changes/plan-runner");
  const { readListingQuestions } = await import("../../lib/changes/listing-reads");
  const { planOfChange, costOf } = await import("../../lib/changes/plan");
  const { db, store, seller, config, close } = await benchShop(listings, perSecond, "plan");
  try {
    const runner = createPlanRunner({ db, config, store });
    const who = { userId: seller.user_id, shopId: seller.shop_id as number };

    // What planChangeAction does once the selection is known (lib/changes/planning.ts, without Next's request scope).
    const planStarted = Date.now();
    const read = await readListingQuestions(runner.marketplace, who, seller.listing_ids);
    if (!read.ok) throw new Error(`reading the listings failed: ${read.failure.kind}`);
    const items = planOfChange(
      read.data,
      {
        kind: "add-question",
        question: {
          type: "text_input",
          title: "Name",
          instructions: "Name to engrave",
          required: false,
          maxAllowedCharacters: 20,
        },
        position: 1,
      },
      "multi",
    );
    const planId = await runner.plans.create({
      ...who,
      description: "bench",
      phase: "multi",
      rate: { perSecond, remainingToday: null },
      items,
    });
    const planSeconds = (Date.now() - planStarted) / 1000;

    const changes = items.filter((item) => item.status === "change").length;
    const { requests } = costOf(changes, { perSecond, remainingToday: null });
    const applyStarted = Date.now();
    if (!(await runner.plans.startApply(planId, who.shopId))) throw new Error("the plan did not start");
    await runner.apply((await runner.plans.find(planId))!);
    const applySeconds = (Date.now() - applyStarted) / 1000;
    const { outcomes } = await runner.plans.counts(planId);
    const limitSeconds = requests / perSecond;
    return {
      listings,
      perSecond,
      planSeconds,
      changes,
      requests,
      applySeconds,
      limitSeconds,
      ratio: applySeconds / limitSeconds,
      done: outcomes.done ?? 0,
      failed: (outcomes.failed ?? 0) + (outcomes.pending ?? 0) + (outcomes["changed-elsewhere"] ?? 0),
    };
  } finally {
    await close();
  }
}

/** For `npm run bench`: the same measurement in a child process with the react-server condition. */
export const measureChangePlan = (listings = 10_000, perSecond = 20) =>
  figuresOf<ChangePlanFigures>("bench/load/change-plan.ts", [], listings, perSecond);

export function describeChangePlan(figures: ChangePlanFigures): string[] {
  return [
    `change plan: ${figures.listings} listings at ${figures.perSecond} requests/s`,
    `  plan built      ${figures.planSeconds.toFixed(2)} s (read, judged, kept), target < ${PLAN_TARGET_SECONDS} s: ${figures.planSeconds < PLAN_TARGET_SECONDS ? "within target" : "OUTSIDE target"}`,
    `  apply           ${figures.applySeconds.toFixed(1)} s for ${figures.requests} requests (the limit allows ${figures.limitSeconds.toFixed(1)} s): ${figures.ratio.toFixed(3)}x, target <= ${APPLY_TARGET_RATIO}x, ${figures.ratio <= APPLY_TARGET_RATIO ? "within target" : "OUTSIDE target"}`,
    `  listings        ${figures.done} of ${figures.changes} changes written, ${figures.failed} not`,
  ];
}

if (process.argv[1]?.endsWith("bench/load/change-plan.ts"))
  await runPartAlone({
    defaultListings: 10_000,
    measure: measure,
    inChild: measureChangePlan,
    describe: describeChangePlan,
    met: changePlanMet,
  });
