import "server-only";
import { env } from "../env";
import { openDatabase, type Database } from "./database";

const globalForDb = globalThis as unknown as { dashboardDb?: Promise<Database> };

/** The process's one connection (pool), opened and migrated on first use. */
export function db(): Promise<Database> {
  globalForDb.dashboardDb ??= openDatabase(env().DATABASE_URL || env().DASHBOARD_DB);
  return globalForDb.dashboardDb;
}

export type { Database };
