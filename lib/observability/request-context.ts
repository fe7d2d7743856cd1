// Kept only until lib/marketplace's HTTP client (rewritten elsewhere on undici) stops calling stepAside: a no-op now
// that no render line waits on it. Remove with that rewrite.
import { AsyncLocalStorage } from "node:async_hooks";

export type StepAside = <T>(waiting: Promise<T>) => Promise<T>;

export type RequestContext = { requestId: string; stepAside?: StepAside };

const globalForContext = globalThis as unknown as { dashboardRequestContext?: AsyncLocalStorage<RequestContext> };

export function requestContext(): AsyncLocalStorage<RequestContext> {
  globalForContext.dashboardRequestContext ??= new AsyncLocalStorage<RequestContext>();
  return globalForContext.dashboardRequestContext;
}

export function stepAside<T>(waiting: Promise<T>): Promise<T> {
  return waiting;
}
