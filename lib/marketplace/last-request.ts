import "server-only";
import type { Database } from "../db/database";
import { lastSuccessfulCallAt } from "../observability/marketplace-call";

const APP = "marketplace";

export type LastRequestStore = {
  /** Keeps `at` unless a later time is kept already (another instance's). */
  note(at: number): Promise<void>;
  /** The app's last successful marketplace request, by any instance: the stored time or this process's later one. */
  read(): Promise<number | null>;
};

export function lastRequestStore(db: Database): LastRequestStore {
  return {
    async note(at) {
      await db.execute(
        `INSERT INTO marketplace_last_request (app, succeeded_at) VALUES ($1, $2)
         ON CONFLICT (app) DO UPDATE SET succeeded_at = CASE
           WHEN excluded.succeeded_at > marketplace_last_request.succeeded_at THEN excluded.succeeded_at
           ELSE marketplace_last_request.succeeded_at END`,
        [APP, Math.round(at)],
      );
    },
    async read() {
      const [row] = await db.query<{ succeeded_at: number }>(
        "SELECT succeeded_at FROM marketplace_last_request WHERE app = $1",
        [APP],
      );
      const stored = row ? Number(row.succeeded_at) : null;
      const here = lastSuccessfulCallAt();
      return here !== undefined && (stored === null || here > stored) ? here : stored;
    },
  };
}
