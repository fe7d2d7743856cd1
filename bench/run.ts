// npm run bench: every part of the performance floor one after the other on a copy of the build, then
// docs/benchmarks.md with a verdict per floor. A part that fails is reported as not measured and the rest still run.
// `--quick`: a smoke run of each part (a minute or two) whose report is printed, not written, unless `--out <file>`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { describeChangeReview, measureChangeReview } from "./dashboard/change-review.js";
import { describeGrid, measureGrid } from "./dashboard/grid.js";
import { measureLighthouse } from "./dashboard/lighthouse.js";
import { addedMs, measureSaveOverhead } from "./dashboard/save-overhead.js";
import { DEFAULT_LISTINGS, describeChangePlan, measureChangePlan } from "./load/change-plan.js";
import { DEFAULT_SOAK_LISTINGS, describeChangeFaults, measureChangeFaults } from "./load/change-faults.js";
import { describeChangeFairness, measureChangeFairness } from "./load/change-fairness.js";
import { describeLoad, LOAD_FLOOR, runLoad } from "./load/loadtest.js";
import { describeMirror, measureMirror } from "./load/mirror.js";
import { describeSpreadsheetImport, measureSpreadsheetImport, SHEET_ROWS } from "./load/spreadsheet-import.js";
import { describeOrders, measureOrders } from "./load/orders.js";
import { describeMarkShipped, measureMarkShipped } from "./load/mark-shipped.js";
import { describeFleet, measureFleet } from "./load/fleet.js";
import { describeProductionChecks, measureProductionChecks } from "./dashboard/production-checks.js";
import { snapshotBuild, startBenchDashboard, startBenchSandbox, stopAll } from "./processes.js";
import { benchmarksMarkdown, floorMet, type Figures, type Machine, type Part } from "./report/benchmarks-md.js";
import { compareWithPrism } from "./sandbox/prism.js";
import { describeSpaces, measureSpaces, SPACES_FLOOR } from "./sandbox/spaces.js";

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    "skip-plans": { type: "boolean", default: false },
    "plan-listings": { type: "string" },
    out: { type: "string" },
  },
  strict: true,
});

const quick = flags.quick;
const SETTINGS = quick
  ? {
      prism: { seconds: 1, rounds: 1 },
      spaces: 10,
      overheadRounds: 20,
      lighthouseRuns: 1,
      grid: { listings: 200, keys: 10 },
      reviewListings: 500,
      load: { sellers: 20, seconds: 20 },
      stress: { sellers: 10, seconds: 10 },
      mirror: { listings: 300, views: 10, webhooks: 50 },
      planListings: 200,
      sheetRounds: 1,
      orders: { orders: 500, listings: 20, views: 10 },
      markShipped: { orders: 20, "per-second": 10 },
      soakListings: 200,
      fairnessListings: 1_000,
      fleet: { sample: 2, seconds: 5 },
      production: { items: 500, proofs: 50 },
    }
  : {
      prism: { seconds: 3, rounds: 5 },
      spaces: SPACES_FLOOR.spaces,
      overheadRounds: 100,
      lighthouseRuns: 3,
      grid: { listings: 1_000, keys: 40 },
      reviewListings: 10_000,
      load: { sellers: LOAD_FLOOR.sellers, seconds: 120 },
      stress: { sellers: 50, seconds: 30 },
      mirror: { listings: 10_000, views: 40, webhooks: 1_000 },
      planListings: DEFAULT_LISTINGS,
      sheetRounds: 5,
      orders: { orders: 5_000, listings: 20, views: 40 },
      markShipped: { orders: 100, "per-second": 10 },
      soakListings: DEFAULT_SOAK_LISTINGS,
      fairnessListings: DEFAULT_LISTINGS,
      fleet: { sample: 4, seconds: 60 },
      production: { items: 5_000, proofs: 200 },
    };
/** The bench stops here whatever it is doing: a full run takes about 30 minutes on a quiet machine. */
const LIMIT_MINUTES = quick ? 15 : 50;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;
const log = (line: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

function machine(): Machine {
  const busy = ["next build", "vitest", "playwright", "next-server", "prism mock"].filter(
    (name) => (spawnSync("pgrep", ["-f", name], { encoding: "utf8" }).stdout ?? "").trim() !== "",
  );
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGb: totalmem() / 1e9,
    node: process.versions.node,
    loadAverage: loadavg(),
    busy,
  };
}

