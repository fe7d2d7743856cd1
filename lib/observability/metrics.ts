// On globalThis and not server-only: the change runner that instrumentation.ts starts counts from another bundle.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const readAtScrape = new Registry();
  return {
    registry,
    readAtScrape,
    marketplaceCalls: new Counter({
      name: "marketplace_calls_total",
      help: "Calls to the marketplace API, by operation and HTTP status (0: no answer, timed out or unreachable).",
      labelNames: ["operation", "status"],
      registers,
    }),
    marketplaceDuration: new Histogram({
      name: "marketplace_call_duration_seconds",
      help: "Latency of each marketplace call, by operation.",
      labelNames: ["operation"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    tokenRefreshes: new Counter({
      name: "marketplace_token_refreshes_total",
      help: "Refresh grants sent to the marketplace, by outcome.",
      labelNames: ["outcome"],
      registers,
    }),
    changeItems: new Counter({
      name: "change_items_total",
      help: "Listings of changes this instance settled, by outcome (done, failed, changed-elsewhere).",
      labelNames: ["outcome"],
      registers,
    }),
    activeSessions: new Gauge({
      name: "active_sessions",
      help: "Dashboard sessions alive (signed in, not idle or past their age), across every instance.",
      registers: [readAtScrape],
    }),
    unreadableTokens: new Gauge({
      name: "seller_tokens_unreadable",
      help: "Sellers whose stored tokens no configured key opens (each signs in again); the log names them.",
      registers: [readAtScrape],
    }),
    quotaSpent: new Gauge({
      name: "marketplace_quota_spent_ratio",
      help: "Share of the app's rolling day quota spent, as the marketplace's latest answer to this instance counted it (the whole app's requests); the log warns once a day past 0.8.",
      registers: [readAtScrape],
    }),
    quotaRequests: new Gauge({
      name: "marketplace_quota_requests",
      help: "The app's rolling day quota in requests, as the marketplace's latest answer to this instance counted it: `spent` (the whole app's of the last 24 hours) and `limit`.",
      labelNames: ["count"],
      registers: [readAtScrape],
    }),
    quotaRunsOut: new Gauge({
      name: "marketplace_quota_runs_out_timestamp_seconds",
      help: "When the app's day quota runs out at the pace of the last hour (Unix seconds); 0 when it is not shrinking or nothing is known yet.",
      registers: [readAtScrape],
    }),
    specDifferences: new Gauge({
      name: "marketplace_spec_differences",
      help: "Differences between the marketplace's published OpenAPI document and the sandbox's at the spec radar's last check, by class (breaking, additive) and whether they touch what the dashboard uses; the log and readiness name the operations.",
      labelNames: ["class", "used_by_dashboard"],
      registers,
    }),
    specChecked: new Gauge({
      name: "marketplace_spec_checked_timestamp_seconds",
      help: "When the spec radar last read the marketplace's published OpenAPI document (Unix seconds; once a day).",
      registers,
    }),
    lastSuccessfulRequest: new Gauge({
      name: "marketplace_last_successful_request_timestamp_seconds",
      help: "When the app last had a successful marketplace request, by any instance (Unix seconds; the marketplace bans an app dormant for six months).",
      registers: [readAtScrape],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const globalForMetrics = globalThis as unknown as { dashboardMetrics?: Metrics };

export function metrics(): Metrics {
  globalForMetrics.dashboardMetrics ??= createMetrics();
  return globalForMetrics.dashboardMetrics;
}
