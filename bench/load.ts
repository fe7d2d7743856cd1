import autocannon from "autocannon";

export type Request = { url: string; method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

export type Throughput = { rps: number; p50: number; p99: number; bytesPerResponse: number; failures: number };

/** A fixed-time autocannon run; any non-2xx answer or socket error counts as a failure. */
export async function cannon(request: Request, connections: number, seconds: number): Promise<Throughput> {
  const result = await autocannon({
    url: request.url,
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
    connections,
    duration: seconds,
  });
  const responses = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerResponse: result.throughput.total / responses,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
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
