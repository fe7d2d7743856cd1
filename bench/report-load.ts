// Sections 5 (load test and fault soak) and 6 (bulk apply) of docs/benchmarks.md.
import { bulkMet, memoryQuarters, peak, processFlat, TARGET_RATIO, type BulkResult } from "./bulk.js";
import { LOAD_RUNS, type AgainstBaseline, type LoadRun, type LoadRuns } from "./load-runs.js";
import { median } from "./load.js";
import { LOAD_TARGETS, type LoadFigures } from "./loadtest-figures.js";
import { met, ms } from "./report-format.js";

const LOAD_TITLE = "## 5. Load with faults (npm run loadtest)";
const BULK_TITLE = "## 6. Bulk apply (issues 6 and 14)";
const BULK_COMMAND = "npx tsx bench/bulk.ts";

const runName = (run: LoadFigures) => (run.soak ? "soak" : run.thinkMs > 0 ? "paced" : "load");
const measured = (run: LoadRun | undefined): run is LoadFigures => run !== undefined && !("skipped" in run);
const peakMb = (run: LoadFigures, name: string) =>
  run.processes.find((entry) => entry.name.startsWith(name))?.peakRssMb.toFixed(0) ?? "-";

function runRow(name: string, run: LoadRun) {
  if (!measured(run)) return `| ${name} | not measured: ${run.skipped} |||||||||`;
  const stored = run.soak ? ` (stored only: ${ms(run.stored.p50)} / ${ms(run.stored.p99)})` : "";
  return `| ${name} | ${run.sellers} | ${run.seconds.toFixed(1)} | ${run.total.count} | ${run.total.perSecond.toFixed(1)} | ${run.total.errors} | ${ms(run.page.p50)} / ${ms(run.page.p99)} | ${ms(run.save.p50)} / ${ms(run.save.p99)}${stored} | ${peakMb(run, "dashboard")} / ${peakMb(run, "sandbox")} | ${run.machine.loadBefore[0]?.toFixed(2) ?? "-"} |`;
}

/** The same-machine ratio: medians of each side's runs; the save p99 and errors are this checkout's worst and sum. */
export function baselineRatio(against: AgainstBaseline | undefined) {
  const ours = against?.ours.filter(measured) ?? [];
  const baseline = against?.baseline.filter(measured) ?? [];
  if (!against || ours.length === 0 || baseline.length === 0) return undefined;
  const oursPerSecond = median(ours.map((run) => run.total.perSecond));
  const baselinePerSecond = median(baseline.map((run) => run.total.perSecond));
  return {
    commit: against.commit,
    oursPerSecond,
    baselinePerSecond,
    ratio: oursPerSecond / baselinePerSecond,
    saveP99: Math.max(...ours.map((run) => run.save.p99)),
    baselineSaveP99: median(baseline.map((run) => run.save.p99)),
    errors: ours.reduce((sum, run) => sum + run.total.errors, 0),
  };
}

function againstLines(against: AgainstBaseline | undefined) {
  if (!against) return [];
  const figures = baselineRatio(against);
  const rows = against.baseline.flatMap((run, index) => [
    runRow(`baseline ${against.commit}, round ${index + 1}`, run),
    runRow(`this checkout, round ${index + 1}`, against.ours[index] ?? { skipped: "not run" }),
  ]);
  return [
    `Against commit ${against.commit} (\`--baseline\`: its own build and its own \`npm run loadtest\`), in turn with this checkout's, no`,
    "pauses, in this run: only runs taken minutes apart on one machine compare fairly here.",
    "",
    "| run | sellers | seconds | requests | req/s | errors | listings page p50 / p99 (ms) | save p50 / p99 (ms) | peak RSS dashboard / sandbox (MB) | load average before |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    figures
      ? `Median throughput: **${figures.oursPerSecond.toFixed(1)}** req/s against ${figures.baselinePerSecond.toFixed(1)} (**${figures.ratio.toFixed(2)}x**); save p99 at most ${ms(figures.saveP99)} ms here, ${ms(figures.baselineSaveP99)} ms (median) on the baseline.`
      : "No ratio: a side has no measured run.",
    "",
  ];
}

