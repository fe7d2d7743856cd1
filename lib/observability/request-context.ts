import { AsyncLocalStorage } from "node:async_hooks";

export type RequestContext = { requestId: string };

const globalForContext = globalThis as unknown as { dashboardRequestContext?: AsyncLocalStorage<RequestContext> };

/** Set by the server around each request, so that the app's own log lines carry that request's id. */
export function requestContext(): AsyncLocalStorage<RequestContext> {
  globalForContext.dashboardRequestContext ??= new AsyncLocalStorage<RequestContext>();
  return globalForContext.dashboardRequestContext;
}

export const currentRequestId = (): string | undefined => requestContext().getStore()?.requestId;
