// How many sellers one app key serves. Measured on the built dashboard against the sandbox (no limits while counting):
// with webhooks off (polling every 5 s, idle after 40 s), what a poll of an active shop costs, quiet and reading every
// state, how often an idle shop is polled and at what cost, how soon a poll finds an outside change, and what views cost
// without webhooks; with
// webhooks on, what each activity of a seller's day costs in marketplace requests (the sandbox's request log, /v3/ only,
// each activity alone, the dashboard's work after its answer included) and how soon a webhook brings an outside change;
// then, at each tier's per-second limit, the save's p99 while the app spends that limit at the busiest hour's rate of
// the sellers the day quota allows (the sample saving through the dashboard one save at a time, the other sellers'
// requests sent straight to the sandbox with the app's key). Computed (fleet-day.ts): a seller's day from those costs,
// the sellers each tier's day quota allows, and the poll period that keeps the mirror fresh; the answer is that many
// sellers, halved while the save's p99 is 500 ms or more.
// `npx tsx bench/load/fleet.ts [--sample 4] [--seconds 60] [--json]` (seconds of saves per try) on a build (`npx next build`).
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
  IDLE_POLL_S,
  ordersViewsAfterSale,
  SAVE_P99_LIMIT_MS,
  SELLER_DAY,
  sellerDay,
  sellersByDayQuota,
  TIERS,
  type ActivityCosts,
  type Tier,
} from "./fleet-day";

/** The poll period the bench runs with to count a poll's requests and time an outside change; rows are computed. */
const MEASURING_POLL_S = 5;
/** MIRROR_IDLE_POLL_SECONDS while measuring: above the minute to which a session's last-seen time is kept. */
const MEASURING_IDLE_S = 40;
/** SESSION_IDLE_SECONDS while measuring: a session's last-seen time is then kept to 30 s. */
const MEASURING_SESSION_IDLE_S = 120;
const DEFAULT_POLL_S = 60;
const LISTINGS = 20;
const HALVINGS = 3;

export type FleetRow = {
  mirror: string;
  tier: Tier["name"];
  pollSeconds: number | null;
  perSellerDay: number;
  byDayQuota: number;
  /** Every try, largest first: the sellers, their busiest hour's requests a second, and the save p99 measured. */
  tries: { sellers: number; perSecond: number; saveP50Ms: number; saveP99Ms: number; saves: number }[];
  sellers: number;
  freshWithinS: number;
};

export type FleetFigures = {
  sample: number;
  seconds: number;
  costs: ActivityCosts;
  /** Polls a shop saw, active (its seller's tab open) and idle, each over its window. */
  polls: {
    activePolls: number;
    activeSeconds: number;
    idlePolls: number;
    idleSeconds: number;
    idlePollSeconds: number;
  };
  /** Seconds from an outside change to the mirror holding it, the median and the longest over the sample. */
  seen: { webhooks: { p50: number; max: number }; polling: { p50: number; max: number; pollSeconds: number } };
  rows: FleetRow[];
};

