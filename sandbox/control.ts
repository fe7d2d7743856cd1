import { Hono } from "hono";
import { z } from "zod";
import { jsonError, isLoopback, type Ctx, type SandboxEnv } from "./http.js";
import { randomId, sha256 } from "./crypto.js";
import { insertListings, insertShop, insertUser } from "./store/seed.js";
import { issueTokens, revokeUserTokens } from "./oauth/grants.js";
import { parseScopeList, SCOPES, V2_SCOPES } from "./scopes.js";
import { getListingRow, listingJson, updateListingFields, type ListingRow } from "./store/listing-store.js";
import { PHASES } from "./state.js";
import { PHASE_STARTS } from "./phases.js";
import { WEBHOOK_EVENTS } from "./webhooks.js";
import { faultBody } from "./faults.js";
import { personalizationCapabilities } from "./api/personalization.js";
import { shopManagerDelete, shopManagerEdit } from "./api/shop-manager.js";
import { orderControlRoutes } from "./order-control.js";
import { spaceControlRoutes, type Spaces } from "./spaces.js";
import { logFilter } from "./request-log-query.js";
import { requestLogRoutes } from "./request-log-routes.js";
import type { SpaceBound } from "./space-limits.js";

const appBody = z.object({ name: z.string().min(1), redirect_uris: z.array(z.string().min(1)).min(1) });
const sellerBody = z.object({
  email: z.string().email().optional(),
  password: z.string().min(1).optional(),
  listings: z.number().int().min(0).max(20000).optional(),
  shop: z.boolean().optional(),
});
const tokenBody = z.object({ keystring: z.string(), user_id: z.number().int(), scopes: z.array(z.string()) });
const narrowBody = z.object({ user_id: z.number().int(), withdraw: z.array(z.string()).min(1) });
const clockBody = z
  .object({
    advance_seconds: z.number().int().min(0).optional(),
    at: z
      .union([z.number().int().min(0), z.iso.datetime({ offset: true }), z.iso.date()], {
        error: "must be seconds since 1970 or an ISO 8601 date or time",
      })
      .optional(),
  })
  .refine((input) => (input.advance_seconds === undefined) !== (input.at === undefined), {
    error: "give advance_seconds or at, not both",
  });
const webhookBody = z.object({
  url: z.url({ protocol: /^https?$/, error: "must be an http or https URL" }),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).optional(),
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, { error: "must be whsec_ and at least 24 bytes in base64" })
    .optional(),
});
const rateBody = z.object({
  keystring: z.string(),
  per_second: z.number().int().min(1),
  per_day: z.number().int().min(1),
});

