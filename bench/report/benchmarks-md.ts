// docs/benchmarks.md from one run of `npm run bench`: the floor with a verdict per line, then each part's figures and
// how to run it alone. The whole file is written anew by every run.
import {
  describeMirror,
  MIRROR_FLOOR,
  mirrorMet,
  PER_SECOND,
  SENDER_CONNECTIONS,
  type MirrorResult,
} from "../load/mirror.js";
import { describeFleet, fleetTable, type FleetFigures } from "../load/fleet.js";
import { describeProductionChecks, PROOF_FLOOR_MS, type ProductionFigures } from "../dashboard/production-checks.js";
import { describeOrders, ORDERS_FLOOR, ordersMet, type OrdersFigures } from "../load/orders.js";
import { describeMarkShipped, markShippedMet, type MarkShippedFigures } from "../load/mark-shipped.js";
import {
  APPLY_TARGET_RATIO,
  changePlanMet,
  describeChangePlan,
  memoryFlat,
  PLAN_TARGET_SECONDS,
  type ChangePlanResult,
} from "../load/change-plan.js";
import { changeFaultsMet, describeChangeFaults, type ChangeFaultResult } from "../load/change-faults.js";
import {
  changeFairnessMet,
  describeChangeFairness,
  SAVE_P99_TARGET_MS,
  SHARE_TARGET,
  type ChangeFairnessResult,
} from "../load/change-fairness.js";
import { LOAD_FLOOR, loadMet, type LoadFigures } from "../load/loadtest.js";
import {
  describeSpreadsheetImport,
  SHEET_FLOOR,
  SHEET_ROWS,
  spreadsheetImportMet,
  type SpreadsheetImportResult,
} from "../load/spreadsheet-import.js";
import { LIGHTHOUSE_FLOOR, lighthouseMet, referencePage, worstCls, type PageFigures } from "../dashboard/lighthouse.js";
import {
  CHANGE_REVIEW_FLOOR,
  changeReviewMet,
  describeChangeReview,
  type ChangeReviewFigures,
} from "../dashboard/change-review.js";
import { describeGrid, GRID_FLOOR, gridMet, type GridFigures } from "../dashboard/grid.js";
import { addedMs, SAVE_OVERHEAD_FLOOR_MS, type SaveOverhead } from "../dashboard/save-overhead.js";
import { PRISM_FLOOR, prismVerdict, type PrismResult } from "../sandbox/prism.js";
import { describeSpaces, mbPerSpace, SPACES_FLOOR, spacesMet, type SpacesFigures } from "../sandbox/spaces.js";
import { median, ms, percentile } from "../stats.js";

/** A part's figures, or why there are none (it failed, or the run was told to skip it). */
export type Part<T> = T | { skipped: string };

export type Machine = {
  cores: number;
  cpu: string;
  memoryGb: number;
  node: string;
  loadAverage: number[];
  busy: string[];
};

export type Figures = {
  date: string;
  durationS: number;
  quick: boolean;
  machine: Machine;
  prism: Part<PrismResult>;
  spaces: Part<SpacesFigures>;
  overhead: Part<SaveOverhead>;
  lighthouse: Part<PageFigures[]>;
  grid: Part<GridFigures>;
  changeReview: Part<ChangeReviewFigures>;
  load: Part<LoadFigures>;
  stress: Part<LoadFigures>;
  mirror: Part<MirrorResult>;
  changePlan: Part<ChangePlanResult>;
  spreadsheetImport: Part<SpreadsheetImportResult>;
  orders: Part<OrdersFigures>;
  markShipped: Part<MarkShippedFigures>;
  changeFaults: Part<ChangeFaultResult>;
  changeFairness: Part<ChangeFairnessResult>;
  fleet: Part<FleetFigures>;
  production: Part<ProductionFigures>;
};

const has = <T extends object>(part: Part<T> | undefined): part is T => part !== undefined && !("skipped" in part);
const why = (part: { skipped: string }) => `not measured: ${part.skipped}`;

