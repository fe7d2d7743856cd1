// Not `server-only`: proxy.ts reads it before Next renders a page. Only lib/db/outage.ts changes it.

export type Outage = { since: number; reason: string };

export const globalForOutage = globalThis as unknown as { databaseOutage?: Outage; databaseProbe?: Promise<void> };

/** The outage this process has seen and not yet seen end, if any. */
export function databaseOutage(): Outage | undefined {
  return globalForOutage.databaseOutage;
}

/** The digest an error page reads to tell a database outage from other faults (Next keeps a thrown error's digest). */
export const DATABASE_UNAVAILABLE_DIGEST = "DATABASE_UNAVAILABLE";
