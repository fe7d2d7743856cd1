import "server-only";
import type { Database } from "../db/database";
import type { Question } from "../marketplace/wire";
import type { QuestionChange } from "../personalization/question-diff";
import { costOf, type PlanItemStatus } from "./plan";
import type { Plan } from "./plan-records";
import {
  PLAN_FILTERS,
  PLAN_PAGE_ROWS,
  lossSummary,
  openingFilter,
  type ApplyOutcome,
  type PagedPlanView,
  type PlanFilter,
  type PlanItemView,
  type PlanProgress,
  type PlanView,
} from "./plan-view";

/** The review's columns under the app's names: a row is a PlanItemView but for its JSON and its 0 or 1. */
const ITEM_COLUMNS = `listing_id AS "listingId", title, state, status, reason, before_state AS "before",
  after_state AS "after", diff, included, outcome, outcome_reason AS "outcomeReason", current_state AS "current", kept`;

type ItemRow = Omit<PlanItemView, "diff" | "before" | "after" | "included" | "current" | "kept"> & {
  diff: string;
  before: string;
  after: string | null;
  included: number;
  current: string | null;
  kept: string | null;
};

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

const itemViewOf = (row: ItemRow): PlanItemView => ({
  ...row,
  diff: JSON.parse(row.diff) as QuestionChange[],
  before: JSON.parse(row.before) as Question[],
  after: json<Question[]>(row.after),
  included: Number(row.included) === 1,
  current: json<Question[]>(row.current),
  kept: json<QuestionChange[]>(row.kept),
});

/** Each filter of the review as SQL over change_plan_items, so that a page of rows is read without the rest. */
const FILTER_SQL: Record<PlanFilter, string> = {
  all: "1 = 1",
  // A listing changed since an export waits for the seller's choice to take it, so it shows among the changes.
  changes: "status IN ('change', 'changed-since')",
  failed: "outcome = 'failed'",
  skipped: "status = 'skipped'",
  conflicts: "(status = 'changed-since' OR outcome = 'changed-elsewhere' OR (kept IS NOT NULL AND kept <> '[]'))",
};

