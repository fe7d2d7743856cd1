// What proxy.ts refuses before Next: Next's own checks would refuse these too, but with a 500 (an alarm in monitoring
// that hides real faults), so they get a 4xx with a sentence here. Headers only: the body is left to Next.

export type Refusal = { status: 403 | 411 | 413; error: string };

/** Next's `serverActions.bodySizeLimit` (next.config.js). */
export const ACTION_BODY_LIMIT = 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A foreign Origin, or the opaque "null" of a sandboxed frame or a redirect chain, compared as Next's own Server
 * Actions check does (with the first X-Forwarded-Host, else Host). No Origin at all is left to Next.
 */
export function foreignOrigin(origin: string | null, host: string | null): Refusal | undefined {
  if (origin === null) return undefined;
  const parsed = URL.parse(origin);
  if (parsed && host && parsed.host === host) return undefined;
  return {
    status: 403,
    error: "This request came from another site, so the dashboard refused it. Open the dashboard itself and try again.",
  };
}

export const tooLarge: Refusal = {
  status: 413,
  error: `This request is larger than the ${ACTION_BODY_LIMIT / 1024 / 1024} MB the dashboard accepts. Shorten what you entered and try again.`,
};

// Browsers send a Content-Length with every action; a streamed body would reach Next's limit and its 500. Next's own
// forward of an action to the page that holds it streams the body it already took within the limit.
const lengthRequired: Refusal = {
  status: 411,
  error: "The dashboard could not read this request: it has no Content-Length. Reload the page and try again.",
};

/** A write from another site on any route, and a server action whose declared size is missing or past the limit. */
export function refusalOf(request: { method: string; headers: Headers }): Refusal | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host");
  const foreign = foreignOrigin(request.headers.get("origin"), host);
  if (foreign) return foreign;
  if (!request.headers.has("next-action")) return undefined;
  const length = request.headers.get("content-length");
  if (length === null) return request.headers.has("x-action-forwarded") ? undefined : lengthRequired;
  return Number(length) > ACTION_BODY_LIMIT ? tooLarge : undefined;
}