/** One part: its figures, or the reason it has none; the bench goes on either way. */
async function part<T extends object>(name: string, measure: () => Promise<T | { skipped: string }>): Promise<Part<T>> {
  log(`${name}…`);
  try {
    return await measure();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`${name} failed: ${message}`);
    return { skipped: `${name} failed: ${message.split("\n")[0]}` };
  }
}

/** A part whose figures are also logged as the report will describe them. */
const described = <T extends object>(name: string, measure: () => Promise<T>, describe: (figures: T) => string[]) =>
  part(name, async () => {
    const figures = await measure();
    describe(figures).forEach(log);
    return figures;
  });

async function main() {
  const host = machine();
  log(
    `${quick ? "smoke run (--quick)" : "full run"}; ${host.cores} cores, ${host.memoryGb.toFixed(1)} GB, load average ${host.loadAverage[0]?.toFixed(2)}; ${host.busy.length ? `also running here: ${host.busy.join(", ")}` : "machine quiet"}`,
  );
  const build = await snapshotBuild(log);
  const folder = mkdtempSync(join(tmpdir(), "bench-run-"));
  process.once("exit", () => (build.remove(), rmSync(folder, { recursive: true, force: true })));
  try {
    const sandbox = await startBenchSandbox();
    const prism = await part("sandbox against Prism", () =>
      compareWithPrism({ sandbox, connections: 10, ...SETTINGS.prism, log }),
    );
    const spaces = await described(
      `${SETTINGS.spaces} sandbox spaces on one process`,
      () => measureSpaces({ spaces: SETTINGS.spaces, listings: 20, log }),
      describeSpaces,
    );
    const overhead = await part("save action overhead", async () => {
      const figures = await measureSaveOverhead({
        sandboxUrl: sandbox.url,
        distDir: build.distDir,
        rounds: SETTINGS.overheadRounds,
      });
      log(`the save action adds ${addedMs(figures).toFixed(2)} ms at the median`);
      return figures;
    });
    /** A part measured against a dashboard of its own (its own database) on the shared sandbox. */
    const onDashboard = <T extends object>(name: string, measure: (dashboardUrl: string) => Promise<T>) =>
      part(name, async () => {
        const dashboard = await startBenchDashboard({
          sandboxUrl: sandbox.url,
          distDir: build.distDir,
          dashboardDb: join(folder, `${name.split(" ")[0]}.db`),
        });
        try {
          return await measure(dashboard.url);
        } finally {
          await dashboard.stop();
        }
      });
    const lighthouse = await onDashboard("Lighthouse", (dashboardUrl) =>
      measureLighthouse({ dashboardUrl, distDir: build.distDir, runs: SETTINGS.lighthouseRuns, log }),
    );
    const grid = await onDashboard(
      `grid of ${SETTINGS.grid.listings.toLocaleString("en-US")} listings`,
      async (dashboardUrl) => {
        const figures = await measureGrid({
          dashboardUrl,
          sandboxUrl: sandbox.url,
          runs: SETTINGS.lighthouseRuns,
          ...SETTINGS.grid,
          log,
        });
        describeGrid(figures).forEach(log);
        return figures;
      },
    );
    const changeReview = await onDashboard(
      `review of a change over ${SETTINGS.reviewListings.toLocaleString("en-US")} listings`,
      async (dashboardUrl) => {
        const figures = await measureChangeReview({
          dashboardUrl,
          sandboxUrl: sandbox.url,
          listings: SETTINGS.reviewListings,
          runs: SETTINGS.lighthouseRuns,
          log,
        });
        describeChangeReview(figures).forEach(log);
        return figures;
      },
    );
    await sandbox.stop();
    const load = await described(
      `realistic load: ${SETTINGS.load.sellers} sellers acting every ${LOAD_FLOOR.everyS} s for ${SETTINGS.load.seconds} s`,
      () => runLoad({ distDir: build.distDir, everyS: LOAD_FLOOR.everyS, ...SETTINGS.load, log }),
      describeLoad,
    );
    const stress = await described(
      `stress: ${SETTINGS.stress.sellers} sellers without a pause for ${SETTINGS.stress.seconds} s`,
      () => runLoad({ distDir: build.distDir, everyS: 0, ...SETTINGS.stress, log }),
      describeLoad,
    );
    const mirror = await described(
      `mirror of ${SETTINGS.mirror.listings.toLocaleString("en-US")} listings at 10 requests/s`,
      () => {
        process.env.NEXT_DIST_DIR = build.distDir;
        return measureMirror({ ...SETTINGS.mirror, log });
      },
      describeMirror,
    );
    const planListings = Number(flags["plan-listings"] ?? SETTINGS.planListings);
    const changePlan = flags["skip-plans"]
      ? { skipped: "left out (--skip-plans)" }
      : await described(
          `change of ${planListings.toLocaleString("en-US")} listings at 20 requests/s`,
          () => measureChangePlan(planListings),
          describeChangePlan,
        );
    const spreadsheetImport = await described(
      `spreadsheet import of ${SHEET_ROWS.toLocaleString("en-US")} rows for one listing`,
      () => measureSpreadsheetImport({ distDir: build.distDir, rounds: SETTINGS.sheetRounds, log }),
      describeSpreadsheetImport,
    );
    const orders = await described(
      `orders of a shop with ${SETTINGS.orders.orders.toLocaleString("en-US")} open orders at 10 requests/s`,
      () => {
        process.env.NEXT_DIST_DIR = build.distDir;
        return measureOrders({ ...SETTINGS.orders, log });
      },
      describeOrders,
    );
    const markShipped = await described(
      `${SETTINGS.markShipped.orders} orders marked shipped under faults at ${SETTINGS.markShipped["per-second"]} requests/s`,
      () => {
        process.env.NEXT_DIST_DIR = build.distDir;
        return measureMarkShipped({ ...SETTINGS.markShipped, log });
      },
      describeMarkShipped,
    );
    const changeFaults = flags["skip-plans"]
      ? { skipped: "left out (--skip-plans)" }
      : await described(
          `fault soak of ${SETTINGS.soakListings.toLocaleString("en-US")} listings at 20 requests/s`,
          () => measureChangeFaults(SETTINGS.soakListings),
          describeChangeFaults,
        );
    const changeFairness = flags["skip-plans"]
      ? { skipped: "left out (--skip-plans)" }
      : await described(
          `fair turns beside a change of ${SETTINGS.fairnessListings.toLocaleString("en-US")} listings at 20 requests/s`,
          () => measureChangeFairness(SETTINGS.fairnessListings),
          describeChangeFairness,
        );
    const fleet = await described(
      `sellers per app key: ${SETTINGS.fleet.sample} sellers' days measured, webhooks on and off, at both quota tiers`,
      () => {
        process.env.NEXT_DIST_DIR = build.distDir;
        return measureFleet({ ...SETTINGS.fleet, log });
      },
      describeFleet,
    );
    const production = await described(
      `${SETTINGS.production.items.toLocaleString("en-US")} open items checked against a production profile`,
      async () => measureProductionChecks(SETTINGS.production),
      describeProductionChecks,
    );
    const figures: Figures = {
      date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
      durationS: (Date.now() - started) / 1000,
      quick,
      machine: host,
      prism,
      spaces,
      overhead,
      lighthouse,
      grid,
      changeReview,
      load,
      stress,
      mirror,
      changePlan,
      spreadsheetImport,
      orders,
      markShipped,
      changeFaults,
      changeFairness,
      fleet,
      production,
    };
    const markdown = benchmarksMarkdown(figures);
    const out = flags.out ?? (quick ? undefined : "docs/benchmarks.md");
    if (out) {
      writeFileSync(out, markdown);
      log(`wrote ${out}`);
    } else {
      console.log(`\n${markdown}`);
    }
    log(`done in ${elapsed()}; every floor ${floorMet(figures) ? "met" : "NOT met (see the report)"}`);
    return floorMet(figures);
  } finally {
    build.remove();
    rmSync(folder, { recursive: true, force: true });
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void stopAll().then(() => process.exit(130)));

const watchdog = setTimeout(() => {
  log(`stopping: the bench has run for ${LIMIT_MINUTES} minutes, more than it ever should`);
  void stopAll().then(() => process.exit(1));
}, LIMIT_MINUTES * 60_000);

main()
  .then(
    (met) => (process.exitCode = met ? 0 : 1),
    (error: unknown) => {
      console.error(
        `bench failed after ${elapsed()}: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
      );
      process.exitCode = 1;
    },
  )
  .finally(async () => {
    clearTimeout(watchdog);
    await stopAll();
  });