function floorRows(figures: Figures) {
  const verdict = (ok: boolean | undefined) =>
    ok === undefined ? "not measured" : `${figures.quick ? "smoke only: " : ""}${ok ? "**met**" : "**missed**"}`;
  const row = (floor: string, figure: string, ok: boolean | undefined) => `| ${floor} | ${figure} | ${verdict(ok)} |`;
  const {
    prism,
    overhead,
    lighthouse,
    grid,
    changeReview,
    load,
    mirror,
    changePlan,
    spreadsheetImport,
    changeFaults,
    changeFairness,
  } = figures;
  const rows: string[] = [];
  const { production } = figures;
  rows.push(
    row(
      `Production checks: a proof rendered in under ${PROOF_FLOOR_MS} ms at the median`,
      has(production) ? `${production.proofP50Ms.toFixed(2)} ms` : why(production),
      has(production) ? production.proofP50Ms < PROOF_FLOOR_MS : undefined,
    ),
  );
  const operations = ["getListing", "a page of 25 listings", "updateListingPersonalization (POST)"];
  const floors = [PRISM_FLOOR.getListing, PRISM_FLOOR.page, PRISM_FLOOR.post];
  operations.forEach((operation, index) => {
    const comparison = has(prism) ? prism.comparisons[index] : undefined;
    const result = comparison && prismVerdict(comparison);
    rows.push(
      row(
        `Sandbox against Prism, ${operation}: ≥ ${floors[index]}x the throughput at equal payloads`,
        result && comparison
          ? `${result.ratio.toFixed(2)}x, bodies ${comparison.bodyBytes.sandbox} / ${comparison.bodyBytes.prism} B`
          : has(prism)
            ? "-"
            : why(prism),
        result?.met,
      ),
    );
  });
  rows.push(
    row(
      `Sandbox spaces: ${SPACES_FLOOR.spaces} on one process, each used as a CI job uses it, ≤ ${SPACES_FLOOR.mbPerSpace} MB of resident memory a space (median over batches of 10), every read answered with all of them at once`,
      has(figures.spaces)
        ? `${figures.spaces.spaces} spaces: ${mbPerSpace(figures.spaces).toFixed(2)} MB a space, ${figures.spaces.atOnce.failures} of ${figures.spaces.atOnce.requests} reads failed`
        : why(figures.spaces),
      has(figures.spaces) ? spacesMet(figures.spaces) : undefined,
    ),
  );
  for (const route of ["/listings", "/listings/[id]"]) {
    const page = has(lighthouse) ? lighthouse.find((entry) => entry.route === route) : undefined;
    const reference = page && has(lighthouse) ? referencePage(lighthouse) : undefined;
    rows.push(
      row(
        `Lighthouse, mobile, signed in, \`${route}\`: performance within ${LIGHTHOUSE_FLOOR.pointsBelowReference} points of \`/sign-in\`'s in the same run, accessibility ${LIGHTHOUSE_FLOOR.accessibility}, best practices ${LIGHTHOUSE_FLOOR.bestPractices}, CLS ${LIGHTHOUSE_FLOOR.cls}`,
        page && reference
          ? `${page.median.performance} (\`/sign-in\` ${reference.median.performance}) / ${page.median.accessibility} / ${page.median.bestPractices}, CLS ${worstCls(page).toFixed(3)} at most`
          : has(lighthouse)
            ? "-"
            : why(lighthouse),
        page && reference && lighthouseMet(page, reference),
      ),
    );
  }
  rows.push(
    row(
      `The grid of 1,000 listings, Lighthouse mobile: performance ≥ ${GRID_FLOOR.performance}; typing: no keystroke's longest task over ${GRID_FLOOR.longTaskMs} ms`,
      has(grid)
        ? `${grid.listings.toLocaleString("en-US")} listings: ${grid.median.performance}; longest task per keystroke median ${ms(grid.longestTaskMs.median)} ms, max ${ms(grid.longestTaskMs.max)} ms`
        : why(grid),
      has(grid) ? gridMet(grid) && grid.listings >= 1_000 : undefined,
    ),
    row(
      `The review of a change over 10,000 listings, planned and not applied, Lighthouse mobile: performance ≥ ${CHANGE_REVIEW_FLOOR.performance}, accessibility ${CHANGE_REVIEW_FLOOR.accessibility}`,
      has(changeReview)
        ? `${changeReview.listings.toLocaleString("en-US")} listings: ${changeReview.median.performance} / ${changeReview.median.accessibility}; TBT ${changeReview.median.tbtMs.toFixed(0)} ms, LCP ${changeReview.median.lcpMs.toFixed(0)} ms`
        : why(changeReview),
      has(changeReview) ? changeReviewMet(changeReview) && changeReview.listings >= 10_000 : undefined,
    ),
    row(
      `Save action overhead over a direct POST ≤ ${SAVE_OVERHEAD_FLOOR_MS} ms at the median`,
      has(overhead) ? `${ms(addedMs(overhead))} ms` : why(overhead),
      has(overhead) ? addedMs(overhead) <= SAVE_OVERHEAD_FLOOR_MS : undefined,
    ),
    row(
      `Realistic load, ${LOAD_FLOOR.sellers} signed-in sellers acting every ${LOAD_FLOOR.everyS} s, one instance: 0 errors, save p99 < ${LOAD_FLOOR.saveP99Ms} ms, page p99 < ${LOAD_FLOOR.pageP99Ms} ms, dashboard RSS < ${LOAD_FLOOR.dashboardRssMb} MB`,
      has(load)
        ? `${load.sellers} sellers, ${load.errors} errors, save p99 ${ms(load.save.p99)} ms, page p99 ${ms(load.page.p99)} ms, RSS ${load.dashboard.peakRssMb.toFixed(0)} MB`
        : why(load),
      has(load) ? loadMet(load) && load.sellers >= LOAD_FLOOR.sellers : undefined,
    ),
    row(
      `A change over 10,000 listings at 20 requests/s: planned in < ${PLAN_TARGET_SECONDS} s, applied within ${APPLY_TARGET_RATIO}x of what the limit allows for its requests, none left unwritten, memory flat`,
      has(changePlan)
        ? `${changePlan.listings.toLocaleString("en-US")} listings, planned in ${changePlan.planSeconds.toFixed(2)} s, applied at ${changePlan.ratio.toFixed(3)}x, ${changePlan.failed} not written, memory ${memoryFlat(changePlan.memory) ? "flat" : "grew"}`
        : why(changePlan),
      has(changePlan) ? changePlanMet(changePlan) && changePlan.listings >= 10_000 : undefined,
    ),
    row(
      `Spreadsheet import of ${SHEET_ROWS.toLocaleString("en-US")} rows for one listing, as CSV and as Excel: answered in < ${SHEET_FLOOR.importMs / 1000} s, the health endpoint's worst answer meanwhile < ${SHEET_FLOOR.healthWorstMs} ms (medians)`,
      has(spreadsheetImport)
        ? (["csv", "xlsx"] as const)
            .map(
              (kind) =>
                `${kind === "csv" ? "CSV" : "Excel"}: answered ${spreadsheetImport[kind].status} in ${ms(median(spreadsheetImport[kind].importMs))} ms, health worst ${ms(median(spreadsheetImport[kind].healthWorstMs))} ms`,
            )
            .join("; ")
        : why(spreadsheetImport),
      has(spreadsheetImport) ? spreadsheetImportMet(spreadsheetImport) : undefined,
    ),
    row(
      "Fault soak: a change over 2,000 listings by two runners while 10% of the requests fail (503, 504 after the write, 429): 0 lost, 0 phantom, 0 doubled writes",
      has(changeFaults)
        ? `${changeFaults.listings.toLocaleString("en-US")} listings, ${changeFaults.faulted} faulted: ${changeFaults.lost} lost, ${changeFaults.phantom} phantom, ${changeFaults.doubled} doubled`
        : why(changeFaults),
      has(changeFaults) ? changeFaultsMet(changeFaults) && changeFaults.listings >= 2_000 : undefined,
    ),
    row(
      `Fairness: while seller A's 10,000-listing change runs at the limit, seller B's saves p99 < ${SAVE_P99_TARGET_MS} ms and B's change gets ≥ ${SHARE_TARGET * 100}% of the requests`,
      has(changeFairness)
        ? `saves p99 ${changeFairness.saveP99Ms.toFixed(0)} ms, B's change ${(changeFairness.otherShare * 100).toFixed(1)}%`
        : why(changeFairness),
      has(changeFairness) ? changeFairnessMet(changeFairness) && changeFairness.listings >= 10_000 : undefined,
    ),
  );
  rows.push(
    row(
      `Mirror of 10,000 listings at ${PER_SECOND} requests/s: listings page p50 < ${MIRROR_FLOOR.pageP50Ms} ms with ≤ ${MIRROR_FLOOR.requestsPerView} marketplace request a view; 1,000 webhooks over ${SENDER_CONNECTIONS} connections to a running dashboard answered < ${MIRROR_FLOOR.webhookP99Ms} ms at p99, and 1,000 more at once < ${MIRROR_FLOOR.burstP99Ms / 1000} s (the sender's time-out), all processed once`,
      has(mirror)
        ? `${mirror.listings.toLocaleString("en-US")} listings: p50 ${mirror.pageP50Ms.toFixed(0)} ms, ≤ ${mirror.maxRequestsPerView} a view; p99 ${mirror.webhookP99Ms.toFixed(1)} ms (fresh process: ${mirror.coldP99Ms.toFixed(1)} ms; at once: ${mirror.burstP99Ms.toFixed(0)} ms); ${mirror.processedOnce}/${2 * mirror.webhooks} webhooks once`
        : why(mirror),
      has(mirror) ? mirrorMet(mirror) && mirror.listings >= 10_000 && mirror.webhooks >= 1_000 : undefined,
    ),
    row(
      `Orders page of a shop with 5,000 open orders at 10 requests/s, once kept: p50 < ${ORDERS_FLOOR.pageP50Ms} ms with ≤ ${ORDERS_FLOOR.requestsPerView} marketplace request a view`,
      has(figures.orders)
        ? `${figures.orders.orders.toLocaleString("en-US")} orders: p50 ${figures.orders.pageP50Ms.toFixed(0)} ms, ≤ ${figures.orders.maxRequestsPerView} a view`
        : why(figures.orders),
      has(figures.orders) ? ordersMet(figures.orders) && figures.orders.orders >= 5_000 : undefined,
    ),
    row(
      "Mark shipped: 100 orders from a pasted list of their tracking codes, through the dashboard's action at 10 requests/s while about 12% of the requests fail (503, 504 after the write, 429, an answer after the time-out): every order shipped exactly once, 0 lost, 0 twice",
      has(figures.markShipped)
        ? `${figures.markShipped.orders} orders in ${figures.markShipped.seconds.toFixed(1)} s, ${figures.markShipped.faulted} of ${figures.markShipped.requests} requests faulted, ${((figures.markShipped.achievedPerSecond / figures.markShipped.perSecond) * 100).toFixed(0)}% of the limit: ${figures.markShipped.lost} lost, ${figures.markShipped.twice} twice`
        : why(figures.markShipped),
      has(figures.markShipped) ? markShippedMet(figures.markShipped) && figures.markShipped.orders >= 100 : undefined,
    ),
  );
  return rows;
}

