// Statistics and sequential timing shared by the bench scripts; the load generator is wrk (wrk.ts).
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

/** Milliseconds one call takes, measured with the monotonic clock. */
export async function timed(call: () => Promise<void>) {
  const start = process.hrtime.bigint();
  await call();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Sequential calls of `a` and `b`, interleaved (a, b, a, b...) so drift in machine speed hits both alike. */
export async function alternate(a: () => Promise<void>, b: () => Promise<void>, rounds: number, warmup = 10) {
  for (let index = 0; index < warmup; index++) {
    await a();
    await b();
  }
  const times = { a: [] as number[], b: [] as number[] };
  for (let index = 0; index < rounds; index++) {
    times.a.push(await timed(a));
    times.b.push(await timed(b));
  }
  return times;
}
