import "server-only";
import type { Database } from "../db/database";
import type { Question } from "../marketplace/wire";
import { PLAN_COLUMNS, planOf, type Plan, type PlanRow } from "./plan-records";
import type { ApplyOutcome } from "./plan-view";

export type PendingItem = {
  listingId: number;
  title: string;
  before: Question[];
  after: Question[];
  lastModified: number | null;
  attempts: number;
};

type PendingRow = Omit<PendingItem, "before" | "after"> & { before: string; after: string | null };

const CLAIMABLE = "outcome = 'pending' AND not_before <= $2 AND (lease_until IS NULL OR lease_until < $2)";

/**
 * The runner's side of the applying plans, shared by every instance: whose turn it is, the rows each batch claims
 * under a lease and how each settles, the plan's waits and pauses, and the lease on each listing being written.
 */
export function workQueue(db: Database) {
  return {
    /**
     * The applying plan whose seller waited longest for a turn: one seller's long change does not hold back another's.
     * A plan paused for a sign-in goes on once the seller has signed in again since.
     */
    async nextTurn(now: number): Promise<Plan | undefined> {
      await db.execute(
        `UPDATE change_plans SET status = 'applying', status_reason = NULL, paused_at = NULL WHERE status = 'paused'
           AND EXISTS (SELECT 1 FROM seller_tokens WHERE seller_tokens.user_id = change_plans.user_id AND seller_tokens.updated_at > change_plans.paused_at)`,
      );
      const [row] = await db.query<PlanRow>(
        `SELECT ${PLAN_COLUMNS} FROM change_plans WHERE status = 'applying' AND (waiting_until IS NULL OR waiting_until <= $1)
           AND EXISTS (SELECT 1 FROM change_plan_items WHERE change_plan_items.plan_id = change_plans.plan_id AND ${CLAIMABLE.replaceAll("$2", "$1")})
         ORDER BY last_turn_at, created_at LIMIT 1`,
        [now],
      );
      if (!row) return undefined;
      await db.execute("UPDATE change_plans SET last_turn_at = $2 WHERE user_id = $1 AND status = 'applying'", [
        row.userId,
        now,
      ]);
      return planOf(row);
    },

    async claim(planId: string, owner: string, leaseMs: number, limit: number): Promise<PendingItem[]> {
      const now = Date.now();
      await db.execute(
        `UPDATE change_plan_items SET lease_owner = $3, lease_until = $4 WHERE plan_id = $1 AND ${CLAIMABLE}
           AND listing_id IN (SELECT listing_id FROM change_plan_items WHERE plan_id = $1 AND ${CLAIMABLE} ORDER BY seq LIMIT $5)`,
        [planId, now, owner, now + leaseMs, limit],
      );
      const rows = await db.query<PendingRow>(
        `SELECT listing_id AS "listingId", title, before_state AS "before", after_state AS "after",
           last_modified AS "lastModified", attempts
         FROM change_plan_items WHERE plan_id = $1 AND lease_owner = $2 AND outcome = 'pending' ORDER BY seq`,
        [planId, owner],
      );
      return rows.map((row) => ({
        ...row,
        before: JSON.parse(row.before) as Question[],
        after: row.after === null ? [] : (JSON.parse(row.after) as Question[]),
      }));
    },

    /** The soonest a deferred row of an applying plan may be tried again, for a caller that waits on one plan. */
    async soonestRetry(planId: string): Promise<number | null> {
      const [row] = await db.query<{ at: number | null }>(
        "SELECT MIN(not_before) AS at FROM change_plan_items WHERE plan_id = $1 AND outcome = 'pending'",
        [planId],
      );
      return row?.at == null ? null : Number(row.at);
    },

    async renew(owner: string, until: number) {
      await db.execute("UPDATE change_plan_items SET lease_until = $2 WHERE lease_owner = $1 AND outcome = 'pending'", [
        owner,
        until,
      ]);
    },

    async defer(
      planId: string,
      listingId: number,
      owner: string,
      retry: { notBefore: number; attempts: number; reason: string },
    ) {
      await db.execute(
        `UPDATE change_plan_items SET not_before = $4, attempts = $5, outcome_reason = $6, lease_owner = NULL, lease_until = NULL, updated_at = $7
         WHERE plan_id = $1 AND listing_id = $2 AND lease_owner = $3`,
        [planId, listingId, owner, retry.notBefore, retry.attempts, retry.reason, Date.now()],
      );
    },

    async settle(
      planId: string,
      listingId: number,
      owner: string,
      outcome: {
        outcome: Exclude<ApplyOutcome, "pending" | "left-out">;
        reason?: string;
        current?: Question[];
        attempts?: number;
      },
    ) {
      await db.execute(
        `UPDATE change_plan_items SET outcome = $4, outcome_reason = $5, current_state = $6, lease_owner = NULL, lease_until = NULL, updated_at = $7,
           attempts = COALESCE($8, attempts)
         WHERE plan_id = $1 AND listing_id = $2 AND lease_owner = $3`,
        [
          planId,
          listingId,
          owner,
          outcome.outcome,
          outcome.reason ?? null,
          outcome.current ? JSON.stringify(outcome.current) : null,
          Date.now(),
          outcome.attempts ?? null,
        ],
      );
    },

    /** A batch's claims, and the listings its writes held if a write could not let go of one (the database was down). */
    async release(owner: string) {
      await db.execute("UPDATE change_plan_items SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1", [
        owner,
      ]);
      await db.execute("DELETE FROM listing_write_leases WHERE substr(lease_owner, 1, $2) = $1", [
        `${owner}/`,
        owner.length + 1,
      ]);
    },

    async pause(planId: string, reason: string) {
      await db.execute(
        "UPDATE change_plans SET status = 'paused', status_reason = $2, paused_at = $3 WHERE plan_id = $1 AND status = 'applying'",
        [planId, reason, Date.now()],
      );
    },

    async wait(planId: string, until: number, reason: string) {
      await db.execute("UPDATE change_plans SET waiting_until = $2, status_reason = $3 WHERE plan_id = $1", [
        planId,
        until,
        reason,
      ]);
    },

    async goOn(planId: string) {
      await db.execute("UPDATE change_plans SET waiting_until = NULL, status_reason = NULL WHERE plan_id = $1", [
        planId,
      ]);
    },

    async finishIfComplete(planId: string) {
      await db.execute(
        `UPDATE change_plans SET status = 'applied', finished_at = $2 WHERE plan_id = $1 AND status = 'applying'
           AND NOT EXISTS (SELECT 1 FROM change_plan_items WHERE plan_id = $1 AND outcome = 'pending')`,
        [planId, Date.now()],
      );
    },

    /** One statement on SQLite and PostgreSQL alike: of two changes writing one listing, only one holds it. */
    async holdListing(listingId: number, owner: string, until: number): Promise<boolean> {
      const held = await db.execute(
        `INSERT INTO listing_write_leases (listing_id, lease_owner, lease_until) VALUES ($1, $2, $3)
         ON CONFLICT (listing_id) DO UPDATE SET lease_owner = $2, lease_until = $3 WHERE listing_write_leases.lease_until < $4`,
        [listingId, owner, until, Date.now()],
      );
      return held === 1;
    },

    async releaseListing(listingId: number, owner: string) {
      await db.execute("DELETE FROM listing_write_leases WHERE listing_id = $1 AND lease_owner = $2", [
        listingId,
        owner,
      ]);
    },
  };
}
