import { AsyncLocalStorage } from "node:async_hooks";

/** A page render's hook (scripts/render-line.ts): lets other pages render while `waiting` is pending, then waits for its turn again. */
export type StepAside = <T>(waiting: Promise<T>) => Promise<T>;

export type RequestContext = { requestId: string; stepAside?: StepAside };

const globalForContext = globalThis as unknown as { dashboardRequestContext?: AsyncLocalStorage<RequestContext> };

/** Set by the server around each request, so that the app's own log lines carry that request's id. */
export function requestContext(): AsyncLocalStorage<RequestContext> {
  globalForContext.dashboardRequestContext ??= new AsyncLocalStorage<RequestContext>();
  return globalForContext.dashboardRequestContext;
}

export const currentRequestId = (): string | undefined => requestContext().getStore()?.requestId;

/** `waiting`, during which the request in hand (a page render) lets another render run. */
export function stepAside<T>(waiting: Promise<T>): Promise<T> {
  const context = requestContext().getStore();
  return context?.stepAside ? context.stepAside(waiting) : waiting;
}
