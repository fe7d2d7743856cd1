import "server-only";
import type { Database } from "../db/database";
import { assertDatabaseAnswers, isDatabaseUnreachable } from "../db/outage";
import type { Pacer, RateLimitReport } from "./config";

const PACER_ID = "marketplace";
/** Until the marketplace's first answer tells the limit: slow, so that the first second never overshoots it. */
const FIRST_GUESS_PER_SECOND = 1;
const SHARE_PERCENT = 98;
const sleepUntil = (at: number) =>
  at > Date.now() ? new Promise((resolve) => setTimeout(resolve, at - Date.now())) : Promise.resolve();

export type SharedPacer = Pacer & { perSecond(): number };

/**
 * One token bucket for the whole app, in the database, so that every instance shares it: each request takes the next
 * slot in one UPDATE (atomic on SQLite and PostgreSQL alike). Background work (changes, mirror fills) takes a slot only
 * when it is at most one spacing away, so `foreground` (a seller's own request) taking the next slot goes ahead of
 * every queued background request and waits about one spacing, while the app as a whole never exceeds the limit.
 * Without the database no slot is taken, so no request goes out (lib/db/outage.ts).
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
      })
      .catch((error: unknown) => {
        // Asked again by the next request: a database that did not answer once must not stop this pacer for good.
        ready = undefined;
        throw error;
      }));

  const update = (sql: string, params: unknown[]) => {
    pendingUpdate = pendingUpdate
      .then(() => db.execute(sql, params))
      .catch((error: Error) => {
        // An outage is logged once where it is noticed (lib/db/outage.ts).
        if (!isDatabaseUnreachable(error))
          console.error(`marketplace: the shared pacer's update failed: ${error.message}`);
      });
  };

  return {
    perSecond: () => known,

    async beforeRequest() {
      await prepare();
      await pendingUpdate;
      const spacing = `(100000000 / (per_second * ${SHARE_PERCENT}))`;
      if (options.foreground) {
        const [row] = await db.query<{ slot: number }>(
          `UPDATE rate_pacer SET next_at = (CASE WHEN next_at >= $1 THEN next_at ELSE $1 END) + ${spacing}
           WHERE pacer_id = $2 RETURNING next_at - ${spacing} AS slot`,
          [Date.now() * 1000, PACER_ID],
        );
        // Until the first answer tells the limit, slots are a second apart: a seller's first page does not wait on them.
        if (known !== FIRST_GUESS_PER_SECOND) await sleepUntil(Number(row?.slot ?? 0) / 1000);
        await sleepUntil(heldUntil);
        return assertDatabaseAnswers();
      }
      const slot = `(CASE WHEN next_at >= hold_until AND next_at >= $1 THEN next_at WHEN hold_until >= $1 THEN hold_until ELSE $1 END)`;
      for (;;) {
        const now = Date.now() * 1000;
        // A slot is taken only when it is at most one spacing away: a slot taken earlier could not be given to a
        // seller's own request that comes meanwhile.
        const [taken] = await db.query<{ slot: number }>(
          `UPDATE rate_pacer SET next_at = ${slot} + ${spacing}
           WHERE pacer_id = $2 AND ${slot} <= $1 + ${spacing} RETURNING next_at - ${spacing} AS slot`,
          [now, PACER_ID],
        );
        if (taken) {
          await sleepUntil(Number(taken.slot) / 1000);
          break;
        }
        const [next] = await db.query<{ slot: number; spacing: number }>(
          `SELECT ${slot} AS slot, ${spacing} AS spacing FROM rate_pacer WHERE pacer_id = $2`,
          [now, PACER_ID],
        );
        await sleepUntil(Math.max(Date.now() + 1, (Number(next?.slot ?? 0) - Number(next?.spacing ?? 0)) / 1000));
      }
      await sleepUntil(heldUntil);
      // The slot was taken before the wait: if the database stopped answering meanwhile, the request is not sent.
      assertDatabaseAnswers();
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