function prismSection(prism: Part<PrismResult>) {
  const head = [
    "## Sandbox against Stoplight Prism",
    "",
    "Stoplight Prism (`prism mock -v error`, its fastest logging) mocks the sandbox's own `/openapi.json`, whose examples are",
    "the sandbox's own answers on its seed data, so both send the same bodies; the sandbox keeps real state (SQLite in",
    "memory), checks the API key, the token and its scope on every call, and stores every write. wrk (one thread, 10",
    "connections) alternates the two servers (sandbox, Prism, sandbox, Prism…), each server pinned to one core and wrk to",
    "the other; the ratio is the median over rounds of each sandbox run's req/s over the Prism run right after it.",
    "Alone: `npx tsx bench/sandbox/prism.ts [--seconds 3] [--rounds 5]`.",
    "",
  ];
  if (!has(prism)) return [...head, why(prism), ""];
  const med = (runs: { rps: number; p99: number }[], key: "rps" | "p99") => median(runs.map((run) => run[key]));
  return [
    ...head,
    `${prism.rounds} rounds of ${prism.seconds} s per server after a 1 s warm-up; Prism ${prism.prismVersion}; ${prism.pinned ? "pinned" : "**not pinned** (one core, or `taskset` refused)"}; wrk used at most ${prism.generatorPeak.toFixed(0)}% of its core.`,
    "",
    "| operation | sandbox req/s | sandbox p99 ms | Prism req/s | Prism p99 ms | ratio | body bytes (sandbox / Prism) | failed answers |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...prism.comparisons.map((comparison) => {
      const failures = [...comparison.sandbox, ...comparison.prism].reduce((sum, run) => sum + run.failures, 0);
      return `| ${comparison.operation} | ${med(comparison.sandbox, "rps").toFixed(0)} | ${ms(med(comparison.sandbox, "p99"))} | ${med(comparison.prism, "rps").toFixed(0)} | ${ms(med(comparison.prism, "p99"))} | **${prismVerdict(comparison).ratio.toFixed(2)}x** | ${comparison.bodyBytes.sandbox} / ${comparison.bodyBytes.prism} | ${failures} |`;
    }),
    "",
  ];
}

