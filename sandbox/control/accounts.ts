import type { Hono } from "hono";
import { z } from "zod";
import { jsonError, type Ctx, type SandboxEnv } from "../http.js";
import { randomId, sha256 } from "../crypto.js";
import { insertListings, insertShop, insertUser } from "../store/seed.js";
import { issueTokens, revokeUserTokens } from "../oauth/grants.js";
import { parseScopeList, SCOPES, V2_SCOPES } from "../scopes.js";
import { overfilled, readBody } from "./input.js";

const appBody = z.object({ name: z.string().min(1), redirect_uris: z.array(z.string().min(1)).min(1) });
const sellerBody = z.object({
  email: z.string().email().optional(),
  password: z.string().min(1).optional(),
  listings: z.number().int().min(0).max(20000).optional(),
  shop: z.boolean().optional(),
});
const tokenBody = z.object({ keystring: z.string(), user_id: z.number().int(), scopes: z.array(z.string()) });
const narrowBody = z.object({ user_id: z.number().int(), withdraw: z.array(z.string()).min(1) });

const lowercaseId = (bytes: number) =>
  randomId(bytes)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x");

function userExists(c: Ctx, userId: number) {
  return c.get("state").db.prepare("SELECT 1 FROM users WHERE user_id = ?").get(userId) !== undefined;
}

/** The body of POST /tokens and /legacy-tokens, its app found and its user known, or the refusal. */
async function tokenRequest(c: Ctx) {
  const input = await readBody(c, tokenBody);
  if (input instanceof Response) return input;
  const app = c.get("state").app(input.keystring);
  if (!app) return jsonError(c, 404, "keystring: no such app.");
  if (!userExists(c, input.user_id)) return jsonError(c, 404, "user_id: no such user.");
  return { ...input, app };
}

/** Apps, sellers and their tokens: POST /apps, /sellers, /tokens, /legacy-tokens, /narrow-scopes, /revoke. */
export function accountControlRoutes(routes: Hono<SandboxEnv>) {
  routes.post("/apps", async (c) => {
    const input = await readBody(c, appBody);
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
    const input = await readBody(c, sellerBody);
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
    const input = await readBody(c, narrowBody);
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
    const input = await readBody(c, z.object({ user_id: z.number().int() }));
    if (input instanceof Response) return input;
    return c.json({ revoked: revokeUserTokens(c.get("state").db, input.user_id) });
  });
}