function soakLines(soak: LoadRun) {
  if (!measured(soak)) return [];
  const { saves, faults } = soak;
  return [
    `Fault soak, every save with the warm-up: ${saves.stored} reported stored, ${saves.notStored} reported not stored, ${saves.unknown} reported "cannot tell"`,
    `(${saves.unknownLanded} of those are what the sandbox holds at the end), ${saves.error} without a usable answer; ${faults?.queued ?? 0} faults queued, ${faults?.spent ?? 0} spent;`,
    `**${soak.lost} lost** (reported stored, not in the sandbox), **${soak.phantom} phantom** (reported not stored, yet in the sandbox).`,
    "",
  ];
}

/** One row a target: its figure and verdict, or "not measured" when a run it needs has no figures. */
const targetRow = (target: string, result: [figure: string, ok: boolean] | undefined) =>
  `| ${target} | ${result ? `${result[0]} | ${met(result[1])}` : "not measured |"} |`;

function targetRows({ load, paced, soak }: LoadRuns) {
  const all = [load, paced, soak].filter(measured);
  return [
    targetRow(
      `${LOAD_TARGETS.sellers} sellers for ${LOAD_TARGETS.seconds} s with zero errors`,
      measured(load)
        ? [
            `${load.sellers} sellers, ${load.seconds.toFixed(1)} s, ${load.total.errors} errors`,
            load.checks.errors &&
              load.sellers >= LOAD_TARGETS.sellers &&
              Math.round(load.seconds) >= LOAD_TARGETS.seconds,
          ]
        : undefined,
    ),
    targetRow(
      `save p99 < ${LOAD_TARGETS.saveP99Ms} ms (no pause between actions)`,
      measured(load) ? [`${ms(load.save.p99)} ms`, load.checks.saveP99 === true] : undefined,
    ),
    targetRow(
      `save p99 < ${LOAD_TARGETS.saveP99Ms} ms (about 1 s between a seller's actions)`,
      measured(paced) ? [`${ms(paced.save.p99)} ms`, paced.checks.saveP99 === true] : undefined,
    ),
    targetRow(
      `dashboard (\`next-server\`) peak RSS < ${LOAD_TARGETS.dashboardRssMb} MB`,
      all.length === 3
        ? [
            all.map((run) => `${peakMb(run, "dashboard")} MB (${runName(run)})`).join(", "),
            all.every((run) => run.checks.dashboardRss),
          ]
        : undefined,
    ),
    targetRow(
      "fault soak: zero lost or phantom writes",
      measured(soak)
        ? [`${soak.lost} lost, ${soak.phantom} phantom`, soak.checks.lost && soak.checks.phantom]
        : undefined,
    ),
  ];
}

function errorLines(runs: LoadRun[]) {
  const seen = runs
    .filter(measured)
    .flatMap((run) => Object.entries(run.errors).map(([message, count]) => `- ${runName(run)}, ×${count}: ${message}`));
  return seen.length ? ["Errors seen (first five kinds):", "", ...seen.slice(0, 5), ""] : [];
}

export function loadSection(runs: LoadRuns | undefined) {
  const rerun = `Re-run alone: \`${LOAD_RUNS.load.command}\`, \`${LOAD_RUNS.paced.command}\` and \`${LOAD_RUNS.soak.command}\` (add \`--json <file>\` for these figures as JSON); how they work: [load-test.md](load-test.md).`;
  if (!runs) return [LOAD_TITLE, "", "Not measured in this run (`--skip-load`).", rerun, ""];
  return [
    LOAD_TITLE,
    "",
    `The built dashboard (\`next start\` on this run's copy of the build) and the sandbox, each a program of its own; signed-in`,
    "sellers with 10 listings each, every one in a loop of its listings page then a save through the server action, with no",
    "pause between actions (the paced run: about a second, as a person takes), measured after a warm-up. Without a pause,",
    "50 sellers keep the two cores saturated, so each one waits its turn: latency is then 50 ÷ throughput (Little's law)",
    "whatever the code does. The soak runs without a pause while the sandbox fails about one write in ten",
    "(500, 429, and writes delayed past the client's 2 s time-out) and checks every save against what the sandbox holds.",
    "",
    "| run | sellers | seconds | requests | req/s | errors | listings page p50 / p99 (ms) | save p50 / p99 (ms) | peak RSS dashboard / sandbox (MB) | load average before |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    runRow(`load (\`${LOAD_RUNS.load.command}\`)`, runs.load),
    runRow(`paced (\`${LOAD_RUNS.paced.command}\`)`, runs.paced),
    runRow(`fault soak (\`${LOAD_RUNS.soak.command}\`)`, runs.soak),
    "",
    ...againstLines(runs.against),
    ...soakLines(runs.soak),
    "| target | figure | result |",
    "|---|---|---|",
    ...targetRows(runs),
    "",
    ...errorLines([runs.load, runs.paced, runs.soak]),
    rerun,
    "",
  ];
}

