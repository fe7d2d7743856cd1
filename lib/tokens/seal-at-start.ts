import "server-only";
import type { Database } from "../db/database";
import { logger } from "../observability/logger";
import { tokenStore } from "./token-store";

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
