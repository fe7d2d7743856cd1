import "server-only";
import { env } from "../env";
import { openDatabase, type Database } from "./database";

const globalForDb = globalThis as unknown as { dashboardDb?: Promise<Database> };

export function db(): Promise<Database> {
  globalForDb.dashboardDb ??= openDatabase(env().DATABASE_URL || env().DASHBOARD_DB).catch((error: unknown) => {
    globalForDb.dashboardDb = undefined;
    throw error;
  });
  return globalForDb.dashboardDb;
}
