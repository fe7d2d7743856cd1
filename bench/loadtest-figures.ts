// What `npm run loadtest -- --json <file>` writes: shared by the load test and by npm run bench, which reports it.
import type { ProcessFigures } from "./loadtest-sampler";
import type { Latencies } from "./loadtest-stats";

/** Issue 4's targets: 50 sellers for 60 s with zero errors, save p99 < 250 ms, dashboard < 500 MB. */
export const LOAD_TARGETS = { sellers: 50, seconds: 60, saveP99Ms: 250, dashboardRssMb: 500 };

export type LatencyFigures = {
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
};

export const latencyFigures = (latencies: Latencies, seconds: number): LatencyFigures => ({
  count: latencies.count,
  perSecond: latencies.count / seconds,
  p50: latencies.percentile(50),
  p99: latencies.percentile(99),
  max: latencies.max(),
  errors: latencies.errors,
});

export type LoadFigures = {
  command: string;
  startedAt: string;
  machine: { cores: number; memoryGiB: number; node: string; loadBefore: number[]; loadAfter: number[] };
  sellers: number;
  listings: number;
  seconds: number;
  thinkMs: number;
  soak: boolean;
  timeoutMs: number;
  page: LatencyFigures;
  save: LatencyFigures;
  /** Saves reported stored only: in the soak, the seller's view of a save that went through. */
  stored: LatencyFigures;
  total: { count: number; perSecond: number; errors: number };
  /** Dashboard (next-server), sandbox, load generator, in that order. */
  processes: ProcessFigures[];
  saves: { stored: number; notStored: number; unknown: number; unknownLanded: number; error: number };
  lost: number;
  phantom: number;
  faults?: {
    queued: number;
    spent: number;
    byKind?: Record<string, number>;
    writes?: Record<string, number>;
    told: Record<string, number>;
  };
  /** Error message → how many times it was seen. */
  errors: Record<string, number>;
  checks: { errors: boolean; lost: boolean; phantom: boolean; dashboardRss: boolean; saveP99?: boolean };
};
