import type { PersonalizationPhase } from "../env-schema";
import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import { holdsChange, type PlanItem } from "./plan";
import type { QuestionChange } from "../personalization/question-diff";
import type { PlanStatus, PlanSummary } from "./plan-view";

export type Plan = {
  id: string;
  userId: number;
  shopId: number;
  description: string;
  phase: PersonalizationPhase;
  status: PlanStatus;
  undoOf: string | null;
  rate: { perSecond: number; remainingToday: number | null };
  createdAt: number;
  appliedAt: number | null;
  finishedAt: number | null;
  reserve: number | null;
  waitingUntil: number | null;
  statusReason: string | null;
  pausedAt: number | null;
};

/** A plan's columns under the names the app reads them by: a row is a Plan but for its rate, stored as JSON. */
export const PLAN_COLUMNS = `plan_id AS "id", user_id AS "userId", shop_id AS "shopId", description, phase, status,
  undo_of AS "undoOf", rate, created_at AS "createdAt", applied_at AS "appliedAt", finished_at AS "finishedAt", reserve,
  waiting_until AS "waitingUntil", status_reason AS "statusReason", paused_at AS "pausedAt"`;
export type PlanRow = Omit<Plan, "rate"> & { rate: string };
const INSERT_CHUNK = 50;

/** The listings a seller picked, as SQL: ids are numbers, so they are written into the statement. */
export const listingIdsSql = (listingIds: number[] | "all") =>
  listingIds === "all" ? "" : `AND listing_id IN (${listingIds.map((id) => Number(id)).join(", ") || "NULL"})`;

export const planOf = (row: PlanRow): Plan => ({ ...row, rate: JSON.parse(row.rate) as Plan["rate"] });

export type NewPlan = Pick<Plan, "userId" | "shopId" | "description" | "phase" | "rate"> & {
  undoOf?: string;
  items: (PlanItem & { kept?: QuestionChange[] })[];
};

/** The plans and what the seller decides about them: stored, rows included or taken, applied, discarded, retried. */
export function planRecords(db: Database) {
  async function find(planId: string, shopId?: number): Promise<Plan | undefined> {
    const [row] = await db.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM change_plans WHERE plan_id = $1`, [planId]);
    return row && (shopId === undefined || row.shopId === shopId) ? planOf(row) : undefined;
  }

  return {
    find,

    /** null, storing nothing, when no row would be written or could be taken: a plan is never empty. */
    async create(plan: NewPlan): Promise<string | null> {
      if (!holdsChange(plan.items)) return null;
      const id = randomUUID();
      const now = Date.now();
      await db.execute(
        `INSERT INTO change_plans (plan_id, user_id, shop_id, description, phase, status, undo_of, rate, created_at)
         VALUES ($1, $2, $3, $4, $5, 'preparing', $6, $7, $8)`,
        [
          id,
          plan.userId,
          plan.shopId,
          plan.description,
          plan.phase,
          plan.undoOf ?? null,
          JSON.stringify(plan.rate),
          now,
        ],
      );
      for (let start = 0; start < plan.items.length; start += INSERT_CHUNK) {
        const params: unknown[] = [id, now];
        const rows = plan.items.slice(start, start + INSERT_CHUNK).map((item, index) => {
          params.push(
            item.listingId,
            start + index,
            item.title,
            item.state,
            item.status,
            item.reason,
            JSON.stringify(item.before),
            item.after && JSON.stringify(item.after),
            JSON.stringify(item.diff),
            item.lastModified,
            item.kept ? JSON.stringify(item.kept) : null,
          );
          const at = params.length - 10;
          return `($1, ${Array.from({ length: 11 }, (_, offset) => `$${at + offset}`).join(", ")}, $2)`;
        });
        await db.execute(
          `INSERT INTO change_plan_items (plan_id, listing_id, seq, title, state, status, reason, before_state, after_state, diff, last_modified, kept, updated_at) VALUES ${rows.join(", ")}`,
          params,
        );
      }
      await db.execute("UPDATE change_plans SET status = 'reviewing' WHERE plan_id = $1", [id]);
      return id;
    },

    async include(planId: string, shopId: number, listingIds: number[] | "all", included: boolean): Promise<boolean> {
      const plan = await find(planId, shopId);
      if (!plan || plan.status !== "reviewing") return false;
      await db.execute(
        `UPDATE change_plan_items SET included = $2, updated_at = $3 WHERE plan_id = $1 AND status = 'change' ${listingIdsSql(listingIds)}`,
        [planId, included ? 1 : 0, Date.now()],
      );
      return true;
    },

    /** A plan never applied is set aside: kept in history as discarded, and no stale page can apply it since. */
    async discard(planId: string, shopId: number): Promise<boolean> {
      const discarded = await db.execute(
        "UPDATE change_plans SET status = 'discarded', finished_at = $3 WHERE plan_id = $1 AND shop_id = $2 AND status = 'reviewing'",
        [planId, shopId, Date.now()],
      );
      return discarded === 1;
    },

    /** The seller's explicit choice to write listings changed since their copy was read: they become changes. */
    async take(planId: string, shopId: number, listingIds: number[]): Promise<number | null> {
      const plan = await find(planId, shopId);
      if (!plan || plan.status !== "reviewing") return null;
      return db.execute(
        `UPDATE change_plan_items SET status = 'change', included = 1, updated_at = $2
         WHERE plan_id = $1 AND status = 'changed-since' ${listingIdsSql(listingIds)}`,
        [planId, Date.now()],
      );
    },

    /**
     * Rows that were not changed go back to the runner with their attempts anew, and an applied plan applies again.
     * A row left alone because its listing changed elsewhere is never among them: only the seller's review decides that.
     */
    async retryFailed(planId: string, listingIds: number[] | "all"): Promise<number> {
      const retried = await db.execute(
        `UPDATE change_plan_items SET outcome = 'pending', outcome_reason = NULL, attempts = 0, not_before = 0, lease_owner = NULL,
           lease_until = NULL, updated_at = $2
         WHERE plan_id = $1 AND outcome = 'failed' ${listingIdsSql(listingIds)}`,
        [planId, Date.now()],
      );
      if (retried > 0)
        await db.execute(
          "UPDATE change_plans SET status = 'applying', finished_at = NULL WHERE plan_id = $1 AND status = 'applied'",
          [planId],
        );
      return retried;
    },

    /** Fixes the reviewed plan for its apply: once, whatever the clicks, in any instance. */
    async startApply(planId: string, shopId: number, reserve: number | null = null): Promise<boolean> {
      const now = Date.now();
      const started = await db.execute(
        "UPDATE change_plans SET status = 'applying', applied_at = $3, reserve = $4 WHERE plan_id = $1 AND shop_id = $2 AND status = 'reviewing'",
        [planId, shopId, now, reserve],
      );
      if (started !== 1) return false;
      await db.execute(
        `UPDATE change_plan_items SET outcome = CASE WHEN status = 'change' AND included = 1 THEN 'pending' ELSE 'left-out' END, updated_at = $2
         WHERE plan_id = $1`,
        [planId, now],
      );
      return true;
    },

    async recent(shopId: number, limit = 10): Promise<PlanSummary[]> {
      return db.query<PlanSummary>(
        `SELECT plan_id AS "id", description, status, created_at AS "createdAt" FROM change_plans
         WHERE shop_id = $1 AND status <> 'preparing' ORDER BY created_at DESC LIMIT $2`,
        [shopId, limit],
      );
    },
  };
}

export type PlanRecords = ReturnType<typeof planRecords>;
