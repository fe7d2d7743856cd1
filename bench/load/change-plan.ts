// A change at scale: a field-level change planned over 10,000 listings (reading them 100 at a time, judging each,
// keeping the plan) and then applied by the change runner, against a sandbox (its own process) that allows the app 20
// requests a second. Targets: the plan is built in under 10 s, the apply takes at most 1.03x what the limit alone needs
// for the plan's requests (one write per listing, one read per 100), no listing is left unwritten, and memory stays
// flat (the runner's and the sandbox's RSS, sampled every second).
// `npx tsx bench/load/change-plan.ts [--listings 10000] [--per-second 20]` (`--listings 100` runs in a few seconds);
// `--json` prints one JSON line.
import { benchShop, figuresOf, requestTally } from "./bench-shop";
import { runPartAlone } from "./bench-part";
import { sandboxControl } from "../../test/harness/sandbox";
import { rssMb } from "../processes";

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
  /** Marketplace requests the sandbox logged during the apply, and how many it answered 429. */
  requestsLogged: number;
  rateLimited: number;
  /** Requests the sandbox's log (its last 2,000) dropped before the bench read them; 0 when every request was counted. */
  uncounted: number;
  done: number;
  failed: number;
  /** Resident memory over the apply, sampled every second: the runner's process (the dashboard's side) and the sandbox's. */
  memory: MemorySample[];
};

/** runnerMb and heapMb are read right after a full garbage collection: what the runner holds, not when V8 last collected. */
export type MemorySample = { seconds: number; runnerMb: number; heapMb: number; sandboxMb: number };

type MemoryKey = "runnerMb" | "heapMb" | "sandboxMb";

export const DEFAULT_LISTINGS = 10_000;

/** Growth allowed between the second and the last quarter of the run (the first is warm-up): 10% and 10 MB. */
const FLAT = { share: 0.1, mb: 10 };

