// Number formats and verdicts shared by the sections of docs/benchmarks.md.
export const kb = (bytes: number) => (bytes / 1000).toFixed(1);
/** JSON turns a percentile of no requests (NaN) into null: both show as a dash. */
export const ms = (value: number | null) =>
  value === null || !Number.isFinite(value) ? "-" : value.toFixed(value < 10 ? 2 : 1);
export const met = (ok: boolean) => (ok ? "**met**" : "**missed**");
