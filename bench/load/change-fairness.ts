// Fair turns on the app's rate limit: seller A's long change runs at the limit; seller B saves one listing at a time
// meanwhile (the editor's save, ahead of the change's writes) and then starts a change of their own. Targets: B's saves p99 under 500 ms,
// and B's change gets at least 45% of the app's requests until it finishes.
// `npx tsx bench/load/change-fairness.ts [--listings 10000] [--per-second 20]` (A's listings; B has 500 or a tenth);
// `--json`.
import { createSeller, sandboxControl } from "../../test/harness/sandbox";
import { storeSellerTokens } from "../../test/harness/seller-marketplace";
import { runPartAlone } from "./bench-part";
import { engraving } from "../../test/harness/wire-questions";
import { collectRequests } from "../../test/harness/write-audit";
import { percentile } from "../stats";
import { sleep } from "../processes";
import { benchShop, figuresOf } from "./bench-shop";

export type ChangeFairnessFigures = {
  listings: number;
  otherListings: number;
  perSecond: number;
  saves: number;
  saveP99Ms: number;
  /** B's requests over all the app's requests from B's change's start to its end. */
  otherShare: number;
  otherSeconds: number;
};

export type ChangeFairnessResult = ChangeFairnessFigures | { skipped: string };

export const SAVE_P99_TARGET_MS = 500;
export const SHARE_TARGET = 0.45;

export const changeFairnessMet = (figures: ChangeFairnessFigures) =>
  figures.saveP99Ms < SAVE_P99_TARGET_MS && figures.otherShare >= SHARE_TARGET;

/** Runs in a process started with the react-server condition: the runner is server-only code. */
async function measure(listings: number, perSecond: number): Promise<ChangeFairnessFigures> {
  const { createPlanRunner } = await import("../../lib/changes/plan-runner");
  const { readListingQuestions } = await import("../../lib/changes/listing-reads");
  const { planOfTargets } = await import("../../lib/changes/plan");
  const { createMarketplace } = await import("../../lib/marketplace/client");
  const { sharedPacer } = await import("../../lib/marketplace/shared-pacer");
  const { historyStore } = await import("../../lib/history/history-store");
  const { changeListing } = await import("../../lib/writes/recorded-write");
  const { sandbox, db, store, seller, config, close } = await benchShop(listings, perSecond, "fairness");
  const runner = createPlanRunner({ db, config, store });
  try {
    const otherListings = Math.min(500, Math.max(10, Math.round(listings / 10)));
    const other = await createSeller(sandbox.url, { listings: otherListings });
    await storeSellerTokens(store, sandbox.url, other.user_id, ["listings_r", "listings_w", "shops_r"]);
    const change = async (who: { userId: number; shopId: number }, ids: number[], instructions: string) => {
      const read = await readListingQuestions(runner.marketplace, who, ids);
      if (!read.ok) throw new Error(`reading the listings failed: ${read.failure.kind}`);
      const after = [engraving(instructions)];
      const planId = (await runner.plans.create({
        ...who,
        description: instructions,
        phase: "single",
        rate: { perSecond, remainingToday: null },
        items: planOfTargets(read.data, new Map(read.data.map((each) => [each.listingId, { after }])), "single"),
      }))!;
      await runner.plans.startApply(planId, who.shopId);
      runner.wake();
      return planId;
    };
    const a = { userId: seller.user_id, shopId: seller.shop_id as number };
    const b = { userId: other.user_id, shopId: other.shop_id as number };
    runner.start();
    await change(a, seller.listing_ids, "Seller A's change");
    await sleep(5_000);

    // B's single saves: the editor's path, through the dashboard's own client (lib/marketplace/index.ts).
    const editor = createMarketplace({ ...config, pacer: sharedPacer(db, { foreground: true }) }, store);
    const history = historyStore(db);
    const saveMs: number[] = [];
    for (const [index, listingId] of other.listing_ids.slice(0, 20).entries()) {
      const started = performance.now();
      const saved = await changeListing(history, editor, {
        changer: b,
        listingId,
        target: {
          questions: [
            {
              type: "text_input",
              title: "Personalization",
              instructions: `Save ${index}`,
              required: false,
              maxAllowedCharacters: 30,
            },
          ],
        },
        action: "save",
      });
      if (saved.ok) saveMs.push(performance.now() - started);
      await sleep(250);
    }

    const control = (path: string) => sandboxControl(sandbox.url, path);
    const { requests: earlier } = (await control("/requests")).body as { requests: { id: number }[] };
    const log = collectRequests(control, earlier.at(-1)?.id ?? 0);
    const otherStarted = Date.now();
    const otherPlan = await change(b, other.listing_ids, "Seller B's change");
    while ((await runner.plans.find(otherPlan))?.status !== "applied") await sleep(100);
    const otherSeconds = (Date.now() - otherStarted) / 1000;
    const { seen } = await log.stop();
    const api = seen.filter((entry) => entry.path.startsWith("/v3/application/") && entry.status !== 429);
    return {
      listings,
      otherListings,
      perSecond,
      saves: saveMs.length,
      saveP99Ms: percentile(saveMs, 99),
      otherShare: api.filter((entry) => entry.bearer_user === other.user_id).length / Math.max(1, api.length),
      otherSeconds,
    };
  } finally {
    await runner.stop();
    await close();
  }
}

/** For `npm run bench`: the same measurement in a child process with the react-server condition. */
export const measureChangeFairness = (listings = 10_000, perSecond = 20) =>
  figuresOf<ChangeFairnessFigures>("bench/load/change-fairness.ts", [], listings, perSecond);

export function describeChangeFairness(figures: ChangeFairnessFigures): string[] {
  return [
    `fairness: seller A's ${figures.listings} listings at ${figures.perSecond} requests/s, seller B's saves and ${figures.otherListings}-listing change`,
    `  B's saves       p99 ${figures.saveP99Ms.toFixed(0)} ms over ${figures.saves}, target < ${SAVE_P99_TARGET_MS} ms`,
    `  B's change      ${(figures.otherShare * 100).toFixed(1)}% of the app's requests for ${figures.otherSeconds.toFixed(1)} s, target >= ${SHARE_TARGET * 100}%`,
    `  ${changeFairnessMet(figures) ? "within target" : "OUTSIDE target"}`,
  ];
}

if (process.argv[1]?.endsWith("bench/load/change-fairness.ts"))
  await runPartAlone({
    defaultListings: 10_000,
    measure: measure,
    inChild: measureChangeFairness,
    describe: describeChangeFairness,
    met: changeFairnessMet,
  });