function gridSection(grid: Part<GridFigures>) {
  const head = [
    "## The grid",
    "",
    "Lighthouse as above on `/listings/grid?state=active` over a seller's 1,000 listings, each with one text question; then",
    "Playwright's Chromium, its CPU slowed 4x as Lighthouse's mobile profile does, types in an instructions cell, and a",
    "PerformanceObserver for long tasks gives each keystroke's",
    "longest task (0 when none reached 50 ms), and the same for one fill-down of every row.",
    "Alone: `npx tsx bench/dashboard/grid.ts [--runs 3] [--listings 1000] [--keys 40]`.",
    "",
  ];
  return has(grid) ? [...head, ...describeGrid(grid).map((line) => `- ${line}`), ""] : [...head, why(grid), ""];
}

function changeReviewSection(review: Part<ChangeReviewFigures>) {
  const head = [
    "## The review of a change over 10,000 listings",
    "",
    'A seller with 10,000 active listings selects them all on the listings page and plans "Add a question" through',
    "\"Change 10000 listings…\" in Playwright's Chromium; Lighthouse as above then audits the change's page, `/changes/<id>`,",
    "planned and not applied. Alone: `npx tsx bench/dashboard/change-review.ts [--runs 3] [--listings 10000]`.",
    "",
  ];
  return has(review)
    ? [...head, ...describeChangeReview(review).map((line) => `- ${line}`), ""]
    : [...head, why(review), ""];
}

