// The verdict per target of issue 14, at the top of docs/benchmarks.md; the sections below hold the figures.
import { bulkMet, memoryFlat, TARGET_RATIO, type BulkResult } from "./bulk.js";
import type { Overhead } from "./dashboard-overhead.js";
import type { LoadRuns } from "./load-runs.js";
import { baselineRatio } from "./report-load.js";
import { median } from "./load.js";
import type { MockResult } from "./mock-vs-sandbox.js";
import type { PageWeight } from "./page-weight.js";
import { kb, met, ms } from "./report-format.js";
import { MOCK_TARGETS, mockVerdicts, TARGETS } from "./report-targets.js";

/** The load test's throughput when issue 14 was written (docs/benchmarks.md of 2026-11-22): 50 sellers, no pauses. */
export const LOAD_BASELINE = { perSecond: 205.7, saveP99Ms: 389.5 };
export const LOAD_TARGETS_14 = { saveP99Ms: 250, throughputRatio: 1.5 };

type Inputs = { mock: MockResult; overhead: Overhead[]; editor?: PageWeight; load?: LoadRuns; bulk?: BulkResult };

const row = (target: string, figure: string, result: boolean | undefined) =>
  `| ${target} | ${figure} | ${result === undefined ? "not measured" : met(result)} |`;

function loadRow(load: LoadRuns | undefined) {
  const target = `50 sellers, no pauses, 60 s: save p99 < ${LOAD_TARGETS_14.saveP99Ms} ms, throughput ≥ ${LOAD_TARGETS_14.throughputRatio}x`;
  const run = load && !("skipped" in load.load) ? load.load : undefined;
  const constant = run
    ? `${(run.total.perSecond / LOAD_BASELINE.perSecond).toFixed(2)}x the ${LOAD_BASELINE.perSecond} req/s of 2026-11-22`
    : "";
  const same = baselineRatio(load?.against);
  if (same) {
    return row(
      `${target} the issue's code (commit ${same.commit}) measured in turn in this run, 0 errors (section 5)`,
      `p99 ${ms(same.saveP99)} ms, ${same.oursPerSecond.toFixed(1)} / ${same.baselinePerSecond.toFixed(1)} req/s (${same.ratio.toFixed(2)}x), ${same.errors} errors; ${constant}`,
      same.saveP99 < LOAD_TARGETS_14.saveP99Ms && same.ratio >= LOAD_TARGETS_14.throughputRatio && same.errors === 0,
    );
  }
  return row(
    `${target} ${LOAD_BASELINE.perSecond} req/s (2026-11-22, another day: \`--baseline\` compares in one run), 0 errors (section 5)`,
    run
      ? `p99 ${ms(run.save.p99)} ms, ${run.total.perSecond.toFixed(1)} req/s (${constant}), ${run.total.errors} errors`
      : "-",
    run
      ? run.save.p99 < LOAD_TARGETS_14.saveP99Ms &&
          run.total.perSecond >= LOAD_TARGETS_14.throughputRatio * LOAD_BASELINE.perSecond &&
          run.total.errors === 0
      : undefined,
  );
}

export function verdictSection({ mock, overhead, editor, load, bulk }: Inputs) {
  const verdicts = mockVerdicts(mock);
  const measured = !("skipped" in mock);
  const generatorPeak = measured
    ? Math.max(
        ...mock.comparisons.flatMap((comparison) =>
          [...comparison.sandbox, ...comparison.prism].map((run) => run.generatorCpu),
        ),
      )
    : Number.NaN;
  const save = overhead.find((item) => item.name.startsWith("Save"));
  const saveAdded = save ? median(save.dashboardMs) - median(save.directMs) : undefined;
  const figures = bulk && !("skipped" in bulk) ? bulk : undefined;
  return [
    "## Issue 14: verdict per target",
    "",
    "| target | this run | result |",
    "|---|---|---|",
    row(
      `Prism answers what the sandbox answers: bodies within ${MOCK_TARGETS.sizeTolerance * 100}% (section 1)`,
      measured
        ? mock.comparisons
            .map((comparison) => `${comparison.bodyBytes.sandbox} / ${comparison.bodyBytes.prism} B`)
            .join("; ")
        : "-",
      measured ? verdicts.every((verdict) => verdict.sizesEqual) : undefined,
    ),
    ...verdicts.map((verdict) =>
      row(
        `${verdict.operation} ≥ ${verdict.target}x Prism, lower p99`,
        `${verdict.ratio.toFixed(2)}x, p99 ${verdict.lowerP99 ? "lower" : "not lower"}`,
        verdict.ratio >= verdict.target && verdict.lowerP99,
      ),
    ),
    row(
      "the load generator is not the ceiling (wrk on its own core, under 80% of it)",
      measured
        ? `wrk at most ${generatorPeak.toFixed(0)}% of its core, ${mock.pinned ? "pinned apart" : "not pinned"}`
        : "-",
      measured ? mock.pinned && generatorPeak < MOCK_TARGETS.generatorCpu : undefined,
    ),
    row(
      `editor first-load JS < ${TARGETS.editorKb} kB gzip (section 3)`,
      editor ? `${kb(editor.gzip)} kB` : "-",
      editor ? editor.gzip / 1000 < TARGETS.editorKb : undefined,
    ),
    row(
      `save action overhead ≤ ${TARGETS.actionMs} ms at the median (section 2)`,
      saveAdded === undefined ? "-" : `${ms(saveAdded)} ms`,
      saveAdded === undefined ? undefined : saveAdded <= TARGETS.actionMs,
    ),
    loadRow(load),
    row(
      `bulk: 10,000 listings at 20 req/s within ${TARGET_RATIO}x of 500 s, memory flat (section 6)`,
      figures
        ? `${figures.listings.toLocaleString("en-US")} listings, ${figures.ratio.toFixed(3)}x, ${figures.failed} failed, memory ${memoryFlat(figures.memory) ? "flat" : "grew"}`
        : "-",
      figures ? figures.listings >= 10_000 && bulkMet(figures) : undefined,
    ),
    "",
  ];
}
