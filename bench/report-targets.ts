// The targets the report checks, and the verdicts on the Prism comparison (issue 14).
import { median } from "./load.js";
import type { MockResult } from "./mock-vs-sandbox.js";
import type { Throughput } from "./wrk.js";

export const med = (runs: Throughput[], key: keyof Throughput) => median(runs.map((run) => run[key] ?? Number.NaN));

export const TARGETS = { actionMs: 8, pageMs: 50, editorKb: 160, readyMs: 5000, sandboxMb: 150 };

/** Issue 14: the sandbox against Prism at equal payloads (answer bodies within 10% of each other). */
export const MOCK_TARGETS = { sizeTolerance: 0.1, generatorCpu: 80, ratios: [6, 4, 4] };

export type MockVerdict = {
  operation: string;
  ratio: number;
  target: number;
  lowerP99: boolean;
  sizesEqual: boolean;
  met: boolean;
};

export function mockVerdicts(mock: MockResult): MockVerdict[] {
  if ("skipped" in mock) return [];
  return mock.comparisons.map((comparison, index) => {
    // Each sandbox run over the Prism run right after it, then the median: pairs taken seconds apart cancel most of the
    // drift of these machines, which moved a ratio of medians by a fifth between two runs of the same code.
    const ratio = median(
      comparison.sandbox.map((run, round) => run.rps / (comparison.prism[round]?.rps ?? Number.NaN)),
    );
    const target = MOCK_TARGETS.ratios[index] ?? MOCK_TARGETS.ratios.at(-1) ?? 4;
    const lowerP99 = med(comparison.sandbox, "p99") < med(comparison.prism, "p99");
    const { sandbox, prism } = comparison.bodyBytes;
    const sizesEqual = Math.abs(sandbox - prism) <= MOCK_TARGETS.sizeTolerance * Math.max(sandbox, prism);
    return {
      operation: comparison.operation,
      ratio,
      target,
      lowerP99,
      sizesEqual,
      met: ratio >= target && lowerP99 && sizesEqual,
    };
  });
}

/** The server's CPU time per answer in µs, the median over runs: steadier than req/s when other work shares its core. */
export const cpuPerAnswer = (runs: Throughput[]) =>
  median(runs.map((run) => ((run.serverCpu ?? Number.NaN) / 100 / run.rps) * 1e6));