function lighthouseSection(lighthouse: Part<PageFigures[]>) {
  const head = [
    "## Lighthouse",
    "",
    "Lighthouse 12 (`lighthouse` from npm, mobile profile with its simulated throttling) in Debian's Chromium",
    "(`CHROME_PATH`, default `/usr/bin/chromium`, `--headless=new --no-sandbox`), signed in as ada@example.com: the session",
    "cookie goes with every request as an extra header. First-load JS: the build manifest's root files plus the route's and",
    "its layouts' entry files, each gzipped and summed (kB = 1000 bytes); a figure, with no target. Machine index:",
    "Lighthouse's own benchmark of the machine's speed; a slower machine blocks longer, so read the scores beside it.",
    "`/sign-in`, signed out, is the app's lightest page (the root layout and one form): what the framework alone scores on",
    "the machine of the run, and so the other pages' performance floor.",
    "Alone: `npx tsx bench/dashboard/lighthouse.ts [--runs 3]`.",
    "",
  ];
  if (!has(lighthouse)) return [...head, why(lighthouse), ""];
  return [
    ...head,
    `Median of ${lighthouse[0]?.runs.length ?? 0} run(s) per page.`,
    "",
    "| page | performance | accessibility | best practices | LCP ms | TBT ms | CLS | first-load JS (kB gzip) | machine index |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...lighthouse.map(
      (page) =>
        `| \`${page.route}\` | ${page.median.performance} | ${page.median.accessibility} | ${page.median.bestPractices} | ${page.median.lcpMs.toFixed(0)} | ${page.median.tbtMs.toFixed(0)} | ${page.median.cls.toFixed(3)} | ${page.firstLoadJsKb.toFixed(1)} | ${page.median.benchmarkIndex?.toFixed(0) ?? "-"} |`,
    ),
    "",
  ];
}

function overheadSection(overhead: Part<SaveOverhead>) {
  const head = [
    "## Save action overhead",
    "",
    "The save server action (`POST /listings/[id]` with `next-action`, as the browser sends it) through the built dashboard",
    "(`next start`, signed in over HTTP) against the same write sent straight to the sandbox; sequential requests timed with",
    "`process.hrtime.bigint()`, alternating the two after 10 warm-up pairs. Alone: `npx tsx bench/dashboard/save-overhead.ts [--rounds 100]`.",
    "",
  ];
  if (!has(overhead)) return [...head, why(overhead), ""];
  const row = (name: string, values: number[]) => `| ${name} | ${ms(median(values))} | ${ms(percentile(values, 90))} |`;
  return [
    ...head,
    `${overhead.actionMs.length} pairs; the action adds **${ms(addedMs(overhead))} ms** at the median.`,
    "",
    "| path | median ms | p90 ms |",
    "|---|---:|---:|",
    row("save action, through the dashboard", overhead.actionMs),
    row("POST …/personalization, straight to the sandbox", overhead.directMs),
    "",
  ];
}

function loadTable(figures: LoadFigures) {
  const cores = (seconds: number) => (seconds / figures.seconds).toFixed(2);
  return [
    "| sellers | pause | seconds | req/s | errors | page p50 / p99 ms | save p50 / p99 ms | dashboard peak RSS MB, CPU cores | sandbox peak RSS MB |",
    "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    `| ${figures.sellers} | ${figures.everyS ? `an action every ${figures.everyS} s` : "none"} | ${figures.seconds.toFixed(0)} | ${figures.perSecond.toFixed(1)} | ${figures.errors} | ${ms(figures.page.p50)} / ${ms(figures.page.p99)} | ${ms(figures.save.p50)} / ${ms(figures.save.p99)} | ${figures.dashboard.peakRssMb.toFixed(0)}, ${cores(figures.dashboard.cpuSeconds)} | ${figures.sandbox.peakRssMb.toFixed(0)} |`,
    "",
    ...Object.entries(figures.errorSamples).map(([message, count]) => `- error ×${count}: ${message}`),
    ...(figures.errors ? [""] : []),
  ];
}

