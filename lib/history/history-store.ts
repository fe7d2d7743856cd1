import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import type { Snapshot } from "../personalization/snapshot";
import { parseSnapshot } from "../personalization/snapshot-schema";
import type { Claim } from "./write-claim";

// A plan's rows are "plan-apply" or "plan-undo"; "plan-remove" is only read, from the bulk removals before plans.
export type HistoryAction =
  "save" | "remove" | "restore" | "plan-apply" | "plan-remove" | "plan-undo" | "outside" | "outside-revert";

/** The names rows kept before plans carry, read as the plan's: no row is rewritten, none is lost. */
const BEFORE_PLANS: Record<string, HistoryAction> = {
  "bulk-apply": "plan-apply",
  "bulk-remove": "plan-remove",
  "bulk-undo": "plan-undo",
};

export type HistoryOutcome = "pending" | "done" | "unknown";

export type HistoryEntry = {
  id: string;
  listingId: number;
  action: HistoryAction;
  planId: string | null;
  previous: Snapshot;
  target: Snapshot | null;
  outcome: HistoryOutcome;
  recordedAt: number;
};

type Row = {
  history_id: string;
  listing_id: number;
  action: string;
  job_id: string | null;
  previous: string;
  target: string | null;
  outcome: HistoryOutcome;
  recorded_at: number;
};

const fromRow = (row: Row): HistoryEntry => ({
  id: row.history_id,
  listingId: Number(row.listing_id),
  action: BEFORE_PLANS[row.action] ?? (row.action as HistoryAction),
  planId: row.job_id,
  previous: parseSnapshot(row.previous),
  target: row.target === null ? null : parseSnapshot(row.target),
  outcome: row.outcome,
  recordedAt: Number(row.recorded_at),
});

const COLUMNS = "history_id, listing_id, action, job_id, previous, target, outcome, recorded_at";

export function historyStore(db: Database) {
  return {
    db,
    /**
     * Kept before the write is sent (as "pending"), so what it replaces survives a crash mid-write; that row is the
     * write's claim on the listing (write-claim.ts): undefined while another write to it is pending. An "outside" entry
     * (a change seen on the marketplace) claims nothing.
     */
    async record(entry: {
      listingId: number;
      shopId: number;
      userId: number;
      action: HistoryAction;
      planId?: string;
      previous: Snapshot;
      target: Snapshot;
    }): Promise<string | undefined> {
      const id = randomUUID();
      const recorded = await db.execute(
        `INSERT INTO personalization_history (history_id, listing_id, shop_id, user_id, action, job_id, previous, target, outcome, recorded_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $9, 'pending', CASE WHEN MAX(recorded_at) >= $8 THEN MAX(recorded_at) + 1 ELSE $8 END
         FROM personalization_history WHERE shop_id = $3 AND listing_id = $2
         ON CONFLICT DO NOTHING`,
        [
          id,
          entry.listingId,
          entry.shopId,
          entry.userId,
          entry.action,
          entry.planId ?? null,
          JSON.stringify(entry.previous),
          Date.now(),
          JSON.stringify(entry.target),
        ],
      );
      return recorded === 1 ? id : undefined;
    },

    async settle(id: string, outcome: Exclude<HistoryOutcome, "pending">) {
      await db.execute("UPDATE personalization_history SET outcome = $2, settled_at = $3 WHERE history_id = $1", [
        id,
        outcome,
        Date.now(),
      ]);
    },

    async forget(id: string) {
      await db.execute("DELETE FROM personalization_history WHERE history_id = $1", [id]);
    },

    /** The write to a listing being sent now, if any. */
    async pending(shopId: number, listingId: number): Promise<Claim | undefined> {
      const [row] = await db.query<{ history_id: string; recorded_at: number }>(
        `SELECT history_id, recorded_at FROM personalization_history
         WHERE shop_id = $1 AND listing_id = $2 AND outcome = 'pending' AND action <> 'outside'`,
        [shopId, listingId],
      );
      return row && { id: row.history_id, recordedAt: Number(row.recorded_at) };
    },

    /** A pending write whose process stopped: unknown, so a read-back settles it (settle-unknown.ts). */
    async giveUp(claim: Claim) {
      await db.execute(
        "UPDATE personalization_history SET outcome = 'unknown', settled_at = $2 WHERE history_id = $1 AND outcome = 'pending'",
        [claim.id, Date.now()],
      );
    },

    /** Whether another write to the listing was recorded or settled since `since`: a read before it may be stale. */
    async touchedSince(shopId: number, listingId: number, since: number, except: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM personalization_history WHERE shop_id = $1 AND listing_id = $2 AND history_id <> $4
           AND (recorded_at >= $3 OR settled_at >= $3) LIMIT 1`,
        [shopId, listingId, since, except],
      );
      return rows.length > 0;
    },

    async list(shopId: number, listingId: number, limit = 50): Promise<HistoryEntry[]> {
      const rows = await db.query<Row>(
        `SELECT ${COLUMNS} FROM personalization_history WHERE shop_id = $1 AND listing_id = $2 ORDER BY recorded_at DESC, history_id LIMIT $3`,
        [shopId, listingId, limit],
      );
      return rows.map(fromRow);
    },

    /**
     * A change's writes to a listing left pending or unknown by an attempt that never finished (a killed instance):
     * `landed` once the listing holds what they wrote, otherwise forgotten, so the history claims only what happened.
     */
    async settleUnfinished(listingId: number, planId: string, landed: boolean) {
      const unfinished = "listing_id = $1 AND job_id = $2 AND outcome IN ('pending', 'unknown')";
      await db.execute(
        landed
          ? `UPDATE personalization_history SET outcome = 'done', settled_at = $3 WHERE ${unfinished}`
          : `DELETE FROM personalization_history WHERE ${unfinished}`,
        landed ? [listingId, planId, Date.now()] : [listingId, planId],
      );
    },

    /** The latest write the dashboard made to a listing since `since`, other than by the plan `exceptPlan`. */
    async writtenSince(
      shopId: number,
      listingId: number,
      since: number,
      exceptPlan: string,
    ): Promise<HistoryEntry | undefined> {
      const [row] = await db.query<Row>(
        `SELECT ${COLUMNS} FROM personalization_history WHERE shop_id = $1 AND listing_id = $2 AND recorded_at >= $3
           AND (job_id IS NULL OR job_id <> $4) AND action NOT IN ('outside', 'outside-revert') ORDER BY recorded_at DESC LIMIT 1`,
        [shopId, listingId, since, exceptPlan],
      );
      return row && fromRow(row);
    },

    async find(shopId: number, historyId: string): Promise<HistoryEntry | undefined> {
      const [row] = await db.query<Row>(
        `SELECT ${COLUMNS} FROM personalization_history WHERE shop_id = $1 AND history_id = $2`,
        [shopId, historyId],
      );
      return row && fromRow(row);
    },
  };
}

export type HistoryStore = ReturnType<typeof historyStore>;
