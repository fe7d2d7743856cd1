import "server-only";
import { env } from "../env";
import { openDatabase, type Database } from "./database";
import { tokenStore } from "../auth/token-store";

const globalForDb = globalThis as unknown as { dashboardDb?: Promise<Database> };

async function open() {
  const database = await openDatabase(env().DATABASE_URL || env().DASHBOARD_DB);
  // Rows stored in plain text (before tokens were sealed) or under a rotated-out key are sealed with the current key.
  await tokenStore(database).sealAll();
  return database;
}

/** The process's one connection (pool), opened, migrated and its tokens sealed on first use. */
export function db(): Promise<Database> {
  // A failed open (the file locked by a worker starting beside this one past busy_timeout) is tried again on the next
  // request instead of failing every request until a restart.
  globalForDb.dashboardDb ??= open().catch((error: unknown) => {
    globalForDb.dashboardDb = undefined;
    throw error;
  });
  return globalForDb.dashboardDb;
}

export type { Database };
