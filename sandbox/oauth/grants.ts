import type { Db } from "../store/db.js";
import { randomId, sha256 } from "../crypto.js";
import { ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL } from "../state.js";

export type TokenResponse = {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope?: string;
};

/** docs/marketplace.md §2.4: `<user_id>.<random>` pairs, stored only as hashes. */
export function issueTokens(
  db: Db,
  grant: { app_id: number; user_id: number; scopes: string[]; code_hash?: string; now: number; with_scope: boolean },
): TokenResponse {
  const access = `${grant.user_id}.${randomId(32)}`;
  const refresh = `${grant.user_id}.${randomId(32)}`;
  const insert = db.prepare(
    "INSERT INTO tokens (token_hash, kind, app_id, user_id, scopes, expires_at, code_hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const scope = grant.scopes.join(" ");
  insert.run(
    sha256(access),
    "access",
    grant.app_id,
    grant.user_id,
    scope,
    grant.now + ACCESS_TOKEN_TTL,
    grant.code_hash ?? null,
  );
  insert.run(
    sha256(refresh),
    "refresh",
    grant.app_id,
    grant.user_id,
    scope,
    grant.now + REFRESH_TOKEN_TTL,
    grant.code_hash ?? null,
  );
  const response: TokenResponse = {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL,
    refresh_token: refresh,
  };
  if (grant.with_scope) response.scope = scope;
  return response;
}

export function revokeUserTokens(db: Db, userId: number) {
  return db.prepare("UPDATE tokens SET revoked = 1 WHERE user_id = ? AND revoked = 0").run(userId).changes;
}
