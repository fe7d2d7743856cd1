import "server-only";
import { env } from "../env";
import { openDatabase, type Database } from "./database";
import { tokenStore } from "../auth/token-store";

const globalForDb = globalThis as unknown as { dashboardDb?: Promise<Database> };

async function open() {
  const database = await openDatabase(env().DATABASE_URL || env().DASHBOARD_DB);
  await tokenStore(database).sealAll();
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
