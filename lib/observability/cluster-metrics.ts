// Not `server-only`: the server's primary and workers use it (scripts/worker-pool.ts, scripts/serve.ts), and so does
// /api/metrics. With DASHBOARD_WORKERS > 1 a scrape reaches one worker; it asks the primary, which sums every worker's
// registry (prom-client's aggregation), so the counters do not depend on which worker answered.
import { randomUUID } from "node:crypto";
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import { metrics } from "./metrics";

const ASK = "dashboard:pool-metrics";
const ANSWER = "dashboard:pool-metrics-answer";
const ANSWER_WITHIN_MS = 6_000;

type Answer = { type: typeof ANSWER; id: string; text?: string; error?: string };
const isAnswer = (message: unknown, id: string): message is Answer =>
  (message as Answer | null)?.type === ANSWER && (message as Answer).id === id;

/** Prometheus text for the whole server: this process's registry, or every worker's summed when it runs in a pool. */
export async function serverMetricsText(): Promise<string> {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return metrics().registry.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const settle = (message: unknown) => {
      if (!isAnswer(message, id)) return;
      clearTimeout(timer);
      process.off("message", settle);
      if (message.text === undefined) reject(new Error(message.error ?? "the primary sent no metrics"));
      else resolve(message.text);
    };
    const timer = setTimeout(
      () => settle({ type: ANSWER, id, error: `the worker pool did not answer within ${ANSWER_WITHIN_MS} ms` }),
      ANSWER_WITHIN_MS,
    );
    process.on("message", settle);
    send({ type: ASK, id });
  });
}

/** In a worker: prom-client's collection requests from the primary are answered with this process's registry. */
export function offerWorkerMetrics() {
  AggregatorRegistry.setRegistries([metrics().registry]);
  // Constructing one in a worker is what makes prom-client listen for the primary's requests.
  new AggregatorRegistry();
}

/** In the primary: a worker's ask is answered with every worker's metrics, summed. */
export function answerPoolMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}
