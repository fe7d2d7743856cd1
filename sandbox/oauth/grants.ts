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
  for (const [token, kind, ttl] of [
    [access, "access", ACCESS_TOKEN_TTL],
    [refresh, "refresh", REFRESH_TOKEN_TTL],
  ] as const)
    insert.run(sha256(token), kind, grant.app_id, grant.user_id, scope, grant.now + ttl, grant.code_hash ?? null);
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL,
    refresh_token: refresh,
    ...(grant.with_scope && { scope }),
  };
}

export function revokeUserTokens(db: Db, userId: number) {
  return db.prepare("UPDATE tokens SET revoked = 1 WHERE user_id = ? AND revoked = 0").run(userId).changes;
}
