import "server-only";
import type { Database } from "../db/database";

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

// The quota is a rolling 24 hours: a request frees its place a day after it was made, and this log says when.
export function quotaLog(db: Database) {
  return {
    async note(at: number) {
      await db.execute(
        "INSERT INTO quota_minutes (minute, requests) VALUES ($1, 1) ON CONFLICT (minute) DO UPDATE SET requests = quota_minutes.requests + 1",
        [Math.floor(at / MINUTE_MS)],
      );
    },

    async freedBy(requests: number, now: number): Promise<number> {
      const since = Math.floor(now / MINUTE_MS) - DAY_MINUTES;
      await db.execute("DELETE FROM quota_minutes WHERE minute <= $1", [since]);
      const rows = await db.query<{ minute: number; requests: number }>(
        "SELECT minute, requests FROM quota_minutes WHERE minute > $1 ORDER BY minute",
        [since],
      );
      let freed = 0;
      for (const row of rows) {
        freed += Number(row.requests);
        if (freed >= requests) return (Number(row.minute) + DAY_MINUTES + 1) * MINUTE_MS;
      }
      return now + 60 * MINUTE_MS;
    },
  };
}