export const describeFleet = (f: FleetFigures) => [
  `a seller's day: ${Object.entries(SELLER_DAY)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ")}`,
  `marketplace requests measured with webhooks per listings view ${f.costs.listingView.toFixed(2)}, editor view ${f.costs.editorView.toFixed(2)}, save ${f.costs.save.toFixed(2)}, orders view on a paid order's notice ${f.costs.orderViewAfterSale.toFixed(2)} (${ordersViewsAfterSale().toFixed(1)} a day), other orders view ${f.costs.orderView.toFixed(2)}, paid order ${f.costs.order.toFixed(2)}, outside change ${f.costs.outsideChange.toFixed(2)}; the daily change of ${SELLER_DAY.bulkListings} listings ${f.costs.bulkChange}`,
  `polling: a poll of an active shop ${f.costs.pollQuiet.toFixed(2)} requests, ${f.costs.pollEveryState.toFixed(2)} when it reads every state (every ${IDLE_POLL_S / 60} min); views per listings view ${f.costs.polledViews.listingView.toFixed(2)}, editor view ${f.costs.polledViews.editorView.toFixed(2)}, orders view ${f.costs.polledViews.orderView.toFixed(2)}`,
  `polls a shop: ${f.polls.activePolls.toFixed(1)} in ${f.polls.activeSeconds} s active (every ${MEASURING_POLL_S} s), ${f.polls.idlePolls.toFixed(1)} in ${f.polls.idleSeconds} s idle (MIRROR_IDLE_POLL_SECONDS=${f.polls.idlePollSeconds})`,
  `an outside change seen: webhooks p50 ${f.seen.webhooks.p50.toFixed(1)} s (max ${f.seen.webhooks.max.toFixed(1)} s); polling every ${f.seen.polling.pollSeconds} s p50 ${f.seen.polling.p50.toFixed(1)} s (max ${f.seen.polling.max.toFixed(1)} s)`,
  ...f.rows.map(
    (row) =>
      `${row.tier} key, ${row.mirror}: ${row.perSellerDay.toFixed(0)} requests a seller-day, the day quota allows ${row.byDayQuota}; ${row.tries.map((t) => `${t.sellers} sellers (${t.perSecond.toFixed(2)}/s) save p99 ${t.saveP99Ms.toFixed(0)} ms`).join("; ")} → ${row.sellers} sellers`,
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
      .map(
        (t) =>
          `${t.saveP99Ms.toFixed(0)} ms (p50 ${t.saveP50Ms.toFixed(0)}, ${t.saves} saves) at ${t.sellers} (${t.perSecond.toFixed(1)} req/s)`,
      )
      .join("; ");
    const idle = row.pollSeconds !== null && row.pollSeconds < IDLE_POLL_S ? ` (${wait(IDLE_POLL_S)} idle)` : "";
    return `| ${row.tier} (${tier.perSecond}, ${tier.perDay.toLocaleString("en-US")}) | ${row.mirror} | ${wait(row.freshWithinS)}${idle} | ${row.perSellerDay.toFixed(0)} | ${row.byDayQuota.toLocaleString("en-US")} | ${tries} | **${row.sellers.toLocaleString("en-US")}** |`;
  }),
];

type Logged = { id: number; time: string; method: string; path: string; status: number };

type Seller = Awaited<ReturnType<typeof createSeller>> & { cookie: string };

