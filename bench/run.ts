// npm run bench: every figure of issues 5 and 14, then the load test with its fault soak and the bulk apply (issues 6
// and 14), one after the other, written to docs/benchmarks.md. A missed target is reported, not thrown. Stops every
// process it started. `--skip-load` and `--skip-bulk` leave out the two longest parts (about 3.5 and 9 minutes);
// `--bulk-listings 1000` runs a shorter bulk apply. `--baseline <dir>` (a built checkout of another commit) runs that commit's load
// test in turn with this one's, and judges issue 14's throughput target on that same-machine ratio.
import { cpus, loadavg, totalmem } from "node:os";
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../test/harness/dashboard-process.js";
import { DEFAULT_LISTINGS, describeBulk, measureBulk, type BulkResult } from "./bulk.js";
import { measureOverhead } from "./dashboard-overhead.js";
import { compareWithPrism } from "./mock-vs-sandbox.js";
import { measureLoad, type Baseline } from "./load-runs.js";
import { clientEntries, dependencyShares, firstLoadJs } from "./page-weight.js";
import { snapshotBuild } from "./loadtest-processes.js";
import { stopAll } from "./processes.js";
import { report, type Machine } from "./report.js";
import { sandboxWithManyListings, startBenchSandbox, stopBenchSandbox } from "./sandbox-memory.js";
import { measureStart } from "./start-memory.js";

const { values: flags } = parseArgs({
  options: {
    "skip-load": { type: "boolean", default: false },
    "skip-bulk": { type: "boolean", default: false },
    "bulk-listings": { type: "string", default: String(DEFAULT_LISTINGS) },
    baseline: { type: "string" },
  },
  strict: true,
});

const started = Date.now();
const log = (line: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

const DEPENDENCIES = {
  "react-hook-form + @hookform/resolvers": ["react-hook-form", "@hookform/resolvers"],
  zod: ["zod"],
  "@tanstack/react-query": ["@tanstack/react-query"],
};

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

/** A flag that cannot work stops the bench before it starts anything, saying how to make it work. */
function baselineCheckout(dir: string | undefined): Baseline | undefined {
  if (!dir) return undefined;
  const git = spawnSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" });
  const missing =
    git.status !== 0
      ? "is not a git checkout"
      : !existsSync(join(dir, "node_modules"))
        ? "has no node_modules"
        : !existsSync(join(dir, ".next", "BUILD_ID"))
          ? "has no production build"
          : undefined;
  if (missing) {
    console.error(
      `--baseline ${dir} ${missing}. Make it with \`git worktree add ${dir} <commit>\`, then \`npm install && npx next build\` in it.`,
    );
    process.exit(2);
  }
  return { dir: resolve(dir), commit: git.stdout.trim() };
}

async function main() {
  const baseline = baselineCheckout(flags.baseline);
  const host = machine();
  log(
    `${host.cores} cores, ${host.memoryGb.toFixed(1)} GB; ${host.busy.length ? `also running here: ${host.busy.join(", ")}` : "machine quiet"}`,
  );
  const build = await snapshotBuild(log);
  try {
    log(`build copied to ${build.distDir}`);
    const sandbox = await startBenchSandbox(await freePort());
    log(`sandbox on ${sandbox.url}`);
    let maxRssMb: number | undefined;
    let many;
    let mock;
    let overhead;
    try {
      mock = await compareWithPrism({
        sandbox,
        prismPort: await freePort(),
        connections: 10,
        seconds: 3,
        rounds: 7,
        log,
      });
      overhead = await measureOverhead({
        sandboxUrl: sandbox.url,
        port: await freePort(),
        distDir: build.distDir,
        rounds: 100,
        log,
      });
      for (const item of overhead) log(`${item.name}: measured ${item.dashboardMs.length} pairs`);
    } finally {
      await stopBenchSandbox(sandbox);
    }
    // A fresh sandbox, so the memory it reports is what 10,000 listings cost, not what the runs above left behind.
    const fresh = await startBenchSandbox(await freePort());
    try {
      many = await sandboxWithManyListings(fresh, 10_000, 8);
      log(
        `10,000 listings: ${many.seededMb.toFixed(0)} MB seeded, ${many.afterCreateMb.toFixed(0)} MB after creating, ${many.peakMb.toFixed(0)} MB peak under load`,
      );
    } finally {
      maxRssMb = await stopBenchSandbox(fresh);
    }
    const start = await measureStart({
      port: await freePort(),
      sandboxPort: await freePort(),
      distDir: build.distDir,
      starts: 3,
      sellers: 50,
      loadSeconds: 15,
      log,
    });
    const weights = [];
    for (const route of ["/sign-in", "/listings", "/listings/[id]"]) {
      const weight = firstLoadJs(build.distDir, route);
      const { all, shares } = await dependencyShares(clientEntries(build.distDir, route), DEPENDENCIES);
      weights.push({ weight, shares, own: all });
      log(`${route}: ${(weight.gzip / 1000).toFixed(1)} kB first-load JS`);
    }
    const load = flags["skip-load"] ? undefined : await measureLoad(build.distDir, log, baseline);
    let bulk: BulkResult | undefined;
    if (!flags["skip-bulk"]) {
      const listings = Number(flags["bulk-listings"]);
      log(
        `bulk apply: ${listings.toLocaleString("en-US")} listings at 20 requests/s (npx tsx bench/bulk.ts --listings ${listings})`,
      );
      bulk = await measureBulk(listings).catch((error: unknown) => ({ skipped: (error as Error).message }));
      if (!("skipped" in bulk)) describeBulk(bulk).forEach(log);
    }
    const markdown = report({
      date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
      durationS: (Date.now() - started) / 1000,
      machine: host,
      mock,
      overhead,
      weights,
      start,
      many: { ...many, maxRssMb },
      load,
      bulk,
    });
    writeFileSync("docs/benchmarks.md", markdown);
    log("wrote docs/benchmarks.md");
  } finally {
    build.remove();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stopAll().then(() => process.exit(130));
  });
}

main()
  .catch(async (error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