/** What the seller reads of a plan: its review a page at a time, its counts and progress, what it wrote. */
export function reviewReads(db: Database) {
  async function counts(planId: string) {
    const rows = await db.query<{ status: PlanItemStatus; included: number; outcome: ApplyOutcome | null; n: number }>(
      "SELECT status, included, outcome, COUNT(*) AS n FROM change_plan_items WHERE plan_id = $1 GROUP BY status, included, outcome",
      [planId],
    );
    const result = {
      total: 0,
      change: 0,
      unchanged: 0,
      skipped: 0,
      "changed-since": 0,
      included: 0,
      outcomes: {} as Record<string, number>,
    };
    for (const row of rows) {
      const n = Number(row.n);
      result.total += n;
      result[row.status] += n;
      if (row.status === "change" && Number(row.included) === 1) result.included += n;
      if (row.outcome) result.outcomes[row.outcome] = (result.outcomes[row.outcome] ?? 0) + n;
    }
    return result;
  }

  async function filterCounts(planId: string): Promise<Record<PlanFilter, number>> {
    const [row] = await db.query<Record<PlanFilter, number | string | null>>(
      `SELECT ${PLAN_FILTERS.map((filter) => `SUM(CASE WHEN ${FILTER_SQL[filter]} THEN 1 ELSE 0 END) AS "${filter}"`).join(", ")}
         FROM change_plan_items WHERE plan_id = $1`,
      [planId],
    );
    const counted = PLAN_FILTERS.map((filter) => [filter, Number(row?.[filter] ?? 0)]);
    return Object.fromEntries(counted) as Record<PlanFilter, number>;
  }

  /** What the plan's listings lose, over every row rather than the page shown (only rows whose diff removes a question). */
  async function losses(planId: string, undo: boolean): Promise<string | null> {
    const rows = await db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM change_plan_items
         WHERE plan_id = $1 AND status = 'change' AND diff LIKE '%"removed"%' ORDER BY seq`,
      [planId],
    );
    return lossSummary(rows.map(itemViewOf), undo);
  }

  async function undoneBy(planId: string): Promise<string | null> {
    const [row] = await db.query<{ plan_id: string }>(
      "SELECT plan_id FROM change_plans WHERE undo_of = $1 ORDER BY created_at DESC LIMIT 1",
      [planId],
    );
    return row?.plan_id ?? null;
  }

  async function heading(plan: Plan): Promise<Omit<PlanView, "items">> {
    const counted = await counts(plan.id);
    return {
      id: plan.id,
      description: plan.description,
      status: plan.status,
      undoOf: plan.undoOf,
      undoneBy: await undoneBy(plan.id),
      createdAt: plan.createdAt,
      reserve: plan.reserve,
      waitingUntil: plan.waitingUntil,
      statusReason: plan.statusReason,
      cost: costOf(counted.included, plan.rate),
      counts: counted,
    };
  }

  /** The review's view: `PLAN_PAGE_ROWS` rows of `filter` from `offset` on, with each filter's count. */
  async function page(plan: Plan, at: { filter: PlanFilter; offset: number }): Promise<PagedPlanView> {
    const rows = await db.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM change_plan_items WHERE plan_id = $1 AND ${FILTER_SQL[at.filter]}
           ORDER BY seq LIMIT $2 OFFSET $3`,
      [plan.id, PLAN_PAGE_ROWS, at.offset],
    );
    return {
      ...(await heading(plan)),
      items: rows.map(itemViewOf),
      page: { ...at, counts: await filterCounts(plan.id) },
      losses: await losses(plan.id, plan.undoOf !== null),
    };
  }

  return {
    counts,
    undoneBy,
    page,

    /** The review as it opens: on what changes, when anything does. */
    async opening(plan: Plan): Promise<PagedPlanView> {
      return page(plan, { filter: openingFilter(await filterCounts(plan.id)), offset: 0 });
    },

    async view(plan: Plan): Promise<PlanView> {
      const rows = await db.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM change_plan_items WHERE plan_id = $1 ORDER BY seq`,
        [plan.id],
      );
      return { ...(await heading(plan)), items: rows.map(itemViewOf) };
    },

    /** Every listing of one filter, for the listings page to select (at most `limit`). */
    async listingsOf(
      planId: string,
      filter: PlanFilter,
      limit: number,
    ): Promise<{ listingId: number; state: string }[]> {
      return db.query<{ listingId: number; state: string }>(
        `SELECT listing_id AS "listingId", state FROM change_plan_items WHERE plan_id = $1 AND ${FILTER_SQL[filter]}
         ORDER BY seq LIMIT $2`,
        [planId, limit],
      );
    },

    /** The rows the apply settled at or after `since` (a row settled in that very millisecond may come twice, never not at all). */
    async progress(plan: Plan, since: number): Promise<PlanProgress> {
      const at = Date.now();
      const rows = await db.query<Pick<ItemRow, "listingId" | "outcome" | "outcomeReason" | "current">>(
        `SELECT listing_id AS "listingId", outcome, outcome_reason AS "outcomeReason", current_state AS "current"
           FROM change_plan_items
           WHERE plan_id = $1 AND updated_at >= $2 AND outcome IS NOT NULL AND outcome NOT IN ('pending', 'left-out')`,
        [plan.id, since],
      );
      return {
        id: plan.id,
        status: plan.status,
        undoneBy: await undoneBy(plan.id),
        waitingUntil: plan.waitingUntil,
        statusReason: plan.statusReason,
        counts: await counts(plan.id),
        filterCounts: await filterCounts(plan.id),
        at,
        items: rows.map((row) => ({ ...row, current: json<Question[]>(row.current) })),
      };
    },

    /** The rows the plan wrote, each with what it held before: what an undo puts back. */
    async written(
      planId: string,
    ): Promise<{ listingId: number; title: string; before: Question[]; after: Question[] }[]> {
      const rows = await db.query<Pick<ItemRow, "listingId" | "title" | "before" | "after">>(
        `SELECT listing_id AS "listingId", title, before_state AS "before", after_state AS "after" FROM change_plan_items
         WHERE plan_id = $1 AND outcome = 'done' ORDER BY seq`,
        [planId],
      );
      return rows.map((row) => ({
        ...row,
        before: JSON.parse(row.before) as Question[],
        after: json<Question[]>(row.after) ?? [],
      }));
    },
  };
}

export type ReviewReads = ReturnType<typeof reviewReads>;