async function body<T>(c: Ctx, schema: z.ZodType<T>): Promise<T | Response> {
  const raw = await c.req.json().catch(() => undefined);
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return jsonError(c, 400, `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
}

/** A 403 with the sentence when `count` more of `bound` would overfill this space (never outside a space). */
function overfilled(c: Ctx, bound: SpaceBound, count = 1) {
  const refusal = c.get("state").refusal(bound, count);
  return refusal === undefined ? undefined : jsonError(c, 403, refusal);
}

const lowercaseId = (bytes: number) =>
  randomId(bytes)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x");

function userExists(c: Ctx, userId: number) {
  return c.get("state").db.prepare("SELECT 1 FROM users WHERE user_id = ?").get(userId) !== undefined;
}

/** The body of POST /tokens and /legacy-tokens, its app found and its user known, or the refusal. */
async function tokenRequest(c: Ctx) {
  const input = await body(c, tokenBody);
  if (input instanceof Response) return input;
  const app = c.get("state").app(input.keystring);
  if (!app) return jsonError(c, 404, "keystring: no such app.");
  if (!userExists(c, input.user_id)) return jsonError(c, 404, "user_id: no such user.");
  return { ...input, app };
}

const noSubscription = (c: Ctx) => jsonError(c, 404, `No webhook subscription ${c.req.param("id")}.`);

export function controlRoutes(spaces?: Spaces) {
  const routes = new Hono<SandboxEnv>();

  routes.use("*", async (c, next) => {
    const address = c.env?.incoming?.socket?.remoteAddress;
    if (c.env?.incoming && !isLoopback(address)) return jsonError(c, 403, "The control API answers only on loopback.");
    await next();
  });

  routes.post("/reset", (c) => {
    c.get("state").reset();
    return c.json({ reset: true });
  });

  routes.post("/apps", async (c) => {
    const input = await body(c, appBody);
    if (input instanceof Response) return input;
    const full = overfilled(c, "apps");
    if (full) return full;
    const state = c.get("state");
    const keystring = lowercaseId(18);
    const secret = randomId(12);
    const result = state.db
      .prepare(
        "INSERT INTO apps (name, keystring, shared_secret, redirect_uris, per_second, per_day) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(
        input.name,
        keystring,
        secret,
        JSON.stringify(input.redirect_uris),
        state.options.perSecond,
        state.options.perDay,
      );
    return c.json(
      {
        app_id: Number(result.lastInsertRowid),
        name: input.name,
        keystring,
        shared_secret: secret,
        redirect_uris: input.redirect_uris,
      },
      201,
    );
  });

  routes.post("/sellers", async (c) => {
    const input = await body(c, sellerBody);
    if (input instanceof Response) return input;
    const full = overfilled(c, "sellers") ?? overfilled(c, "listings", input.listings ?? 0);
    if (full) return full;
    const state = c.get("state");
    const suffix = lowercaseId(6);
    const email = input.email ?? `seller-${suffix}@example.com`;
    const password = input.password ?? `pw-${suffix}`;
    if (state.db.prepare("SELECT 1 FROM users WHERE email = ? COLLATE NOCASE").get(email))
      return jsonError(c, 409, `email: ${email} is already taken.`);
    const created = state.db.transaction(() => {
      const userId = insertUser(state.db, { email, password, first_name: "Test" });
      if (input.shop === false) return { user_id: userId, shop_id: null, listing_ids: [] as number[] };
      const shopId = insertShop(state.db, { user_id: userId, shop_name: `TestShop${userId}` });
      const listings = Array.from({ length: input.listings ?? 0 }, (_, index) => ({
        title: `Test listing ${index + 1}`,
        state: "active",
      }));
      return {
        user_id: userId,
        shop_id: shopId,
        listing_ids: insertListings(state.db, { shop_id: shopId, user_id: userId }, listings),
      };
    })();
    return c.json({ ...created, email, password }, 201);
  });

  routes.post("/tokens", async (c) => {
    const input = await tokenRequest(c);
    if (input instanceof Response) return input;
    const unknown = input.scopes.find((scope) => !Object.hasOwn(SCOPES, scope));
    if (unknown) return jsonError(c, 400, `scopes: unknown scope ${unknown}.`);
    const full = overfilled(c, "tokens", 2);
    if (full) return full;
    const state = c.get("state");
    return c.json(
      issueTokens(state.db, {
        app_id: input.app.app_id,
        user_id: input.user_id,
        scopes: input.scopes,
        now: state.now(),
        with_scope: true,
      }),
      201,
    );
  });

  routes.post("/legacy-tokens", async (c) => {
    const input = await tokenRequest(c);
    if (input instanceof Response) return input;
    const unknown = input.scopes.find((scope) => !V2_SCOPES.has(scope));
    if (unknown) return jsonError(c, 400, `scopes: ${unknown} is not a v2 scope.`);
    const full = overfilled(c, "tokens");
    if (full) return full;
    const token = randomId(20);
    c.get("state")
      .db.prepare("INSERT INTO legacy_tokens (token_hash, app_id, user_id, scopes) VALUES (?, ?, ?, ?)")
      .run(sha256(token), input.app.app_id, input.user_id, input.scopes.join(" "));
    return c.json({ legacy_token: token }, 201);
  });

  // docs/marketplace.md §15: refreshes of older grants came back narrower; the refresh tokens lose the scopes now, the
  // access tokens in hand keep theirs until they expire, so a client sees the narrower set at its next refresh.
  routes.post("/narrow-scopes", async (c) => {
    const input = await body(c, narrowBody);
    if (input instanceof Response) return input;
    if (!userExists(c, input.user_id)) return jsonError(c, 404, "user_id: no such user.");
    const unknown = input.withdraw.find((scope) => !Object.hasOwn(SCOPES, scope));
    if (unknown) return jsonError(c, 400, `withdraw: unknown scope ${unknown}.`);
    const db = c.get("state").db;
    const grants = db
      .prepare(
        "SELECT token_hash, scopes FROM tokens WHERE user_id = ? AND kind = 'refresh' AND revoked = 0 AND expires_at > ?",
      )
      .all(input.user_id, c.get("state").now()) as { token_hash: string; scopes: string }[];
    const update = db.prepare("UPDATE tokens SET scopes = ? WHERE token_hash = ?");
    for (const grant of grants)
      update.run(
        parseScopeList(grant.scopes)
          .filter((scope) => !input.withdraw.includes(scope))
          .join(" "),
        grant.token_hash,
      );
    return c.json({ user_id: input.user_id, withdrawn: input.withdraw, grants: grants.length });
  });

  routes.post("/revoke", async (c) => {
    const input = await body(c, z.object({ user_id: z.number().int() }));
    if (input instanceof Response) return input;
    return c.json({ revoked: revokeUserTokens(c.get("state").db, input.user_id) });
  });

  const clockView = (c: Ctx) => {
    const state = c.get("state");
    return { now: state.now(), date: new Date(state.now() * 1000).toISOString(), phase: state.phase };
  };
  routes.get("/clock", (c) => c.json(clockView(c)));
  routes.post("/clock", async (c) => {
    const input = await body(c, clockBody);
    if (input instanceof Response) return input;
    const state = c.get("state");
    if (input.at !== undefined)
      state.setClock(typeof input.at === "number" ? input.at : Math.floor(Date.parse(input.at) / 1000));
    else state.advanceClock(input.advance_seconds ?? 0);
    return c.json(clockView(c));
  });

  const phaseView = (c: Ctx) => {
    const state = c.get("state");
    return { phase: state.phase, pinned: state.pinnedPhase !== undefined, starts: PHASE_STARTS };
  };
  routes.get("/phase", (c) => c.json(phaseView(c)));
  routes.post("/phase", async (c) => {
    const input = await body(
      c,
      z.object({
        phase: z.enum(PHASES, { error: `must be one of ${PHASES.join(", ")}, or null to follow the clock` }).nullable(),
      }),
    );
    if (input instanceof Response) return input;
    c.get("state").pinnedPhase = input.phase ?? undefined;
    return c.json(phaseView(c));
  });

  routes.get("/personalization-capabilities", (c) => c.json(personalizationCapabilities(c.get("state"))));

  routes.get("/webhooks", (c) => {
    const hub = c.get("state").webhooks;
    return c.json({ webhooks: hub.list(), deliveries: hub.recentDeliveries() });
  });
  routes.post("/webhooks", async (c) => {
    const input = await body(c, webhookBody);
    if (input instanceof Response) return input;
    const full = overfilled(c, "webhooks");
    if (full) return full;
    return c.json(c.get("state").webhooks.subscribe(input.url, input.events, input.secret), 201);
  });
  routes.delete("/webhooks/:id", (c) =>
    c.get("state").webhooks.unsubscribe(c.req.param("id")) ? c.body(null, 204) : noSubscription(c),
  );
  routes.get("/webhooks/:id", (c) => {
    const hub = c.get("state").webhooks;
    const subscription = hub.list().find((candidate) => candidate.id === c.req.param("id"));
    if (!subscription) return noSubscription(c);
    return c.json({ ...subscription, deliveries: hub.recentDeliveries(subscription.id) });
  });
  routes.post("/webhooks/:id/enable", (c) => {
    const subscription = c.get("state").webhooks.enable(c.req.param("id"));
    return subscription ? c.json(subscription) : noSubscription(c);
  });
  routes.post("/webhooks/deliveries/:id/resend", (c) => {
    const answer = c.get("state").webhooks.resend(c.req.param("id"));
    return answer.ok ? c.json(answer.delivery, 202) : jsonError(c, answer.status, answer.error);
  });

  routes.get("/faults", (c) => c.json({ faults: c.get("state").faults.pending() }));
  routes.delete("/faults", (c) => {
    c.get("state").faults.clear();
    return c.json({ faults: [] });
  });
  routes.post("/faults", async (c) => {
    const input = await body(c, faultBody);
    if (input instanceof Response) return input;
    if (input.status === undefined && input.delay_ms === undefined)
      return jsonError(c, 400, "status: give a status, a delay_ms, or both.");
    const full = overfilled(c, "faults");
    if (full) return full;
    const state = c.get("state");
    state.faults.add({ ...input, times: input.times ?? 1 });
    return c.json({ faults: state.faults.pending() }, 201);
  });

  routes.post("/rate-limits", async (c) => {
    const input = await body(c, rateBody);
    if (input instanceof Response) return input;
    const app = c.get("state").app(input.keystring);
    if (!app) return jsonError(c, 404, "keystring: no such app.");
    c.get("state")
      .db.prepare("UPDATE apps SET per_second = ?, per_day = ? WHERE app_id = ?")
      .run(input.per_second, input.per_day, app.app_id);
    return c.json({ keystring: input.keystring, per_second: input.per_second, per_day: input.per_day });
  });

  routes.post("/outage", async (c) => {
    const input = await body(c, z.object({ seconds: z.number().min(0.1).max(300) }));
    if (input instanceof Response) return input;
    const state = c.get("state");
    if (state.base)
      return jsonError(
        c,
        409,
        "An outage would stop the whole sandbox process and every space in it; inject faults with status 503 in this space instead (POST /__sandbox/faults).",
      );
    setTimeout(() => state.outage(input.seconds * 1000), 50);
    return c.json({ down_for_seconds: input.seconds }, 202);
  });

  routes.get("/requests", (c) => {
    const filter = logFilter(c.req.query());
    return typeof filter === "string"
      ? jsonError(c, 400, filter)
      : c.json({ requests: c.get("state").log.list(filter) });
  });
  routes.route("/", requestLogRoutes());
  routes.delete("/requests", (c) => {
    c.get("state").log.clear();
    return c.json({ requests: [] });
  });

  routes.patch("/listings/:listing_id{[0-9]+}", (c) => shopManagerEdit(c, Number(c.req.param("listing_id"))));
  routes.delete("/listings/:listing_id{[0-9]+}", (c) => shopManagerDelete(c, Number(c.req.param("listing_id"))));

  const listingView = (c: Ctx, row: ListingRow) =>
    c.json(
      listingJson(c.get("state").db, row, {
        includes: ["Personalization"],
        legacy: c.get("state").legacyFieldsShown,
        guarantees: c.get("state").guaranteeFieldsShown,
      }),
    );
  routes.get("/listings/:listing_id{[0-9]+}", (c) => {
    const row = getListingRow(c.get("state").db, Number(c.req.param("listing_id")));
    return row ? listingView(c, row) : jsonError(c, 404, "No such listing.");
  });
  // docs/marketplace.md §18: the marketplace itself removes a listing; PATCH with a state brings it back.
  routes.post("/listings/:listing_id{[0-9]+}/remove", (c) => {
    const state = c.get("state");
    const row = getListingRow(state.db, Number(c.req.param("listing_id")));
    if (!row) return jsonError(c, 404, "No such listing.");
    if (!state.reached("eu-guarantees"))
      return jsonError(
        c,
        409,
        `The marketplace has no removed state before ${PHASE_STARTS["eu-guarantees"]}: move the clock to that date or pin the phase eu-guarantees first.`,
      );
    if (row.state !== "removed") {
      updateListingFields(state.db, row.listing_id, { state: "removed" }, state.now());
      state.webhooks.listingChanged("listing.updated", row.listing_id);
    }
    const removed = getListingRow(state.db, row.listing_id);
    return removed ? listingView(c, removed) : jsonError(c, 404, "No such listing.");
  });

  orderControlRoutes(routes);
  spaceControlRoutes(routes, spaces);

  routes.all("*", (c) => jsonError(c, 404, `No control endpoint ${c.req.method} ${c.req.path}.`));
  return routes;
}
