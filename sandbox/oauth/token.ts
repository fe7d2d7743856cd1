import { z } from "zod";
import { jsonError, type AppRow, type Ctx } from "../http.js";
import { pkceChallenge, safeEqual, sha256 } from "../crypto.js";
import { issueTokens } from "./grants.js";
import { v3ScopesOfLegacy, parseScopeList } from "../scopes.js";
import { defineRoute, errorSchema, reply, type BodyReader } from "../api/routes.js";
import { tokenResponseSchema } from "../wire.js";

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

type CodeRow = {
  code_hash: string;
  app_id: number;
  user_id: number;
  scopes: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: number;
  used_at: number | null;
};
type RefreshRow = {
  token_hash: string;
  app_id: number;
  user_id: number;
  scopes: string;
  expires_at: number;
  revoked: number;
  code_hash: string | null;
};

const oauthError = (c: Ctx, error: string, description: string) =>
  jsonError(c, 400, error, description, { "cache-control": "no-store", pragma: "no-cache" });

/** docs/marketplace.md §10.1: form-encoded as documented; JSON is accepted too (its string members). */
const tokenParams: BodyReader = {
  contentTypes: ["application/x-www-form-urlencoded", "application/json"],
  read: async (c) => {
    const type = c.req.header("content-type") ?? "";
    try {
      if (/^application\/json/i.test(type)) {
        const body: unknown = JSON.parse(await c.req.text());
        if (typeof body === "object" && body !== null && !Array.isArray(body)) {
          return Object.fromEntries(
            Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
          );
        }
      } else if (/^application\/x-www-form-urlencoded/i.test(type) || type === "") {
        return Object.fromEntries(new URLSearchParams(await c.req.text()));
      }
    } catch {}
    return oauthError(
      c,
      "invalid_request",
      "the body must be application/x-www-form-urlencoded (or a JSON object) of string parameters",
    );
  },
};

// Each grant checks its own parameters in the order RFC 6749 and docs/marketplace.md §7.8 give, each with its own OAuth error code.
const optionalText = (description: string) => z.string().optional().meta({ description });
const tokenRequestSchema = z.looseObject({
  grant_type: optionalText("authorization_code, refresh_token or token_exchange."),
  client_id: optionalText("The application's keystring."),
  code: optionalText("authorization_code: the code from the redirect."),
  code_verifier: optionalText("authorization_code: the PKCE verifier, 43 to 128 characters of A-Z a-z 0-9 . _ ~ -."),
  redirect_uri: optionalText("authorization_code: when sent, the one the code was issued for."),
  refresh_token: optionalText("refresh_token: the refresh token (it stops working once used)."),
  legacy_token: optionalText("token_exchange: an OAuth 1.0 token of the v2 API."),
});

function authorizationCode(c: Ctx, app: AppRow, params: Record<string, string>) {
  const state = c.get("state");
  if (!params.code) return oauthError(c, "invalid_request", "code is required");
  if (!params.code_verifier) return oauthError(c, "invalid_request", "code_verifier is required");
  if (!VERIFIER.test(params.code_verifier))
    return oauthError(
      c,
      "invalid_request",
      "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '.', '_', '~' and '-'",
    );
  const codeHash = sha256(params.code);
  const code = state.db.prepare("SELECT * FROM codes WHERE code_hash = ?").get(codeHash) as CodeRow | undefined;
  if (!code || code.app_id !== app.app_id) return oauthError(c, "invalid_grant", "code is invalid");
  if (code.used_at !== null) {
    // RFC 6749 4.1.2: a replayed code revokes every token issued from it.
    state.db.prepare("UPDATE tokens SET revoked = 1 WHERE code_hash = ?").run(codeHash);
    return oauthError(c, "invalid_grant", "code has been used previously");
  }
  if (code.expires_at <= state.now()) return oauthError(c, "invalid_grant", "code is expired");
  if (params.redirect_uri !== undefined && params.redirect_uri !== code.redirect_uri)
    return oauthError(c, "invalid_grant", "redirect_uri does not match");
  if (!safeEqual(pkceChallenge(params.code_verifier), code.code_challenge))
    return oauthError(c, "invalid_grant", "code_verifier does not match");
  const used = state.db
    .prepare("UPDATE codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL")
    .run(state.now(), codeHash);
  if (used.changes === 0) return oauthError(c, "invalid_grant", "code has been used previously");
  return { user_id: code.user_id, scopes: parseScopeList(code.scopes), code_hash: codeHash, with_scope: true };
}