/** A sandbox without limits and a dashboard on it, `sample` sellers signed in with their mirrors and orders kept. */
async function fleetDashboard(options: {
  sample: number;
  distDir: string;
  mode: "webhooks" | "polling";
  pollSeconds?: number;
}) {
  const folder = mkdtempSync(join(tmpdir(), "bench-fleet-"));
  const sandbox = await startBenchSandbox();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env: Record<string, string> = { NEXT_DIST_DIR: options.distDir };
  if (options.mode === "webhooks") {
    const { secret } = (await sandboxControl(sandbox.url, "/webhooks", { url: `${url}/api/webhooks/marketplace` }))
      .body as { secret: string };
    env.MARKETPLACE_WEBHOOK_SECRET = secret;
  } else
    Object.assign(env, {
      MIRROR_POLL_SECONDS: String(options.pollSeconds ?? MEASURING_POLL_S),
      MIRROR_IDLE_POLL_SECONDS: String(MEASURING_IDLE_S),
      SESSION_IDLE_SECONDS: String(MEASURING_SESSION_IDLE_S),
    });
  const dashboard = await startDashboard({
    port,
    sandboxUrl: sandbox.url,
    dashboardDb: join(folder, "dashboard.db"),
    stdio: "ignore",
    env,
  }).catch(async (error: unknown) => {
    await sandbox.stop();
    throw error;
  });
  const stop = async () => {
    await dashboard.stop();
    await sandbox.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const get = async (cookie: string, path: string) => {
      const response = await fetch(`${url}${path}`, { headers: { cookie }, redirect: "manual" });
      await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    };
    const mirrorOf = async (cookie: string) =>
      (await (await fetch(`${url}/api/mirror`, { headers: { cookie } })).json()) as {
        status: string;
        outsideChanges: number;
      };
    const sellers: Seller[] = [];
    for (let index = 0; index < options.sample; index++) {
      const seller = await createSeller(sandbox.url, { listings: LISTINGS });
      sellers.push({ ...seller, ...(await signInOverHttp(url, seller)) });
    }
    // The first views fill the shop's mirror and kept orders: once per seller, not a day's cost.
    for (const seller of sellers) {
      await get(seller.cookie, "/listings");
      await get(seller.cookie, "/orders");
      for (const deadline = Date.now() + 60_000; (await mirrorOf(seller.cookie)).status !== "filled"; await sleep(200))
        if (Date.now() > deadline) throw new Error("a seller's mirror did not fill within 60 s");
    }
    await sleep(1000);
    const lastId = async () =>
      ((await sandboxControl(sandbox.url, "/requests")).body as { requests: Logged[] }).requests.at(-1)?.id ?? 0;
    const entriesSince = async (since: number) =>
      ((await sandboxControl(sandbox.url, `/requests?since=${since}`)).body as { requests: Logged[] }).requests.filter(
        (entry) => entry.path.startsWith("/v3/"),
      );
    const requestsSince = async (since: number) => (await entriesSince(since)).length;
    /** Seconds until the mirror holds a change made on the marketplace to one of the seller's listings. */
    const outsideChangeSeen = async (seller: Seller, index: number) => {
      const before = (await mirrorOf(seller.cookie)).outsideChanges;
      const changed = Date.now();
      const question = {
        question_type: "text_input",
        question_text: "Name",
        instructions: `Changed on the marketplace ${index}`,
        required: false,
        max_allowed_characters: 30,
      };
      const answer = await sandboxControl(
        sandbox.url,
        `/listings/${seller.listing_ids[2]}`,
        { personalization_questions: [question] },
        "PATCH",
      );
      if (answer.status !== 200) throw new Error(`the outside change answered ${answer.status}`);
      for (
        const deadline = changed + 60_000;
        (await mirrorOf(seller.cookie)).outsideChanges <= before;
        await sleep(100)
      )
        if (Date.now() > deadline) throw new Error("an outside change was not seen by the mirror within 60 s");
      return (Date.now() - changed) / 1000;
    };
    return {
      sandbox,
      url,
      app: dashboard.app,
      sellers,
      get,
      lastId,
      entriesSince,
      requestsSince,
      outsideChangeSeen,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

const spread = (values: number[]) => ({ p50: percentile(values, 50), max: Math.max(...values) });

type FleetDashboard = Awaited<ReturnType<typeof fleetDashboard>>;

/** What one activity costs a seller, averaged over the sample: the dashboard's work after its answer counts too. */
const activityCost =
  (dashboard: FleetDashboard) => async (run: (seller: Seller, index: number) => Promise<unknown>) => {
    let total = 0;
    for (const [index, seller] of dashboard.sellers.entries()) {
      const since = await dashboard.lastId();
      await run(seller, index);
      await sleep(500);
      total += await dashboard.requestsSince(since);
    }
    return total / dashboard.sellers.length;
  };

/** Each shop's polls in the log, as the requests of each: those naming the shop, a second or less apart, are one poll. */
function pollsOf(entries: Logged[], sellers: Seller[]): number[][] {
  return sellers.map((seller) => {
    const polls: number[] = [];
    let last = -Infinity;
    for (const entry of entries.filter((e) => e.path.includes(`/shops/${seller.shop_id}/`))) {
      const at = Date.parse(entry.time);
      if (at - last > 1000) polls.push(0);
      polls[polls.length - 1]! += 1;
      last = at;
    }
    return polls;
  });
}

export async function measureFleet(options: {
  sample: number;
  seconds: number;
  log?: (line: string) => void;
}): Promise<FleetFigures> {
  const log = options.log ?? console.log;
  const distDir = process.env.NEXT_DIST_DIR || ".next";

  // Webhooks off: what views cost, on a dashboard whose poller waits a day so that no poll is counted with them.
  const viewing = await fleetDashboard({ sample: options.sample, distDir, mode: "polling", pollSeconds: 86_400 });
  let polledViews: ActivityCosts["polledViews"];
  try {
    const cost = activityCost(viewing);
    for (const seller of viewing.sellers)
      await sandboxControl(viewing.sandbox.url, "/orders", { listing_id: seller.listing_ids[0], paid: true });
    polledViews = {
      listingView: await cost((seller) => viewing.get(seller.cookie, "/listings")),
      editorView: await cost((seller) => viewing.get(seller.cookie, `/listings/${seller.listing_ids[1]}`)),
      orderView: await cost((seller) => viewing.get(seller.cookie, "/orders")),
    };
  } finally {
    await viewing.stop();
  }

  // Webhooks off: the polls of a shop while its seller's tab is open (a signed-in request every poll period, none to
  // the marketplace), how soon one finds an outside change, then the polls once the shop is idle.
  const polled = await fleetDashboard({ sample: options.sample, distDir, mode: "polling" });
  const polledSeen: number[] = [];
  let active: number[][];
  let idle: number[][];
  const activeSeconds = MEASURING_IDLE_S + MEASURING_POLL_S;
  const idleSeconds = 2 * MEASURING_IDLE_S + 2;
  try {
    const tabs = setInterval(() => {
      for (const seller of polled.sellers)
        void fetch(`${polled.url}/api/mirror`, { headers: { cookie: seller.cookie } }).then((r) => r.arrayBuffer());
    }, MEASURING_POLL_S * 1000);
    try {
      const since = await polled.lastId();
      await sleep(activeSeconds * 1000);
      active = pollsOf(await polled.entriesSince(since), polled.sellers);
      for (const [index, seller] of polled.sellers.entries()) {
        polledSeen.push(await polled.outsideChangeSeen(seller, index));
        await sleep(Math.random() * MEASURING_POLL_S * 1000);
      }
    } finally {
      clearInterval(tabs);
    }
    await sleep((MEASURING_IDLE_S + 1) * 1000);
    const since = await polled.lastId();
    await sleep(idleSeconds * 1000);
    idle = pollsOf(await polled.entriesSince(since), polled.sellers);
  } finally {
    await polled.stop();
  }
  const everyPoll = (shops: number[][]) => shops.flat();
  const polls = {
    activePolls: everyPoll(active).length / active.length,
    activeSeconds,
    idlePolls: everyPoll(idle).length / idle.length,
    idleSeconds,
    idlePollSeconds: MEASURING_IDLE_S,
  };
  const pollQuiet = percentile(everyPoll(active), 50);
  const pollEveryState = everyPoll(idle).reduce((sum, n) => sum + n, 0) / Math.max(1, everyPoll(idle).length);
  log(
    `polling: active polls ${JSON.stringify(active)}, idle polls ${JSON.stringify(idle)} (requests each, per shop); views ${JSON.stringify(polledViews)}; an outside change seen in ${polledSeen.join(", ")} s`,
  );

  // Webhooks on: every activity alone, then the save's latency at each row's busiest hour.
  const on = await fleetDashboard({ sample: options.sample, distDir, mode: "webhooks" });
  try {
    const { sellers } = on;
    const cost = activityCost(on);
    const actionId = saveActionId(distDir);
    let saveNumber = 0;
    const save = async (seller: Seller) => {
      const n = ++saveNumber;
      // Listings 0 and 2 take the orders and the outside changes; the saves go to the others.
      const listingId = seller.listing_ids[3 + (n % (seller.listing_ids.length - 3))]!;
      const result = await callSaveAction(on.url, actionId, seller.cookie, listingId, {
        instructions: `Fleet save ${n}`,
        maxAllowedCharacters: (n % 100) + 1,
        required: n % 2 === 0,
      });
      if (!result.ok) throw new Error(`a save was refused: ${result.formError}`);
    };
    // A paid order, until its webhook's read of the shop's receipts is in the log: on a busy machine a delivery may take
    // longer than the activity measured next, which would count it.
    const sale = async (seller: Seller) => {
      const since = await on.lastId();
      await sandboxControl(on.sandbox.url, "/orders", { listing_id: seller.listing_ids[0], paid: true });
      const receipts = `/shops/${seller.shop_id}/receipts`;
      for (const deadline = Date.now() + 30_000; ; await sleep(100)) {
        if ((await on.entriesSince(since)).some((entry) => entry.path.includes(receipts))) return;
        if (Date.now() > deadline) throw new Error("a paid order's webhook was not read within 30 s");
      }
    };
    for (const seller of sellers) await sale(seller);
    const webhookSeen: number[] = [];
    const costs: ActivityCosts = {
      listingView: await cost((seller) => on.get(seller.cookie, "/listings")),
      editorView: await cost((seller) => on.get(seller.cookie, `/listings/${seller.listing_ids[1]}`)),
      save: await cost(save),
      // With an order open, as a seller's day has them: the sale's read then lists what was cancelled with it.
      order: await cost(sale),
      // The view the sale's notice brings, then any other, which asks what was cancelled (no event says).
      orderViewAfterSale: await cost((seller) => on.get(seller.cookie, "/orders")),
      orderView: await cost((seller) => on.get(seller.cookie, "/orders")),
      outsideChange: await cost(async (seller, index) => webhookSeen.push(await on.outsideChangeSeen(seller, index))),
      pollQuiet,
      pollEveryState,
      polledViews,
      bulkChange:
        Math.ceil(SELLER_DAY.bulkListings / READ_BATCH) +
        costOf(SELLER_DAY.bulkListings, { perSecond: 1, remainingToday: null }).requests,
    };
    log(`requests per activity: ${JSON.stringify(costs)}`);
    const seen = { webhooks: spread(webhookSeen), polling: { ...spread(polledSeen), pollSeconds: MEASURING_POLL_S } };

    // A poll finds a change within this many poll periods, as measured; the fresh period keeps that within 15 min.
    const periodsToSee = Math.max(1, Math.ceil(seen.polling.max / MEASURING_POLL_S));
    const freshPollS = Math.floor(FRESH_WITHIN_S / periodsToSee);
    const mirrors = [
      { mirror: "webhooks on", pollSeconds: null, freshWithinS: Math.max(1, Math.ceil(seen.webhooks.max)) },
      ...[DEFAULT_POLL_S, freshPollS].map((pollSeconds) => ({
        mirror: `webhooks off, polling every ${pollSeconds < 120 ? `${pollSeconds} s` : `${pollSeconds / 60} min`}`,
        pollSeconds,
        freshWithinS: pollSeconds * periodsToSee,
      })),
    ];
    const rows: FleetRow[] = [];
    for (const { mirror, pollSeconds, freshWithinS } of mirrors) {
      const day = sellerDay(costs, pollSeconds);
      for (const tier of TIERS) {
        await sandboxControl(on.sandbox.url, "/rate-limits", {
          keystring: on.app.keystring,
          per_second: tier.perSecond,
          per_day: 1_000_000_000,
        });
        const byDayQuota = sellersByDayQuota(tier, day.total);
        const tries: FleetRow["tries"] = [];
        for (let tried = byDayQuota, halving = 0; halving <= HALVINGS && tried >= 1; halving++) {
          const perSecond = tried * busiestHourPerSecond(day);
          const others = Math.max(0, tried - 1) * busiestHourPerSecond(day);
          const saves = await busyHourSaves(
            { sandboxUrl: on.sandbox.url, app: on.app, others, seconds: options.seconds },
            sellers.map((seller) => () => save(seller)),
          );
          const saveP99Ms = percentile(saves, 99);
          tries.push({ sellers: tried, perSecond, saveP50Ms: percentile(saves, 50), saveP99Ms, saves: saves.length });
          log(
            `${tier.name} key, ${mirror}: ${tried} sellers, ${perSecond.toFixed(2)} requests/s, save p99 ${saveP99Ms.toFixed(0)} ms over ${saves.length}`,
          );
          if (saveP99Ms < SAVE_P99_LIMIT_MS) break;
          tried = Math.floor(tried / 2);
        }
        rows.push({
          mirror,
          tier: tier.name,
          pollSeconds,
          perSellerDay: day.total,
          byDayQuota,
          tries,
          sellers: tries.find((t) => t.saveP99Ms < SAVE_P99_LIMIT_MS)?.sellers ?? 0,
          freshWithinS,
        });
      }
    }
    return { sample: options.sample, seconds: options.seconds, costs, polls, seen, rows };
  } finally {
    await on.stop();
  }
}

/**
 * One save at a time, the sample's sellers in turn, for `seconds`, while the other sellers' requests (`others` a
 * second) go straight to the sandbox with the app's key, spread evenly: a save at the busiest hour's load.
 */
async function busyHourSaves(
  load: { sandboxUrl: string; app: { keystring: string; shared_secret: string }; others: number; seconds: number },
  savers: (() => Promise<unknown>)[],
) {
  const headers = { "x-api-key": `${load.app.keystring}:${load.app.shared_secret}` };
  const TICK_MS = 50;
  let owed = 0;
  const pending: Promise<unknown>[] = [];
  const timer = setInterval(() => {
    owed += (load.others * TICK_MS) / 1000;
    for (; owed >= 1; owed--)
      pending.push(fetch(`${load.sandboxUrl}/v3/application/openapi-ping`, { headers }).then((r) => r.arrayBuffer()));
  }, TICK_MS);
  const times: number[] = [];
  try {
    for (let turn = 0, deadline = Date.now() + load.seconds * 1000; Date.now() < deadline; turn++) {
      const started = performance.now();
      await savers[turn % savers.length]!();
      times.push(performance.now() - started);
      // A pause between saves: a seller's saves are minutes apart, and the other sellers' load is the generator's.
      await sleep(300);
    }
  } finally {
    clearInterval(timer);
    await Promise.allSettled(pending);
  }
  return times;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runWithOptions({
    defaults: { sample: 4, seconds: 60 },
    measure: measureFleet,
    describe: describeFleet,
    met: (f) => f.rows.every((row) => row.sellers > 0),
  });
}
