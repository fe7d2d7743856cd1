import "server-only";
import { env } from "../env";
import { openDatabase, type Database } from "./database";
import { tokenStore } from "../auth/token-store";
import { logger } from "../observability/logger";

const globalForDb = globalThis as unknown as { dashboardDb?: Promise<Database> };

async function open() {
  const database = await openDatabase(env().DATABASE_URL || env().DASHBOARD_DB);
  const { unreadable } = await tokenStore(database).sealAll();
  // One row no configured key opens must not stop every seller: its seller signs in again, which replaces it.
  for (const row of unreadable)
    logger().warn(
      { operation: "seal-tokens", userId: row.userId, reason: row.reason },
      "a seller's stored tokens cannot be opened",
    );
  return database;
}

export function db(): Promise<Database> {
  globalForDb.dashboardDb ??= open().catch((error: unknown) => {
    globalForDb.dashboardDb = undefined;
    throw error;
  });
  return globalForDb.dashboardDb;
}

export type { Database };
