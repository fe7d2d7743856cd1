import { setTimeout as wait } from "node:timers/promises";
import { Hono } from "hono";
import { PatternRouter } from "hono/router/pattern-router";
import { bodyLimit } from "hono/body-limit";
import type { SandboxState } from "./state.js";
import { BODY_TOO_LARGE, jsonError, requestHeader, type Ctx, type SandboxEnv } from "./http.js";
import { authorizeRoutes } from "./oauth/authorize.js";
import { tokenRoutes } from "./oauth/token.js";
import { withApiKey, withRateHeaders } from "./api/credentials.js";
import { listingRoutes } from "./api/listings.js";
import { personalizationRoutes } from "./api/personalization.js";
import { accountRoutes } from "./api/account.js";
import { receiptRoutes } from "./api/receipts.js";
import { API_KEY_PREFIX, mountRoutes, openApiDocument, type Route } from "./api/routes.js";
import { controlRoutes } from "./control/routes.js";
import { homeRoutes } from "./home.js";
import { openApiTextAt } from "./openapi/overlays.js";
import { listingImageSvg } from "./store/listing-store.js";
import { IMAGE_SIZES } from "./store/listing-json.js";
import { enterSpace, type Spaces } from "./spaces.js";
import { bodyCopy, keepExchange } from "./requests/request-exchange.js";

const MAX_BODY_BYTES = 64 * 1024;

const IMAGE_FILE = /^il_(75x75|170x135|570xN|fullxfull)\.svg$/;

export const API_ROUTES: readonly Route[] = [
  ...tokenRoutes,
  ...accountRoutes,
  ...personalizationRoutes,
  ...listingRoutes,
  ...receiptRoutes,
];

/** `spaces`: the spaces of this process, on the default world's app only (startSandbox makes them). */
export function createApp(state: SandboxState, routes: readonly Route[] = API_ROUTES, spaces?: Spaces) {
  const app = new Hono<SandboxEnv>({ router: new PatternRouter() });
  let openApiJson: string | undefined;

  // First of all: a space's answer is its own, its Date header, faults and request log included.
  if (spaces) app.use("/spaces/*", enterSpace(spaces));

  // The live marketplace's Date header carries the real date; here it follows the sandbox clock, so a client learns
  // the marketplace's today from any answer.
  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("date", new Date(state.nowMs()).toUTCString());
  });

  // Before the API's middleware: the listings' photos at the URLs their `images` give, as the marketplace's image host
  // serves them: no API key, rate limit, injected fault or request-log entry, so a page of thumbnails never counts as
  // API calls.
  app.get("/images/:imageId/:file", (c) => {
    const size = IMAGE_FILE.exec(c.req.param("file"))?.[1] as keyof typeof IMAGE_SIZES | undefined;
    const imageId = Number(c.req.param("imageId"));
    const svg = size && Number.isSafeInteger(imageId) ? listingImageSvg(state.db, imageId, size) : null;
    if (svg === null) return c.text("No such image.", 404);
    return c.body(svg, 200, {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    });
  });

  app.use("*", async (c, next) => {
    c.set("state", state);
    const path = c.req.path;
    const control = path.startsWith("/__sandbox");
    const logged = !(control || path === "/" || path === "/favicon.ico" || path.startsWith("/openapi"));
    const startedMs = state.nowMs();
    const copy = logged ? bodyCopy(c.req.raw) : null;
    const fault = control ? undefined : state.faults.take(c.req.method, path);
    if (fault?.delay_ms) await wait(fault.delay_ms);
    if (fault?.after_write) await next();
    if (fault?.status) {
      c.res = jsonError(
        c,
        fault.status,
        fault.status === 429
          ? "Too many requests (injected by the sandbox fault API)"
          : "Injected fault (sandbox fault API)",
        undefined,
        fault.retry_after === undefined ? {} : { "retry-after": String(fault.retry_after) },
      );
    } else if (!fault?.after_write) {
      await next();
    }
    if (!logged) return;
    const note = c.get("logNote") ?? {};
    state.log.add({
      timeMs: startedMs,
      exchange: await keepExchange(c.req.raw, copy, c.res, state.nowMs() - startedMs),
      method: c.req.method,
      path,
      status: c.res.status,
      api_key: requestHeader(c, "x-api-key") !== undefined,
      app: c.get("apiApp")?.name ?? null,
      bearer_user: c.get("bearer")?.user_id ?? null,
      grant_type: note.grant_type ?? null,
      client_auth: note.client_auth ?? null,
      code_verifier: note.code_verifier ?? null,
      error: note.error ?? null,
    });
  });

  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => jsonError(c as never, 413, BODY_TOO_LARGE) });
  // Every body this app reads, on every path (the API, the OAuth pages, the control API and its spaces), is read as a
  // stream up to the limit and refused as soon as it passes it. Only on the methods that carry a body: on a GET it
  // would be one more link in every read's chain.
  app.on(["POST", "PUT", "PATCH", "DELETE"], "*", async (c, next) => {
    const length = requestHeader(c, "transfer-encoding") === undefined ? requestHeader(c, "content-length") : undefined;
    if (length !== undefined) return parseInt(length, 10) > MAX_BODY_BYTES ? jsonError(c, 413, BODY_TOO_LARGE) : next();
    return limitBody(c, next);
  });

  app.route("/", homeRoutes());
  app.get("/openapi.json", (c) => {
    openApiJson ??= JSON.stringify(openApiDocument(routes, new URL(c.req.url).origin + state.base));
    return c.body(openApiJson, 200, { "content-type": "application/json; charset=utf-8" });
  });
  // docs/marketplace.md §18: the marketplace's own document as it stood on the sandbox's date, or on ?date=.
  app.get("/openapi/marketplace.json", (c) => {
    const date = c.req.query("date") ?? state.marketplaceDate;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return jsonError(c, 400, "date: give a day as YYYY-MM-DD, e.g. 2026-09-21.");
    return c.body(openApiTextAt(date), 200, { "content-type": "application/json; charset=utf-8" });
  });
  app.route("/oauth", authorizeRoutes());
  mountRoutes(app, routes);
  app.all("/v2/*", (c) =>
    c.req.header("authorization")?.startsWith("Bearer ")
      ? jsonError(
          c,
          401,
          "invalid_token",
          "v2 endpoints do not accept OAuth 2.0 tokens; call the /v3/ endpoint or use an OAuth 1.0 token (docs/marketplace.md §5.6).",
        )
      : jsonError(c, 404, "The sandbox emulates only the v3 API; v2 paths exist here only to refuse OAuth 2.0 tokens."),
  );
  app.route("/__sandbox", controlRoutes(spaces));

  const noEndpoint = (c: Ctx) => jsonError(c, 404, `No endpoint ${c.req.method} ${c.req.path} in the sandbox.`);
  app.notFound((c) => (c.req.path.startsWith(API_KEY_PREFIX) ? withApiKey(c, noEndpoint) : noEndpoint(c)));
  app.onError((error, c) => {
    console.error(
      `sandbox: ${c.req.method} ${c.req.path} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return withRateHeaders(c, jsonError(c, 500, "The sandbox failed to handle this request."));
  });
  return app;
}
