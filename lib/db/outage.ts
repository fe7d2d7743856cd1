import "server-only";
import { logger } from "../observability/logger";
import { DATABASE_UNAVAILABLE_DIGEST, databaseOutage, globalForOutage } from "./outage-state";

export { databaseOutage };

// While the database does not answer, nothing is sent to the marketplace: the shared pacer, the change runner's leases
// and the quota log all live there, so a request sent then could be neither paced, counted nor recorded
// (docs/deploy.md, "When the database is down"). Work waits here and goes on by itself when it answers again.

/** Thrown where work would spend a marketplace request after this process has seen the database fail to answer. */
export class DatabaseUnavailable extends Error {
  readonly digest = DATABASE_UNAVAILABLE_DIGEST;
  constructor(readonly reason: string) {
    super(`the database does not answer: ${reason}`);
  }
}

const NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
]);

const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed|the database system is (starting up|shutting down)/i;

/** A lost or refused connection (PostgreSQL's class 08, or its shutting down: 57P01-57P03), not a wrong statement. */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  if (typeof error !== "object" || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === "string" && (NODE_CODES.has(code) || /^08/.test(code) || /^57P0[1-3]$/.test(code))) return true;
  if (typeof message === "string" && LOST_CONNECTION.test(message)) return true;
  // A host name with several addresses (localhost: ::1 and 127.0.0.1) fails with one error for each.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnreachable);
}

const reasonOf = (error: unknown) => (error instanceof Error && error.message) || String(error);

/** A failed statement: logged once per outage, with its reason, rather than by every piece of work that waits. */
export function noteDatabaseFailure(error: unknown) {
  if (!isDatabaseUnreachable(error) || globalForOutage.databaseOutage) return;
  const reason = reasonOf(error);
  globalForOutage.databaseOutage = { since: Date.now(), reason };
  logger().error({
    msg: "the database does not answer: changes, mirror refreshes, webhooks and the keep-alive wait, and nothing is sent to the marketplace until it answers again",
    reason,
  });
}

/** A statement that succeeded: an outage seen before is over. */
export function noteDatabaseAnswer() {
  const outage = globalForOutage.databaseOutage;
  if (!outage) return;
  globalForOutage.databaseOutage = undefined;
  logger().info({
    msg: "the database answers again: waiting work goes on",
    downSeconds: Math.round((Date.now() - outage.since) / 1000),
  });
}

/** Throws instead of letting a marketplace request go out while this process knows the database to be down. */
export function assertDatabaseAnswers() {
  const outage = globalForOutage.databaseOutage;
  if (outage) throw new DatabaseUnavailable(outage.reason);
}

const PROBE_FIRST_MS = 500;
const PROBE_MAX_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Resolves once the database answers `SELECT 1`: one probe per process however many wait, asking less often as it lasts. */
export function databaseAnswers(database: { query: (sql: string) => Promise<unknown> }): Promise<void> {
  globalForOutage.databaseProbe ??= (async () => {
    for (let wait = PROBE_FIRST_MS; ; wait = Math.min(PROBE_MAX_MS, wait * 2)) {
      try {
        await database.query("SELECT 1 AS one");
        return;
      } catch (error) {
        if (!isDatabaseUnreachable(error)) return;
      }
      await sleep(wait);
    }
  })().finally(() => (globalForOutage.databaseProbe = undefined));
  return globalForOutage.databaseProbe;
}

/** Runs `run`, and again once the database answers each time it failed for want of it: work kept, not dropped. */
export async function throughOutages<T>(database: Parameters<typeof databaseAnswers>[0], run: () => Promise<T>) {
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      await databaseAnswers(database);
    }
  }
}
