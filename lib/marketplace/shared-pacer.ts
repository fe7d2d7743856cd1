import "server-only";
import type { Database } from "../db/database";
import type { Pacer, RateLimitReport } from "./config";

const PACER_ID = "marketplace";
/** Until the marketplace's first answer tells the limit: slow, so that the first second never overshoots it. */
const FIRST_GUESS_PER_SECOND = 1;
const SHARE_PERCENT = 98;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type SharedPacer = Pacer & { perSecond(): number };

/**
 * One token bucket for the whole app, in the database, so that every instance shares it: each request takes the next
 * slot in one UPDATE (atomic on SQLite and PostgreSQL alike). `foreground` (a seller's own request) takes a slot now and
 * pushes the queued background ones (changes, mirror fills) back by one, so a seller's save goes ahead of them.
 */
export function sharedPacer(db: Database, options: { foreground?: boolean } = {}): SharedPacer {
  let known = FIRST_GUESS_PER_SECOND;
  let heldUntil = 0;
  let ready: Promise<unknown> | undefined;
  let pendingUpdate: Promise<unknown> = Promise.resolve();

  const prepare = () =>
    (ready ??= db
      .execute(
        "INSERT INTO rate_pacer (pacer_id, per_second, next_at, hold_until) VALUES ($1, $2, 0, 0) ON CONFLICT (pacer_id) DO NOTHING",
        [PACER_ID, FIRST_GUESS_PER_SECOND],
      )
      .then(() => db.query<{ per_second: number }>("SELECT per_second FROM rate_pacer WHERE pacer_id = $1", [PACER_ID]))
      .then(([row]) => {
        if (row) known = Number(row.per_second);
      }));

  const update = (sql: string, params: unknown[]) => {
    pendingUpdate = pendingUpdate
      .then(() => db.execute(sql, params))
      .catch((error: Error) => console.error(`marketplace: the shared pacer's update failed: ${error.message}`));
  };

  return {
    perSecond: () => known,

    async beforeRequest() {
      await prepare();
      await pendingUpdate;
      const spacing = `(100000000 / (per_second * ${SHARE_PERCENT}))`;
      if (options.foreground) {
        await db.execute(
          `UPDATE rate_pacer SET next_at = (CASE WHEN next_at >= $1 THEN next_at ELSE $1 END) + ${spacing} WHERE pacer_id = $2`,
          [Date.now() * 1000, PACER_ID],
        );
        if (heldUntil > Date.now()) await sleep(heldUntil - Date.now());
        return;
      }
      const [row] = await db.query<{ slot: number }>(
        `UPDATE rate_pacer SET next_at = (CASE WHEN next_at >= hold_until AND next_at >= $1 THEN next_at WHEN hold_until >= $1 THEN hold_until ELSE $1 END) + ${spacing}
         WHERE pacer_id = $2 RETURNING next_at - ${spacing} AS slot`,
        [Date.now() * 1000, PACER_ID],
      );
      const wait = Number(row?.slot ?? 0) / 1000 - Date.now();
      if (wait > 0) await sleep(wait);
      if (heldUntil > Date.now()) await sleep(heldUntil - Date.now());
    },

    afterResponse(report: RateLimitReport) {
      if (report.limitPerSecond > 0 && report.limitPerSecond !== known) {
        known = report.limitPerSecond;
        const soonest = (Date.now() + 1000 / ((known * SHARE_PERCENT) / 100)) * 1000;
        update(
          "UPDATE rate_pacer SET per_second = $1, next_at = CASE WHEN next_at > $3 THEN $3 ELSE next_at END WHERE pacer_id = $2",
          [known, PACER_ID, Math.round(soonest)],
        );
      }
      if (report.remainingThisSecond <= 0 || report.status === 429) {
        const nextSecond = (Math.floor(report.sentAt / 1000) + 1) * 1000 + 20;
        heldUntil = Math.max(heldUntil, nextSecond);
        update("UPDATE rate_pacer SET hold_until = $1 WHERE pacer_id = $2 AND hold_until < $1", [
          nextSecond * 1000,
          PACER_ID,
        ]);
      }
    },
  };
}
