import "server-only";
import { env } from "../env";
import { openDatabase, type Database } from "./database";
import { databaseOutage, isDatabaseUnreachable } from "./outage";

const globalForDb = globalThis as unknown as { dashboardDb?: Promise<Database> };

export function db(): Promise<Database> {
  globalForDb.dashboardDb ??= openDatabase(env().DATABASE_URL || env().DASHBOARD_DB).catch((error: unknown) => {
    globalForDb.dashboardDb = undefined;
    throw error;
  });
  return globalForDb.dashboardDb;
}

/** Whether the database answers now: no statement while an outage is known (its probe notices the end), else one `SELECT 1`. */
export async function databaseAnswersNow(): Promise<boolean> {
  if (databaseOutage()) return false;
  try {
    await (await db()).query("SELECT 1 AS one");
    return true;
  } catch (error) {
    if (isDatabaseUnreachable(error)) return false;
    throw error;
  }
}
