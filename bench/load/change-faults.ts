// Fault soak: a change over N listings applied by two change runners (two instances on one database) while the
// sandbox fails 10% of the requests: a 503 before the write, a 504 after it (the answer lost), a 429. Counted from
// the sandbox's request log and store against the change's rows and history; the target is 0 of each:
// lost (reported or recorded done, not held), phantom (held, reported not done), doubled (written twice with no
// read-back between). `npx tsx bench/load/change-faults.ts [--listings 2000] [--per-second 20]`; `--json`.
import { sandboxControl, storedListing } from "../../test/harness/sandbox";
import { runPartAlone } from "./bench-part";
import { engraving } from "../../test/harness/wire-questions";
import { collectRequests, doubledWrites } from "../../test/harness/write-audit";
import { benchShop, figuresOf } from "./bench-shop";

export type ChangeFaultFigures = {
  listings: number;
  perSecond: number;
  seconds: number;
  requests: number;
  faulted: number;
  done: number;
  reported: number;
  lost: number;
  phantom: number;
  doubled: number;
  uncounted: number;
};

export type ChangeFaultResult = ChangeFaultFigures | { skipped: string };

export const DEFAULT_SOAK_LISTINGS = 2_000;
const FAULT_SHARE = 0.034;
const INSTRUCTIONS = "Name to engrave, soaked";

export const changeFaultsMet = (figures: ChangeFaultFigures) =>
  figures.lost === 0 && figures.phantom === 0 && figures.doubled === 0 && figures.uncounted === 0;

/** Runs in a process started with the react-server condition: the runner is server-only code. */
async function measure(listings: number, perSecond: number): Promise<ChangeFaultFigures> {
  const { createPlanRunner } = await import("../../lib/changes/plan-runner");
  const { readListingQuestions } = await import("../../lib/changes/listing-reads");
  const { planOfTargets } = await import("../../lib/changes/plan");
  const { sandbox, db, store, seller, config, close } = await benchShop(listings, perSecond, "faults");
  const runners = [createPlanRunner({ db, config, store }), createPlanRunner({ db, config, store })];
  try {
    const [runner] = runners as [(typeof runners)[number]];
    const who = { userId: seller.user_id, shopId: seller.shop_id as number };
    const read = await readListingQuestions(runner.marketplace, who, seller.listing_ids);
    if (!read.ok) throw new Error(`reading the listings failed: ${read.failure.kind}`);
    const after = [engraving(INSTRUCTIONS)];
    const planId = (await runner.plans.create({
      ...who,
      description: "fault soak",
      phase: "single",
      rate: { perSecond, remainingToday: null },
      items: planOfTargets(read.data, new Map(read.data.map((listing) => [listing.listingId, { after }])), "single"),
    }))!;
    const control = (path: string) => sandboxControl(sandbox.url, path);
    const { requests: earlier } = (await control("/requests")).body as { requests: { id: number }[] };
    const log = collectRequests(control, earlier.at(-1)?.id ?? 0);
    const everywhere = { path: "/v3/application/*", times: 10_000_000, share: FAULT_SHARE };
    await sandboxControl(sandbox.url, "/faults", { ...everywhere, status: 503 });
    await sandboxControl(sandbox.url, "/faults", { ...everywhere, method: "POST", status: 504, after_write: true });
    await sandboxControl(sandbox.url, "/faults", { ...everywhere, status: 429, retry_after: 1 });

    const started = Date.now();
    await runner.plans.startApply(planId, who.shopId);
    for (const each of runners) each.start();
    const deadline = started + (listings / perSecond) * 3000 + 60_000;
    while ((await runner.plans.find(planId))?.status !== "applied") {
      if (Date.now() > deadline) throw new Error("the change had not finished in three times the limit's time");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (Date.now() - started) / 1000;
    await Promise.all(runners.map((each) => each.stop()));
    await sandboxControl(sandbox.url, "/faults", undefined, "DELETE");
    const { seen, gaps } = await log.stop();

    const rows = await db.query<{ listing_id: number; outcome: string }>(
      "SELECT listing_id, outcome FROM change_plan_items WHERE plan_id = $1",
      [planId],
    );
    const history = await db.query<{ listing_id: number }>(
      "SELECT listing_id FROM personalization_history WHERE job_id = $1 AND outcome <> 'unknown'",
      [planId],
    );
    const held = new Set<number>();
    for (const id of seller.listing_ids)
      if (JSON.stringify((await storedListing(sandbox.url, id)).personalization).includes(INSTRUCTIONS)) held.add(id);
    const done = new Set(rows.filter((row) => row.outcome === "done").map((row) => Number(row.listing_id)));
    const recorded = new Set(history.map((entry) => Number(entry.listing_id)));
    return {
      listings,
      perSecond,
      seconds,
      requests: seen.filter((entry) => entry.path.startsWith("/v3/application/")).length,
      faulted: seen.filter((entry) => [503, 504, 429].includes(entry.status)).length,
      done: done.size,
      reported: rows.filter((row) => row.outcome !== "done").length,
      lost: [...new Set([...done, ...recorded])].filter((id) => !held.has(id)).length,
      phantom: [...held].filter((id) => !done.has(id)).length,
      doubled: doubledWrites(seen).length,
      uncounted: gaps,
    };
  } finally {
    await Promise.all(runners.map((each) => each.stop()));
    await close();
  }
}

/** For `npm run bench`: the same measurement in a child process with the react-server condition. */
export const measureChangeFaults = (listings = DEFAULT_SOAK_LISTINGS, perSecond = 20) =>
  figuresOf<ChangeFaultFigures>("bench/load/change-faults.ts", [], listings, perSecond);

export function describeChangeFaults(figures: ChangeFaultFigures): string[] {
  return [
    `fault soak: ${figures.listings} listings at ${figures.perSecond} requests/s, 10% of requests faulted`,
    `  time            ${figures.seconds.toFixed(1)} s; ${figures.requests} requests, ${figures.faulted} faulted`,
    `  listings        ${figures.done} done, ${figures.reported} reported with a reason`,
    `  lost ${figures.lost}, phantom ${figures.phantom}, doubled ${figures.doubled}, uncounted ${figures.uncounted}: ${changeFaultsMet(figures) ? "within target (all 0)" : "OUTSIDE target"}`,
  ];
}

if (process.argv[1]?.endsWith("bench/load/change-faults.ts"))
  await runPartAlone({
    defaultListings: DEFAULT_SOAK_LISTINGS,
    measure: measure,
    inChild: measureChangeFaults,
    describe: describeChangeFaults,
    met: changeFaultsMet,
  });