function loadSection(load: Part<LoadFigures>, stress: Part<LoadFigures>) {
  return [
    "## Realistic load",
    "",
    "One instance of the built dashboard (`next start`, no HAProxy in front) and the sandbox in memory, each a process of",
    "its own. Sellers made with `POST /__sandbox/sellers` (10 listings each), each signed in over HTTP (the marketplace's",
    "sign-in and consent pages, a session of their own). Each seller starts at a random moment within the first period,",
    "then acts once a period, in turn: `GET /listings?state=active&page=1` (an error unless a 200 that lists the seller's",
    "listings and shows no alert) or a save through the save server action (an error unless it echoes what was sent).",
    "Peak RSS of `next-server` sampled every 200 ms, CPU from `/proc`. Not measured: a warm-up of a page and a save for up",
    "to 20 sellers. It serves a copy of the build (`.next-bench-<pid>`), so a rebuild meanwhile cannot change the server under",
    "test. Alone: `npm run loadtest -- [--sellers 500] [--seconds 120] [--every-s 10] [--json <file>]`, exit status 1 when",
    "the floor is missed.",
    "",
    ...(has(load) ? loadTable(load) : [why(load), ""]),
    "## Stress: 50 sellers without a pause",
    "",
    "The same with 50 sellers that never pause (a page, a save, a page…): what one instance does flat out. A figure, with",
    "no target; more load is more instances behind HAProxy (`docs/deploy.md`). Alone: `npm run loadtest -- --stress`.",
    "",
    ...(has(stress) ? loadTable(stress) : [why(stress), ""]),
  ];
}

/** A section whose figures are the lines the bench logged, in a code block. */
function loggedSection<T extends object>(
  title: string,
  prose: string[],
  part: Part<T>,
  describe: (figures: T) => string[],
) {
  return [`## ${title}`, "", ...prose, "", ...(has(part) ? ["```", ...describe(part), "```"] : [why(part)]), ""];
}

const mirrorSection = (mirror: Part<MirrorResult>) =>
  loggedSection(
    "The mirror at scale",
    [
      `A shop of 10,000 listings against a sandbox that allows the app ${PER_SECOND} requests a second, with the dashboard subscribed`,
      "to its webhooks: the first fill against the time the limit alone needs, the listings page once filled, the marketplace",
      `requests of a seller viewing a page every 10 s for an hour, and 1,000 signed webhooks over ${SENDER_CONNECTIONS} connections, as a`,
      "sender delivers them, to a running dashboard (a first batch as large warms a fresh process; its figures are shown,",
      "not held to the floor), then 1,000 more at once, held only to the sender's attempt time-out: one process answering",
      "1,000 simultaneous requests spends most of a second of CPU before the last (`bench/load/mirror.ts`). Alone:",
      "`npx tsx bench/load/mirror.ts [--listings 10000] [--views 40] [--webhooks 1000]`.",
    ],
    mirror,
    describeMirror,
  );

const spacesSection = (spaces: Part<SpacesFigures>) =>
  loggedSection(
    "Sandbox spaces",
    [
      "Spaces created one after the other on one sandbox process, in batches of 10, each used as a CI job starts one (a",
      "seller with 20 listings, its clock moved a day, a token, a read of its listings, its request log filtered); the",
      "sandbox's resident memory after each batch over the one before gives the memory a space costs. Then every space's",
      "client at once, each reading its own listings 20 times (`bench/sandbox/spaces.ts`). Alone:",
      "`npx tsx bench/sandbox/spaces.ts [--spaces 50] [--listings 20]`.",
    ],
    spaces,
    describeSpaces,
  );

const ordersSection = (orders: Part<OrdersFigures>) =>
  loggedSection(
    "Orders at scale",
    [
      "A shop of 5,000 open orders of 20 listings (each asking a name and a font) against a sandbox that allows the app 10",
      "requests a second: the first read of its orders (paced, in the background) against the time the limit alone needs,",
      "then the Orders page once they are kept: its pages, one listing's orders and a search (`bench/load/orders.ts`).",
      "Alone: `npx tsx bench/load/orders.ts [--orders 5000] [--views 40]`.",
    ],
    orders,
    describeOrders,
  );

