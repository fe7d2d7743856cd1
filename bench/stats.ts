// Statistics and sequential timing shared by the bench's parts.
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Nearest-rank percentile; NaN for no values. */
export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
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

export async function mapLimit<T, U>(items: T[], limit: number, run: (item: T) => Promise<U>): Promise<U[]> {
  const results: U[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Milliseconds with two decimals under 10, one above; a dash for no value (JSON turns NaN into null). */
export const ms = (value: number | null) =>
  value === null || !Number.isFinite(value) ? "-" : value.toFixed(value < 10 ? 2 : 1);
