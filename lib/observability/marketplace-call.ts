// Not `server-only` for the same reason as its neighbours; it holds no secret.
import { logger } from "./logger";
import { metrics } from "./metrics";
import { appQuota } from "./quota-warning";

export type MarketplaceCallRecord = {
  operation: string;
  status: number;
  startedAt: number;
  attempt?: number;
  error?: string;
  outcome?: "timeout" | "unreachable" | "schema-mismatch";
  headers?: { get(name: string): string | null };
};

const globalForCalls = globalThis as unknown as {
  lastSuccessfulMarketplaceCall?: number;
  lastFailedMarketplaceCall?: number;
};

/** When this process last had a 2xx from the marketplace (any request, the token endpoint's too), or undefined. */
export const lastSuccessfulCallAt = (): number | undefined => globalForCalls.lastSuccessfulMarketplaceCall;

/** When this process last had no answer or a 5xx from the marketplace, or undefined: readiness reads it. */
export const lastFailedCallAt = (): number | undefined => globalForCalls.lastFailedMarketplaceCall;

export function recordMarketplaceCall(call: MarketplaceCallRecord) {
  const ms = Date.now() - call.startedAt;
  if (call.status >= 200 && call.status < 300)
    globalForCalls.lastSuccessfulMarketplaceCall = Math.max(lastSuccessfulCallAt() ?? 0, Date.now());
  else if (call.status === 0 || call.status >= 500)
    globalForCalls.lastFailedMarketplaceCall = Math.max(lastFailedCallAt() ?? 0, Date.now());
  const { marketplaceCalls, marketplaceDuration } = metrics();
  marketplaceCalls.inc({ operation: call.operation, status: String(call.status) });
  marketplaceDuration.observe({ operation: call.operation }, ms / 1000);
  const header = (name: string) => {
    const value = call.headers?.get(name);
    return value === null || value === undefined ? undefined : Number(value);
  };
  const limitToday = header("x-limit-per-day");
  const remainingToday = header("x-remaining-today");
  if (limitToday !== undefined && remainingToday !== undefined)
    appQuota().observe({ limit: limitToday, remaining: remainingToday });
  const line = {
    msg: "marketplace call",
    operation: call.operation,
    status: call.status,
    ms,
    attempt: call.attempt,
    error: call.error,
    outcome: call.outcome,
    remainingThisSecond: header("x-remaining-this-second"),
    remainingToday,
  };
  if (call.status === 0 || call.status >= 500 || call.outcome) logger().warn(line);
  else logger().info(line);
}
