// Latency figures per kind of request, and a bounded-concurrency map for setting up many sellers.

export class Latencies {
  private values: number[] = [];
  errors = 0;

  add(ms: number) {
    this.values.push(ms);
  }

  get count() {
    return this.values.length;
  }

  /** Nearest-rank percentile in milliseconds. */
  percentile(p: number): number {
    if (this.values.length === 0) return Number.NaN;
    const sorted = [...this.values].sort((a, b) => a - b);
    return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
  }

  max(): number {
    return this.values.length === 0 ? Number.NaN : this.values.reduce((a, b) => Math.max(a, b));
  }
}

export async function mapLimit<T, U>(
  items: T[],
  limit: number,
  run: (item: T, index: number) => Promise<U>,
): Promise<U[]> {
  const results: U[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const ms = (value: number) => (Number.isNaN(value) ? "-" : `${value.toFixed(1)} ms`);