function refreshToken(c: Ctx, app: AppRow, params: Record<string, string>) {
  const state = c.get("state");
  if (!params.refresh_token) return oauthError(c, "invalid_request", "refresh_token is required");
  const hash = sha256(params.refresh_token);
  const row = state.db.prepare("SELECT * FROM tokens WHERE token_hash = ? AND kind = 'refresh'").get(hash) as
    RefreshRow | undefined;
  if (!row || row.app_id !== app.app_id) return oauthError(c, "invalid_grant", "refresh_token is invalid");
  if (row.revoked) return oauthError(c, "invalid_grant", "refresh_token is revoked");
  if (row.expires_at <= state.now()) return oauthError(c, "invalid_grant", "refresh_token is expired");
  // docs/marketplace.md §4.4: the refresh token just used stops working at once; the UPDATE makes two racing refreshes yield one winner.
  const spent = state.db.prepare("UPDATE tokens SET revoked = 1 WHERE token_hash = ? AND revoked = 0").run(hash);
  if (spent.changes === 0) return oauthError(c, "invalid_grant", "refresh_token is revoked");
  // The new pair stays tied to the original code, so a later replay of that code revokes it too (RFC 6749 4.1.2).
  const codeHash = row.code_hash ?? undefined;
  return { user_id: row.user_id, scopes: parseScopeList(row.scopes), code_hash: codeHash, with_scope: true };
}

function tokenExchange(c: Ctx, app: AppRow, params: Record<string, string>) {
  const state = c.get("state");
  if (!params.legacy_token) return oauthError(c, "invalid_request", "legacy_token is required");
  const row = state.db
    .prepare("SELECT user_id, app_id, scopes FROM legacy_tokens WHERE token_hash = ?")
    .get(sha256(params.legacy_token)) as { user_id: number; app_id: number; scopes: string } | undefined;
  if (!row || row.app_id !== app.app_id) return oauthError(c, "invalid_grant", "legacy_token is invalid");
  return { user_id: row.user_id, scopes: v3ScopesOfLegacy(parseScopeList(row.scopes)), with_scope: false };
}

const GRANTS = {
  authorization_code: authorizationCode,
  refresh_token: refreshToken,
  token_exchange: tokenExchange,
} as const;

export const tokenRoutes = [
  defineRoute({
    method: "post",
    path: "/v3/public/oauth/token",
    operationId: "oauthToken",
    summary: "Exchange a code, a refresh token or a v2 token for an access token",
    tags: ["Authentication"],
    access: { token: "none" },
    body: { schema: tokenRequestSchema, reader: tokenParams },
    responses: {
      200: reply("A new token pair (never cached).", tokenResponseSchema),
      400: reply("An OAuth error (RFC 6749 5.2) with error_description.", errorSchema),
      403: reply("Sandbox only: the space holds its most tokens; reset it or create another.", errorSchema),
    },
    handler: async (c, { body }) => {
      const params = await body();
      const read = params instanceof Response ? undefined : params;
      const authorization = c.req.header("authorization") ?? "";
      c.set("logNote", {
        ...c.get("logNote"),
        grant_type: read?.grant_type,
        client_auth: /^basic /i.test(authorization) ? "basic" : read?.client_secret ? "client_secret" : "none",
        code_verifier: read ? "code_verifier" in read : false,
      });
      if (params instanceof Response) return params;
      const fields = params as Record<string, string>;
      if (!fields.grant_type) return oauthError(c, "invalid_request", "grant_type is required");
      const grant = GRANTS[fields.grant_type as keyof typeof GRANTS];
      if (!Object.hasOwn(GRANTS, fields.grant_type) || !grant)
        return oauthError(c, "unsupported_grant_type", `grant_type ${fields.grant_type} is not supported`);
      if (!fields.client_id) return oauthError(c, "invalid_request", "client_id is required");
      const state = c.get("state");
      const app = state.app(fields.client_id);
      if (!app) return oauthError(c, "invalid_client", "client_id is unknown");
      c.set("apiApp", app);
      const full = state.refusal("tokens", 2);
      if (full) return jsonError(c, 403, full);
      const granted = grant(c, app, fields);
      if (granted instanceof Response) return granted;
      c.set("bearer", { user_id: granted.user_id, scopes: [] });
      const tokens = issueTokens(state.db, { ...granted, app_id: app.app_id, now: state.now() });
      return c.json(tokens, 200, { "cache-control": "no-store", pragma: "no-cache" });
    },
  }),
];
