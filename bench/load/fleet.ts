// How many sellers one app key serves. Measured, on the built dashboard against the sandbox, webhooks on and then off:
// what each activity of a seller's day costs in marketplace requests (the sandbox's request log, /v3/ only, each
// activity alone), how soon an outside change is in the mirror, and the save's p99 while the app spends its per-second
// limit at the busiest hour's rate of the sellers the day quota allows (the sample's saves through the dashboard, the
// other sellers' requests sent straight to the sandbox with the app's key). Computed (fleet-day.ts): a seller's day from
// those costs, and the sellers each tier's day quota allows; the answer is the most sellers whose save p99 stays under
// 500 ms, halving from the day quota's figure when it does not.
// `npx tsx bench/load/fleet.ts [--sample 4] [--seconds 20] [--json]` on a build (`npx next build`).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { costOf, READ_BATCH } from "../../lib/changes/plan";
import { freePort, startDashboard } from "../../test/harness/dashboard-process";
import { signInOverHttp } from "../../test/harness/http-sign-in";
import { createSeller, sandboxControl } from "../../test/harness/sandbox";
import { callSaveAction, saveActionId } from "../dashboard/save-action";
import { sleep, startBenchSandbox } from "../processes";
import { percentile } from "../stats";
import { runWithOptions } from "./bench-part";
import {
  busiestHourPerSecond,
  FRESH_WITHIN_S,
  SAVE_P99_LIMIT_MS,
  SELLER_DAY,
  sellerDay,
  sellersByDayQuota,
  TIERS,
  type ActivityCosts,
  type Tier,
} from "./fleet-day";

/** The poll period the bench runs with to count a poll's requests; the rows are computed for the periods below. */
const MEASURING_POLL_S = 5;
const POLL_ROWS_S = [60, FRESH_WITHIN_S];
const LISTINGS = 20;
const HALVINGS = 3;

export type FleetRow = {
  mirror: string;
  tier: Tier["name"];
  perSellerDay: number;
  byDayQuota: number;
  /** Every try, largest first: the sellers, their busiest hour's requests a second, and the save p99 measured. */
  tries: { sellers: number; perSecond: number; saveP99Ms: number; saves: number }[];
  sellers: number;
  freshWithinS: number;
};

export type FleetFigures = {
  sample: number;
  seconds: number;
  costs: { webhooks: ActivityCosts; polling: ActivityCosts };
  /** Seconds from an outside change to the mirror holding it: the median and the longest over the sample. */
  seen: { webhooks: { p50: number; max: number }; polling: { p50: number; max: number; pollSeconds: number } };
  rows: FleetRow[];
};

export const describeFleet = (f: FleetFigures) => [
  `a seller's day: ${Object.entries(SELLER_DAY)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ")}`,
  ...(["webhooks", "polling"] as const).map(
    (mode) =>
      `${mode}: requests per listing view ${f.costs[mode].listingView.toFixed(2)}, editor view ${f.costs[mode].editorView.toFixed(2)}, save ${f.costs[mode].save.toFixed(2)}, orders view ${f.costs[mode].orderView.toFixed(2)}, paid order ${f.costs[mode].order.toFixed(2)}, outside change ${f.costs[mode].outsideChange.toFixed(2)}, poll of a shop ${f.costs[mode].pollRound.toFixed(2)}, bulk change ${f.costs[mode].bulkChange}`,
  ),
  `an outside change seen: webhooks p50 ${f.seen.webhooks.p50.toFixed(1)} s (max ${f.seen.webhooks.max.toFixed(1)} s); polling every ${f.seen.polling.pollSeconds} s p50 ${f.seen.polling.p50.toFixed(1)} s (max ${f.seen.polling.max.toFixed(1)} s)`,
  ...f.rows.map(
    (row) =>
      `${row.tier} key, ${row.mirror}: ${row.perSellerDay.toFixed(0)} requests a seller-day, day quota ${row.byDayQuota} sellers; ${row.tries.map((t) => `${t.sellers} sellers (${t.perSecond.toFixed(1)}/s) save p99 ${t.saveP99Ms.toFixed(0)} ms`).join("; ")} → ${row.sellers} sellers`,
  ),
];

