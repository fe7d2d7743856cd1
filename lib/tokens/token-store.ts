import "server-only";
import type { Database } from "../db/database";
import { logger } from "../observability/logger";
import { tokenKeyring } from "./token-keys";
import { isSealed, open, seal, sealedWith, tokenContext as context, type Keyring } from "./token-seal";

export type SellerTokens = {
  userId: number;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  scopes: string[];
};

type Row = { user_id: number; access_token: string; refresh_token: string; access_expires_at: number; scopes: string };

type Column = "access_token" | "refresh_token";

const ROWS = "SELECT user_id, access_token, refresh_token, access_expires_at, scopes FROM seller_tokens";

// A row written before tokens were sealed (or by an older instance during a rolling deploy) still opens; start-up seals it.
const opened = (ring: Keyring, userId: number, column: Column, value: string) =>
  isSealed(value) ? open(ring, value, context(userId, column)) : value;

function fromRow(ring: Keyring, row: Row): SellerTokens {
  const userId = Number(row.user_id);
  return {
    userId,
    accessToken: opened(ring, userId, "access_token", row.access_token),
    refreshToken: opened(ring, userId, "refresh_token", row.refresh_token),
    accessExpiresAt: Number(row.access_expires_at),
    scopes: row.scopes.split(" ").filter(Boolean),
  };
}

export type UnreadableRow = { userId: number; reason: string };

function readable(ring: Keyring, row: Row) {
  try {
    return { ok: true as const, tokens: fromRow(ring, row) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false as const, row: { userId: Number(row.user_id), reason } };
  }
}

export function tokenStore(db: Database, ring: Keyring = tokenKeyring()) {
  const sealed = (tokens: SellerTokens) => [
    seal(ring, tokens.accessToken, context(tokens.userId, "access_token")),
    seal(ring, tokens.refreshToken, context(tokens.userId, "refresh_token")),
  ];
  return {
    async read(userId: number): Promise<SellerTokens | undefined> {
      const [row] = await db.query<Row>(`${ROWS} WHERE user_id = $1`, [userId]);
      return row && fromRow(ring, row);
    },

    async scopes(userId: number): Promise<string[] | undefined> {
      const [row] = await db.query<Pick<Row, "scopes">>("SELECT scopes FROM seller_tokens WHERE user_id = $1", [
        userId,
      ]);
      return row && row.scopes.split(" ").filter(Boolean);
    },

    /** Re-seals every row with the current key; a row that cannot be opened is left for its seller's next sign-in. */
    async sealAll(): Promise<{ sealed: number; unreadable: UnreadableRow[] }> {
      const rows = await db.query<Row>(ROWS);
      let changed = 0;
      const unreadable: UnreadableRow[] = [];
      for (const row of rows) {
        if (sealedWith(row.access_token) === ring.current.id && sealedWith(row.refresh_token) === ring.current.id)
          continue;
        const tokens = readable(ring, row);
        if (!tokens.ok) {
          unreadable.push(tokens.row);
          continue;
        }
        const [access, refresh] = sealed(tokens.tokens);
        // Only if the row is still what was read: a refresh swapping it meanwhile wrote sealed values already.
        changed += await db.execute(
          "UPDATE seller_tokens SET access_token = $2, refresh_token = $3 WHERE user_id = $1 AND access_token = $4 AND refresh_token = $5",
          [tokens.tokens.userId, access, refresh, row.access_token, row.refresh_token],
        );
      }
      return { sealed: changed, unreadable };
    },

    /** Rows no configured key opens, for an operator to see; their sellers sign in again. */
    async unreadable(): Promise<UnreadableRow[]> {
      const rows = await db.query<Row>(ROWS);
      return rows.flatMap((row) => {
        const tokens = readable(ring, row);
        return tokens.ok ? [] : [tokens.row];
      });
    },

    async save(tokens: SellerTokens) {
      await db.execute(
        `INSERT INTO seller_tokens (user_id, access_token, refresh_token, access_expires_at, scopes, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id) DO UPDATE SET access_token = excluded.access_token, refresh_token = excluded.refresh_token,
           access_expires_at = excluded.access_expires_at, scopes = excluded.scopes, lease_owner = NULL, lease_until = NULL,
           updated_at = excluded.updated_at`,
        [tokens.userId, ...sealed(tokens), tokens.accessExpiresAt, tokens.scopes.join(" "), Date.now()],
      );
    },

    async remove(userId: number) {
      await db.execute("DELETE FROM seller_tokens WHERE user_id = $1", [userId]);
    },

    async lease(userId: number, owner: string, ttlMs: number): Promise<boolean> {
      const now = Date.now();
      const changed = await db.execute(
        "UPDATE seller_tokens SET lease_owner = $2, lease_until = $3 WHERE user_id = $1 AND (lease_until IS NULL OR lease_until < $4)",
        [userId, owner, now + ttlMs, now],
      );
      return changed === 1;
    },

    /** Stores the new pair and releases the lease in one statement, so readers see the old pair or the new one, never a mix. */
    async swap(owner: string, tokens: SellerTokens): Promise<boolean> {
      const changed = await db.execute(
        `UPDATE seller_tokens SET access_token = $3, refresh_token = $4, access_expires_at = $5, scopes = $6,
           lease_owner = NULL, lease_until = NULL, updated_at = $7 WHERE user_id = $1 AND lease_owner = $2`,
        [tokens.userId, owner, ...sealed(tokens), tokens.accessExpiresAt, tokens.scopes.join(" "), Date.now()],
      );
      return changed === 1;
    },

    async release(userId: number, owner: string) {
      await db.execute(
        "UPDATE seller_tokens SET lease_owner = NULL, lease_until = NULL WHERE user_id = $1 AND lease_owner = $2",
        [userId, owner],
      );
    },
  };
}

export type TokenStore = ReturnType<typeof tokenStore>;

/** Once as the server starts (instrumentation.ts): every stored row sealed with the current key. */
export async function sealStoredTokens(database: Database) {
  const { unreadable } = await tokenStore(database).sealAll();
  // One row no configured key opens must not stop every seller: its seller signs in again, which replaces it.
  for (const row of unreadable)
    logger().warn(
      { operation: "seal-tokens", userId: row.userId, reason: row.reason },
      "a seller's stored tokens cannot be opened",
    );
}