export function bulkSection(bulk: BulkResult | undefined) {
  const rerun = `Re-run alone: \`${BULK_COMMAND}\` (\`--listings 10000 --per-second 20\` are the defaults, about 9 minutes; \`--listings 200\` checks it in 15 s; \`--json\` prints the figures as one JSON line).`;
  if (!bulk || "skipped" in bulk)
    return [
      BULK_TITLE,
      "",
      bulk ? `Not measured: ${bulk.skipped}` : "Not measured in this run (`--skip-bulk`).",
      rerun,
      "",
    ];
  const quarters = (key: "runnerMb" | "heapMb" | "sandboxMb") =>
    memoryQuarters(bulk.memory, key)
      .map((mb) => mb.toFixed(0))
      .join(" / ");
  return [
    BULK_TITLE,
    "",
    `One question applied to ${bulk.listings.toLocaleString("en-US")} listings by the job runner (\`lib/bulk/job-runner.ts\`, run by \`bench/bulk.ts\` in a process`,
    `with the react-server condition) against a sandbox, a process of its own, that allows the app ${bulk.perSecond} requests a second: the`,
    `limit alone needs ${bulk.limitSeconds.toFixed(0)} s. Target: within ${TARGET_RATIO}x of that, with no listing left failed and memory flat (neither`,
    "process's RSS more than 10% and 10 MB higher in the last quarter of the run than in the second; sampled every second, the",
    "runner's right after a full garbage collection, so that a sample shows what it holds rather than when V8 last collected).",
    "",
    "| listings | limit (req/s) | time (s) | the limit allows (s) | ratio | requests to the marketplace | answered 429 | changed | already as asked | failed | target |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    `| ${bulk.listings} | ${bulk.perSecond} | ${bulk.seconds.toFixed(1)} | ${bulk.limitSeconds.toFixed(0)} | **${bulk.ratio.toFixed(3)}x** | ${bulk.requests}${bulk.uncounted ? ` (+${bulk.uncounted} unread)` : ""} | ${bulk.rateLimited} | ${bulk.done} | ${bulk.unchanged} | ${bulk.failed} | ≤ ${TARGET_RATIO}x, 0 failed, memory flat: ${met(bulkMet(bulk))} |`,
    "",
    `| process | RSS, median of each quarter of the run (MB) | peak (MB) | samples | flat |`,
    "|---|---:|---:|---:|---|",
    `| job runner (the dashboard's side, \`bench/bulk.ts\`) | ${quarters("runnerMb")} | ${peak(bulk.memory, "runnerMb")} | ${bulk.memory.length} | ${processFlat(bulk.memory, "runnerMb") ? "**flat**" : "**grew**"} |`,
    `| job runner, V8 heap in use (after a full GC) | ${quarters("heapMb")} | ${peak(bulk.memory, "heapMb")} | ${bulk.memory.length} | ${processFlat(bulk.memory, "heapMb") ? "flat" : "grew"} |`,
    `| sandbox | ${quarters("sandboxMb")} | ${peak(bulk.memory, "sandboxMb")} | ${bulk.memory.length} | ${processFlat(bulk.memory, "sandboxMb") ? "**flat**" : "**grew**"} |`,
    "",
    rerun,
    "",
  ];
}
