// Not `server-only`: the custom server counts requests into the same registry the app's /api/metrics serves.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  // Gauges read from the shared database at each scrape: the same for every worker, so never summed across them.
  const readAtScrape = new Registry();
  return {
    registry,
    readAtScrape,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "Requests the dashboard answered, by method, route and status.",
      labelNames: ["method", "route", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to its response's end, by method and route.",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
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
    bulkItems: new Counter({
      name: "bulk_items_total",
      help: "Bulk job items this instance settled, by outcome (done, failed, skipped, unchanged).",
      labelNames: ["outcome"],
      registers,
    }),
    activeSessions: new Gauge({
      name: "active_sessions",
      help: "Dashboard sessions alive (signed in, not idle or past their age), across every instance.",
      registers: [readAtScrape],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The server's render line (scripts/render-line.ts), read at each scrape: it sizes itself, so operators see how. */
export function gaugeRenderLine(line: { places: number; inLine: number }) {
  const registers = [metrics().registry];
  new Gauge({
    name: "page_render_places",
    help: "Page renders the server lets run at once now (it sizes this by its event loop's lag, up to DASHBOARD_PAGE_RENDERS).",
    registers,
    collect() {
      this.set(line.places);
    },
  });
  new Gauge({
    name: "pages_in_line",
    help: "Page requests waiting for a place to render.",
    registers,
    collect() {
      this.set(line.inLine);
    },
  });
}

const globalForMetrics = globalThis as unknown as { dashboardMetrics?: Metrics };

/** One registry per process, whichever bundle or script asks first. */
export function metrics(): Metrics {
  globalForMetrics.dashboardMetrics ??= createMetrics();
  return globalForMetrics.dashboardMetrics;
}

/** Ids in paths become `:id` and build assets one route, so a route is one series however many listings, jobs or builds there are. */
export function routeOf(path: string): string {
  const pathname = path.split("?")[0] ?? "/";
  if (pathname.startsWith("/_next/static/")) return "/_next/static/*";
  return pathname
    .split("/")
    .map((segment) =>
      /^\d+$/.test(segment) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment)
        ? ":id"
        : segment,
    )
    .join("/");
}