const markShippedSection = (part: Part<MarkShippedFigures>) =>
  loggedSection(
    "Mark shipped under faults",
    [
      "A shop of 100 paid US orders over $10 (each ships only with its tracking code) shipped from a pasted list,",
      '"Order Number,Carrier,Tracking Number" as a label tool exports it, in parts of 50 lines, through the built',
      "dashboard's server action over HTTP, two parts at a time, against a sandbox that allows the app 10 requests a",
      "second and fails about 12% of its API requests: a 503 before the write, a 504 after it, a 429, an answer 3 s late",
      "against a 2 s time-out. A shipment not answered waits and is sent by the dashboard's background; after each round",
      "the seller waits, opens Orders and pastes again the lines of orders shown neither shipped nor waiting, as the",
      "refusal's sentence says; then each receipt's shipments are read from the sandbox (`bench/load/mark-shipped.ts`).",
      "Alone: `npx tsx bench/load/mark-shipped.ts [--orders 100] [--per-second 10]` (after `npx next build`).",
    ],
    part,
    describeMarkShipped,
  );

const changePlanSection = (changePlan: Part<ChangePlanResult>) =>
  loggedSection(
    "A change over 10,000 listings",
    [
      "A field-level change (a text question added first) planned over 10,000 listings (read 100 at a time, judged, kept",
      "for review), then applied by the change runner, which reads its listings again before writing, against a sandbox that",
      "allows the app 20 requests a second; RSS sampled every second of the apply after a full garbage collection.",
      "Alone: `npx tsx bench/load/change-plan.ts [--listings 10000]`.",
    ],
    changePlan,
    describeChangePlan,
  );

const spreadsheetImportSection = (sheet: Part<SpreadsheetImportResult>) =>
  loggedSection(
    "Spreadsheet import",
    [
      "200,000 rows for one listing, as CSV (4.6 MB, under the 5 MB limit) and as an Excel workbook, posted to the built",
      "dashboard's import by a signed-in seller while another client asks `/api/health` back to back; a first round warms",
      "the process and is not counted.",
      "Alone: `npx tsx bench/load/spreadsheet-import.ts [--rounds 5]`.",
    ],
    sheet,
    describeSpreadsheetImport,
  );

const changeFaultsSection = (part: Part<ChangeFaultResult>) =>
  loggedSection(
    "Changes under faults",
    [
      "A change over 2,000 listings applied by two change runners on one database while the sandbox fails 10% of the",
      "requests; lost, phantom and doubled writes counted from its request log and store. Alone:",
      "`npx tsx bench/load/change-faults.ts [--listings 2000]`.",
    ],
    part,
    describeChangeFaults,
  );

const changeFairnessSection = (part: Part<ChangeFairnessResult>) =>
  loggedSection(
    "Fair turns",
    [
      "Seller A's change over 10,000 listings at 20 requests a second; meanwhile seller B saves listings one at a time and",
      "then changes 500 of their own. Alone: `npx tsx bench/load/change-fairness.ts [--listings 10000]`.",
    ],
    part,
    describeChangeFairness,
  );

export function fleetSection(fleet: Part<FleetFigures>) {
  const head = [
    "## Sellers per app key",
    "",
    "How many sellers one app key serves with the save's p99 under 500 ms and a fresh mirror: a change made outside the",
    "dashboard is in its inbox within 15 minutes. **Measured** on the built dashboard against the sandbox (`bench/load/fleet.ts`):",
    "with webhooks off (polling every 5 s, a shop idle 40 s after its seller's last signed-in request), each poll of a shop",
    "while its seller's tab is open and once it is idle, how many poll periods an outside change takes to be seen, and what",
    "views cost; with webhooks on, each activity of a seller's day alone, in marketplace requests from the sandbox's request",
    "log (a listings view, an editor view, a save, a paid order, the orders view its notice brings and another, an outside",
    "change until the mirror holds it); then, at each tier's per-second limit, the save's p50 and p99 while the app spends that limit at the busiest",
    "hour's rate of that many sellers (the sample saving through the dashboard one save at a time, the other sellers'",
    "requests sent straight to the sandbox with the app's key). **Computed** (`bench/load/fleet-day.ts`): a seller's day",
    "from those costs (the daily change of 50 listings is its plan's reads and the runner's writes and re-reads, as the",
    "change at scale measures them), polls and webhooks around the clock and the rest in 8 working hours whose busiest has",
    "twice their mean (the shop active through them and 15 minutes after, idle the rest; a paid order of the working hours",
    "brings one orders view); the sellers each tier's day quota allows, halved while the save's p99 is 500 ms or more; and the",
    "poll period that keeps the measured worst case within 15 minutes. The day is counted, not replayed.",
    "Alone: `npx tsx bench/load/fleet.ts [--sample 4] [--seconds 60]` on a build.",
    "",
  ];
  if (!has(fleet)) return [...head, why(fleet), ""];
  return [...head, ...fleetTable(fleet), "", ...describeFleet(fleet).map((line) => `- ${line}`), ""];
}