/** The median RSS of each quarter of the run, per process. */
export function memoryQuarters(samples: MemorySample[], key: MemoryKey) {
  const quarter = (index: number) => {
    const slice = samples.slice(
      Math.floor((index * samples.length) / 4),
      Math.max(Math.floor(((index + 1) * samples.length) / 4), Math.floor((index * samples.length) / 4) + 1),
    );
    const sorted = slice.map((sample) => sample[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  return [0, 1, 2, 3].map(quarter);
}

/** One process's RSS is flat when the last quarter's median is no more than 10% (and 10 MB) above the second's. */
export function processFlat(samples: MemorySample[], key: MemoryKey) {
  if (samples.length < 4) return false;
  const [, second = Number.NaN, , last = Number.NaN] = memoryQuarters(samples, key);
  return last - second <= Math.max(FLAT.mb, FLAT.share * second);
}

/** Flat: neither process grew. */
export const memoryFlat = (samples: MemorySample[]) =>
  processFlat(samples, "runnerMb") && processFlat(samples, "sandboxMb");

export type ChangePlanResult = ChangePlanFigures | { skipped: string };

export const PLAN_TARGET_SECONDS = 10;
export const APPLY_TARGET_RATIO = 1.03;

export const changePlanMet = (figures: ChangePlanFigures) =>
  figures.planSeconds < PLAN_TARGET_SECONDS &&
  figures.ratio <= APPLY_TARGET_RATIO &&
  figures.failed === 0 &&
  figures.done === figures.changes &&
  memoryFlat(figures.memory);

/** Runs in a process started with the react-server condition: the runner is server-only code. */
async function measure(listings: number, perSecond: number): Promise<ChangePlanFigures> {
  const { createPlanRunner } = await import("../../lib/changes/plan-runner");
  const { readListingQuestions } = await import("../../lib/changes/listing-reads");
  const { planOfChange, costOf } = await import("../../lib/changes/plan");
  const { sandbox, db, store, seller, config, close } = await benchShop(listings, perSecond, "plan");
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
    const planId = (await runner.plans.create({
      ...who,
      description: "bench",
      phase: "multi",
      rate: { perSecond, remainingToday: null },
      items,
    }))!;
    const planSeconds = (Date.now() - planStarted) / 1000;

    const changes = items.filter((item) => item.status === "change").length;
    const { requests } = costOf(changes, { perSecond, remainingToday: null });
    const { requests: before } = (await sandboxControl(sandbox.url, "/requests")).body as {
      requests: { id: number }[];
    };
    const tally = requestTally(sandbox.url, before.at(-1)?.id ?? 0);
    const applyStarted = Date.now();
    const memory: MemorySample[] = [];
    // Started with --expose-gc (measureChangePlan): without a collection first, a sample reads the V8 heap at whatever
    // size it last grew to before collecting, which swings by 20 MB within a minute of this same steady work.
    const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
    const sample = () => {
      collect();
      const { rss, heapUsed } = process.memoryUsage();
      memory.push({
        seconds: (Date.now() - applyStarted) / 1000,
        runnerMb: rss / 1048576,
        heapMb: heapUsed / 1048576,
        sandboxMb: sandbox.pid ? rssMb(sandbox.pid) : 0,
      });
      void tally.read();
    };
    sample();
    const sampler = setInterval(sample, 1000);
    if (!(await runner.plans.startApply(planId, who.shopId))) throw new Error("the plan did not start");
    await runner.apply((await runner.plans.find(planId))!);
    const applySeconds = (Date.now() - applyStarted) / 1000;
    clearInterval(sampler);
    sample();
    await tally.read();
    const { outcomes } = await runner.review.counts(planId);
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
      requestsLogged: tally.requests,
      rateLimited: tally.rateLimited,
      uncounted: tally.uncounted,
      done: outcomes.done ?? 0,
      failed: (outcomes.failed ?? 0) + (outcomes.pending ?? 0) + (outcomes["changed-elsewhere"] ?? 0),
      memory,
    };
  } finally {
    await close();
  }
}

/** For `npm run bench`: the same measurement in a child process with the react-server condition. */
export const measureChangePlan = (listings = DEFAULT_LISTINGS, perSecond = 20) =>
  figuresOf<ChangePlanFigures>("bench/load/change-plan.ts", ["--expose-gc"], listings, perSecond);

export function describeChangePlan(figures: ChangePlanFigures): string[] {
  return [
    `change plan: ${figures.listings} listings at ${figures.perSecond} requests/s`,
    `  plan built      ${figures.planSeconds.toFixed(2)} s (read, judged, kept), target < ${PLAN_TARGET_SECONDS} s: ${figures.planSeconds < PLAN_TARGET_SECONDS ? "within target" : "OUTSIDE target"}`,
    `  apply           ${figures.applySeconds.toFixed(1)} s for ${figures.requests} requests (the limit allows ${figures.limitSeconds.toFixed(1)} s): ${figures.ratio.toFixed(3)}x, target <= ${APPLY_TARGET_RATIO}x, ${figures.ratio <= APPLY_TARGET_RATIO ? "within target" : "OUTSIDE target"}`,
    `  requests        ${figures.requestsLogged} to the marketplace during the apply, ${figures.rateLimited} answered 429${figures.uncounted ? `; ${figures.uncounted} more the sandbox's log dropped before they were read` : ""}`,
    `  listings        ${figures.done} of ${figures.changes} changes written, ${figures.failed} not`,
    `  runner RSS      ${quarters(figures.memory, "runnerMb")} MB (median of each quarter of the apply, after a full GC), peak ${peak(figures.memory, "runnerMb")} MB; ${processFlat(figures.memory, "runnerMb") ? "flat" : "NOT flat"}`,
    `  runner heap     ${quarters(figures.memory, "heapMb")} MB used after a full GC`,
    `  sandbox RSS     ${quarters(figures.memory, "sandboxMb")} MB, peak ${peak(figures.memory, "sandboxMb")} MB; ${processFlat(figures.memory, "sandboxMb") ? "flat" : "NOT flat"}`,
  ];
}

const quarters = (samples: MemorySample[], key: MemoryKey) =>
  memoryQuarters(samples, key)
    .map((mb) => mb.toFixed(0))
    .join(" / ");
export const peak = (samples: MemorySample[], key: MemoryKey) =>
  Math.max(...samples.map((sample) => sample[key])).toFixed(0);

if (process.argv[1]?.endsWith("bench/load/change-plan.ts"))
  await runPartAlone({
    defaultListings: DEFAULT_LISTINGS,
    measure: measure,
    inChild: measureChangePlan,
    describe: describeChangePlan,
    met: changePlanMet,
  });