const wait = (seconds: number) => (seconds < 120 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`);

/** The answer as a table: docs/benchmarks.md writes it, docs/deploy.md quotes it. */
export const fleetTable = (f: FleetFigures) => [
  "| key (per second, per day) | mirror | an outside change seen within | requests a seller-day | sellers the day quota allows | save p99 at their busiest hour | **sellers one key serves** |",
  "|---|---|---:|---:|---:|---|---:|",
  ...f.rows.map((row) => {
    const tier = TIERS.find((candidate) => candidate.name === row.tier)!;
    const tries = row.tries
      .map((t) => `${t.saveP99Ms.toFixed(0)} ms at ${t.sellers} (${t.perSecond.toFixed(1)} req/s)`)
      .join("; ");
    return `| ${row.tier} (${tier.perSecond}, ${tier.perDay.toLocaleString("en-US")}) | ${row.mirror} | ${wait(row.freshWithinS)} | ${row.perSellerDay.toFixed(0)} | ${row.byDayQuota.toLocaleString("en-US")} | ${tries} | **${row.sellers.toLocaleString("en-US")}** |`;
  }),
];

type Logged = { id: number; method: string; path: string; status: number };

export async function measureFleet(options: {
  sample: number;
  seconds: number;
  log?: (line: string) => void;
}): Promise<FleetFigures> {
  const log = options.log ?? console.log;
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const webhooks = await measureMode("webhooks", options, distDir, log);
  const polling = await measureMode("polling", options, distDir, log);
  return {
    sample: options.sample,
    seconds: options.seconds,
    costs: { webhooks: webhooks.costs, polling: polling.costs },
    seen: { webhooks: webhooks.seen, polling: { ...polling.seen, pollSeconds: MEASURING_POLL_S } },
    rows: [...webhooks.rows, ...polling.rows],
  };
}

async function measureMode(
  mode: "webhooks" | "polling",
  options: { sample: number; seconds: number },
  distDir: string,
  log: (line: string) => void,
) {
  const folder = mkdtempSync(join(tmpdir(), "bench-fleet-"));
  const sandbox = await startBenchSandbox();
  const port = await freePort();
  const dashboardUrl = `http://localhost:${port}`;
  let dashboard: Awaited<ReturnType<typeof startDashboard>> | undefined;
  try {
    const env: Record<string, string> = { NEXT_DIST_DIR: distDir };
    if (mode === "webhooks") {
      const { secret } = (
        await sandboxControl(sandbox.url, "/webhooks", { url: `${dashboardUrl}/api/webhooks/marketplace` })
      ).body as { secret: string };
      env.MARKETPLACE_WEBHOOK_SECRET = secret;
    } else env.MIRROR_POLL_SECONDS = String(MEASURING_POLL_S);
    dashboard = await startDashboard({
      port,
      sandboxUrl: sandbox.url,
      dashboardDb: join(folder, "dashboard.db"),
      stdio: "ignore",
      env,
    });
    const app = dashboard.app;
    const actionId = saveActionId(distDir);
    const lastId = async () =>
      ((await sandboxControl(sandbox.url, "/requests")).body as { requests: Logged[] }).requests.at(-1)?.id ?? 0;
    const requestsSince = async (since: number) =>
      ((await sandboxControl(sandbox.url, `/requests?since=${since}`)).body as { requests: Logged[] }).requests.filter(
        (entry) => entry.path.startsWith("/v3/"),
      ).length;
    /** The marketplace requests `run` led to, the dashboard's work after the answer included. */
    const cost = async (run: () => Promise<unknown>, settleMs = 500) => {
      const since = await lastId();
      await run();
      await sleep(settleMs);
      return requestsSince(since);
    };

    const sellers: (Awaited<ReturnType<typeof createSeller>> & { cookie: string })[] = [];
    for (let index = 0; index < options.sample; index++) {
      const seller = await createSeller(sandbox.url, { listings: LISTINGS });
      const { cookie } = await signInOverHttp(dashboardUrl, seller);
      sellers.push({ ...seller, cookie });
    }
    const get = async (cookie: string, path: string) => {
      const response = await fetch(`${dashboardUrl}${path}`, { headers: { cookie }, redirect: "manual" });
      await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    };
    const mirrorOf = async (cookie: string) =>
      (await (await fetch(`${dashboardUrl}/api/mirror`, { headers: { cookie } })).json()) as {
        status: string;
        outsideChanges: number;
      };
    // The first views fill the shop's mirror and kept orders: once per seller, not a day's cost.
    for (const seller of sellers) {
      await get(seller.cookie, "/listings");
      await get(seller.cookie, "/orders");
      for (const deadline = Date.now() + 60_000; (await mirrorOf(seller.cookie)).status !== "filled"; await sleep(200))
        if (Date.now() > deadline) throw new Error("a seller's mirror did not fill within 60 s");
    }
    await sleep(1000);

    const each = async (run: (seller: (typeof sellers)[number], index: number) => Promise<unknown>) => {
      let total = 0;
      for (const [index, seller] of sellers.entries()) total += await cost(() => run(seller, index));
      return total / sellers.length;
    };
    let saveNumber = 0;
    const save = async (seller: (typeof sellers)[number]) => {
      const n = ++saveNumber;
      // Listings 0 and 2 take the orders and the outside changes; the saves go to the others.
      const listingId = seller.listing_ids[3 + (n % (seller.listing_ids.length - 3))]!;
      const result = await callSaveAction(dashboardUrl, actionId, seller.cookie, listingId, {
        instructions: `Fleet save ${n}`,
        maxAllowedCharacters: (n % 100) + 1,
        required: n % 2 === 0,
      });
      if (!result.ok) throw new Error(`a save was refused: ${result.formError}`);
    };

    // Polling: the polls go on meanwhile, so each activity's count has the polls of its window taken out.
    let pollRound = 0;
    if (mode === "polling") {
      const since = await lastId();
      const rounds = 3;
      await sleep(rounds * MEASURING_POLL_S * 1000);
      pollRound = (await requestsSince(since)) / (rounds * sellers.length);
    }
    const pollsIn = (ms: number) => (pollRound * sellers.length * ms) / (MEASURING_POLL_S * 1000);
    const measured = async (run: Parameters<typeof each>[0]) => {
      const started = Date.now();
      const total = (await each(run)) * sellers.length;
      return Math.max(0, total - pollsIn(Date.now() - started)) / sellers.length;
    };

    const listingView = await measured((seller) => get(seller.cookie, "/listings"));
    const editorView = await measured((seller) => get(seller.cookie, `/listings/${seller.listing_ids[1]}`));
    const saveCost = await measured(save);
    const orderView = await measured((seller) => get(seller.cookie, "/orders"));
    const order = await measured((seller) =>
      sandboxControl(sandbox.url, "/orders", { listing_id: seller.listing_ids[0], paid: true }).then(() => sleep(1500)),
    );
    const seenS: number[] = [];
    const outsideChange = await measured(async (seller, index) => {
      const before = (await mirrorOf(seller.cookie)).outsideChanges;
      const changed = Date.now();
      const question = {
        question_type: "text_input",
        question_text: "Name",
        instructions: `Changed on the marketplace ${index}`,
        required: false,
        max_allowed_characters: 30,
      };
      await sandboxControl(
        sandbox.url,
        `/listings/${seller.listing_ids[2]}`,
        { personalization_questions: [question] },
        "PATCH",
      ).then((answer) => {
        if (answer.status !== 200) throw new Error(`the outside change answered ${answer.status}`);
      });
      for (const deadline = changed + 4 * MEASURING_POLL_S * 1000 + 30_000; ; await sleep(100)) {
        if ((await mirrorOf(seller.cookie)).outsideChanges > before) break;
        if (Date.now() > deadline) throw new Error("an outside change was not seen by the mirror");
      }
      seenS.push((Date.now() - changed) / 1000);
    });
    const planReads = Math.ceil(SELLER_DAY.bulkListings / READ_BATCH);
    const costs: ActivityCosts = {
      listingView,
      editorView,
      save: saveCost,
      orderView,
      order,
      outsideChange,
      pollRound,
      bulkChange: planReads + costOf(SELLER_DAY.bulkListings, { perSecond: 1, remainingToday: null }).requests,
    };
    log(`${mode}: ${JSON.stringify(costs)}`);
    const seen = { p50: percentile(seenS, 50), max: Math.max(...seenS) };

    const rows: FleetRow[] = [];
    const periods = mode === "webhooks" ? [null] : POLL_ROWS_S;
    for (const pollSeconds of periods) {
      const day = sellerDay(costs, pollSeconds);
      for (const tier of TIERS) {
        await sandboxControl(sandbox.url, "/rate-limits", {
          keystring: app.keystring,
          per_second: tier.perSecond,
          per_day: 1_000_000_000,
        });
        const byDayQuota = sellersByDayQuota(tier, day.total);
        const tries: FleetRow["tries"] = [];
        for (let sellersTried = byDayQuota, halving = 0; halving <= HALVINGS && sellersTried >= 1; halving++) {
          const perSecond = sellersTried * busiestHourPerSecond(day);
          const others = Math.max(0, sellersTried - sellers.length) * busiestHourPerSecond(day);
          const saves = await busyHourSaves(
            { sandboxUrl: sandbox.url, app, others, seconds: options.seconds },
            sellers.map((seller) => () => save(seller)),
          );
          const saveP99Ms = percentile(saves, 99);
          tries.push({ sellers: sellersTried, perSecond, saveP99Ms, saves: saves.length });
          log(
            `${tier.name} key, ${pollSeconds === null ? "webhooks" : `polling every ${pollSeconds} s`}: ${sellersTried} sellers, ${perSecond.toFixed(1)} requests/s, save p99 ${saveP99Ms.toFixed(0)} ms over ${saves.length}`,
          );
          if (saveP99Ms < SAVE_P99_LIMIT_MS) break;
          sellersTried = Math.floor(sellersTried / 2);
        }
        const passed = tries.find((t) => t.saveP99Ms < SAVE_P99_LIMIT_MS);
        rows.push({
          mirror: pollSeconds === null ? "webhooks on" : `webhooks off, polling every ${pollSeconds / 60} min`,
          tier: tier.name,
          perSellerDay: day.total,
          byDayQuota,
          tries,
          sellers: passed?.sellers ?? 0,
          freshWithinS: pollSeconds ?? Math.ceil(seen.max),
        });
      }
    }
    return { costs, seen, rows };
  } finally {
    await dashboard?.stop();
    await sandbox.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The sample's sellers saving one after another for `seconds`, while the other sellers' requests (`others` a second)
 * go straight to the sandbox with the app's key, spread evenly: the save's latency at the busiest hour's load.
 */
async function busyHourSaves(
  load: { sandboxUrl: string; app: { keystring: string; shared_secret: string }; others: number; seconds: number },
  savers: (() => Promise<unknown>)[],
) {
  const headers = { "x-api-key": `${load.app.keystring}:${load.app.shared_secret}` };
  let running = true;
  const TICK_MS = 50;
  let owed = 0;
  const pending: Promise<unknown>[] = [];
  const timer = setInterval(() => {
    owed += (load.others * TICK_MS) / 1000;
    for (; owed >= 1; owed--)
      pending.push(fetch(`${load.sandboxUrl}/v3/application/openapi-ping`, { headers }).then((r) => r.arrayBuffer()));
  }, TICK_MS);
  const times: number[] = [];
  const deadline = Date.now() + load.seconds * 1000;
  try {
    await Promise.all(
      savers.map(async (saveOnce) => {
        while (running && Date.now() < deadline) {
          const started = performance.now();
          await saveOnce();
          times.push(performance.now() - started);
          await sleep(500);
        }
      }),
    );
  } finally {
    running = false;
    clearInterval(timer);
    await Promise.allSettled(pending);
  }
  return times;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runWithOptions({
    defaults: { sample: 4, seconds: 20 },
    measure: measureFleet,
    describe: describeFleet,
    met: (f) => f.rows.every((row) => row.sellers > 0),
  });
}