export function productionSection(production: Part<ProductionFigures>) {
  const head = [
    "## Production checks",
    "",
    "5,000 open items, each a distinct answer, checked against one production profile (Great Vibes, 6 mm capitals, an",
    "area 40 mm wide on 2 lines, a block list): each answer laid out by fontkit and checked for missing glyphs, width,",
    "lines, blocked words and capitals, in one process, with the heap before and after; then a proof's SVG drawn from the",
    "glyph outlines. Alone: `node --expose-gc --import tsx bench/dashboard/production-checks.ts [--items 5000]`.",
    "",
  ];
  if (!has(production)) return [...head, why(production), ""];
  return [...head, ...describeProductionChecks(production).map((line) => `- ${line}`), ""];
}

export function benchmarksMarkdown(figures: Figures) {
  const { machine } = figures;
  return [
    "# Benchmarks",
    "",
    `Written by \`npm run bench${figures.quick ? " -- --quick" : ""}\` (\`bench/run.ts\`) on ${figures.date} in ${figures.durationS.toFixed(0)} s; each run writes this whole file anew.`,
    ...(figures.quick
      ? [
          "",
          "**Smoke run** (`--quick`: one short round of each part, 20 sellers for 20 s, changes of a few hundred listings): it shows the",
          "bench works, not how fast the product is. The verdicts below are not the record; run `npm run bench` on a quiet machine.",
        ]
      : []),
    "",
    `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb.toFixed(1)} GB, Node ${machine.node}; load average at the start ${machine.loadAverage.map((value) => value.toFixed(2)).join(", ")}.`,
    machine.busy.length > 0
      ? `**Noisy run:** other work was running (${machine.busy.join(", ")}); figures are low and ratios less steady than on a quiet machine.`
      : "No other build or test run was seen on the machine when the run started.",
    "",
    "## The floor",
    "",
    "| floor | this run | verdict |",
    "|---|---|---|",
    ...floorRows(figures),
    "",
    "The 50-seller stress run below has no target.",
    "",
    "## Running it",
    "",
    "`npm run bench` runs every part one after the other (about 30 minutes, most of it the applies of the changes over",
    "10,000 listings; it prints its duration) and writes this file; `npm run bench -- --quick` is a smoke run of a minute",
    "or two that prints the report instead (`--out <file>` writes it). `--skip-plans` leaves out the three parts that",
    "apply a change (the change over 10,000 listings, the fault soak, fair turns); `--plan-listings N` shortens the first. It",
    "needs wrk (Debian's package; installed by the bench when run as root, else `apt-get install -y wrk`) and Chromium",
    "(`CHROME_PATH`, default `/usr/bin/chromium`), waits for a `next build` running in this checkout, builds when there is no",
    "build, measures a copy of it, and stops every process it started, also on Ctrl-C. A part that fails is reported as",
    "not measured and the others still run; the exit status is 1 when a floor is missed or not measured.",
    "",
    "Measure on a quiet machine: speed on these 2-core machines drifts within the hour, so each comparison alternates its",
    "two sides within one run and quotes ratios and medians.",
    "",
    ...prismSection(figures.prism),
    ...spacesSection(figures.spaces),
    ...lighthouseSection(figures.lighthouse),
    ...gridSection(figures.grid),
    ...changeReviewSection(figures.changeReview),
    ...overheadSection(figures.overhead),
    ...loadSection(figures.load, figures.stress),
    ...mirrorSection(figures.mirror),
    ...changePlanSection(figures.changePlan),
    ...spreadsheetImportSection(figures.spreadsheetImport),
    ...ordersSection(figures.orders),
    ...markShippedSection(figures.markShipped),
    ...changeFaultsSection(figures.changeFaults),
    ...changeFairnessSection(figures.changeFairness),
    ...fleetSection(figures.fleet),
    ...productionSection(figures.production),
  ].join("\n");
}

/** Every floor met (a part not measured counts as missed). */
export function floorMet(figures: Figures) {
  return floorRows(figures).every((row) => row.endsWith("**met** |"));
}
