import { jsonError, requestHeader, type Ctx } from "../http.js";
import { sha256, safeEqual } from "../crypto.js";

export type Access = { token: "none" } | { token: "optional" } | { token: "required"; scope?: string };

/**
 * docs/marketplace.md §5.2 and §12, on every /v3/application request: the refusal, or undefined with the
 * app and its rate-limit headers set on the context. A plain function called by the route's one handler (and by the
 * 404 answer), not a middleware: each link of Hono's chain is a promise on every request.
 */
export function refusedApiKey(c: Ctx): Response | undefined {
  const state = c.get("state");
  const header = requestHeader(c, "x-api-key");
  if (!header) return jsonError(c, 401, "Missing or invalid API key");
  const colon = header.indexOf(":");
  const keystring = colon === -1 ? header : header.slice(0, colon);
  const app = state.app(keystring);
  if (!app) return jsonError(c, 401, "Missing or invalid API key");
  if (colon === -1 || !safeEqual(header.slice(colon + 1), app.shared_secret))
    return jsonError(c, 403, "Invalid API key: should be in the format 'keystring:shared_secret'.");
  c.set("apiApp", app);
  const verdict = state.rateLimiter.take(app.app_id, app, state.nowMs());
  if (verdict.message) return jsonError(c, 429, verdict.message, undefined, verdict.headers);
  c.set("rateHeaders", verdict.headers);
  return undefined;
}

export function withApiKey(c: Ctx, handle: (c: Ctx) => Response | Promise<Response>): Response | Promise<Response> {
  const refused = refusedApiKey(c);
  if (refused) return refused;
  const answer = handle(c);
  return answer instanceof Promise
    ? answer.then((response) => withRateHeaders(c, response))
    : withRateHeaders(c, answer);
}

export function withRateHeaders(c: Ctx, response: Response): Response {
  const headers = c.get("rateHeaders");
  if (headers && c.get("withRateHeaders") !== response)
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** Resolves the bearer token (docs/marketplace.md §5.3, §7.7); returns a response when it is refused. */
function resolveBearer(c: Ctx): Response | undefined {
  const header = requestHeader(c, "authorization");
  if (!header)
    return jsonError(
      c,
      401,
      "invalid_token",
      "An OAuth 2.0 access token is required: send Authorization: Bearer <user_id>.<token>.",
    );
  const match = /^Bearer (.+)$/i.exec(header);
  const token = match?.[1]?.trim() ?? "";
  const prefix = /^(\d+)\./.exec(token);
  if (!prefix) return jsonError(c, 403, "No user was provided as part of the bearer token.");
  const state = c.get("state");
  const row = state.accessToken(sha256(token));
  if (!row || row.revoked || row.app_id !== c.get("apiApp")?.app_id || String(row.user_id) !== prefix[1])
    return jsonError(c, 401, "invalid_token", "access token is invalid");
  if (row.expires_at <= state.now()) return jsonError(c, 401, "invalid_token", "access token is expired");
  c.set("bearer", { user_id: row.user_id, scopes: row.scopes.split(" ").filter(Boolean) });
  return undefined;
}

export function refusedAccess(c: Ctx, access: Access): Response | undefined {
  if (access.token === "none") return undefined;
  if (access.token === "optional" && !requestHeader(c, "authorization")) return undefined;
  const refused = resolveBearer(c);
  if (refused || access.token === "optional" || !access.scope || hasScope(c, access.scope)) return refused;
  return jsonError(c, 403, "insufficient_scope", "Insufficient scope");
}

export function hasScope(c: Ctx, scope: string) {
  return c.get("bearer")?.scopes.includes(scope) ?? false;
}
