import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import type { Phase } from "./field-change";
import type { PlanCost, PlanItem, PlanItemStatus } from "./plan";
import { costOf, holdsChange, planDiff } from "./plan";
import { toQuestion, type Question, type QuestionWire } from "../marketplace/wire";
import type { QuestionChange } from "../personalization/question-diff";
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
  type PlanStatus,
  type PlanSummary,
  type PlanView,
} from "./plan-view";

export type Plan = {
  id: string;
  userId: number;
  shopId: number;
  description: string;
  phase: Phase;
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

export type PendingItem = {
  listingId: number;
  title: string;
  before: Question[];
  after: Question[];
  lastModified: number | null;
  attempts: number;
};

type PlanRow = {
  plan_id: string;
  user_id: number;
  shop_id: number;
  description: string;
  phase: Phase;
  status: PlanStatus;
  undo_of: string | null;
  rate: string;
  created_at: number;
  applied_at: number | null;
  finished_at: number | null;
  reserve: number | null;
  waiting_until: number | null;
  status_reason: string | null;
  paused_at: number | null;
};

type ItemRow = {
  listing_id: number;
  title: string;
  state: string;
  status: PlanItemStatus;
  reason: string | null;
  before_state: string;
  after_state: string | null;
  diff: string;
  last_modified: number | null;
  included: number;
  outcome: ApplyOutcome | null;
  outcome_reason: string | null;
  current_state: string | null;
  kept: string | null;
  attempts: number;
};

const PLAN_COLUMNS =
  "plan_id, user_id, shop_id, description, phase, status, undo_of, rate, created_at, applied_at, finished_at, reserve, waiting_until, status_reason, paused_at";
const ITEM_COLUMNS =
  "listing_id, title, state, status, reason, before_state, after_state, diff, last_modified, included, outcome, outcome_reason, current_state, kept, attempts";
const INSERT_CHUNK = 50;
const CLAIMABLE = "outcome = 'pending' AND not_before <= $2 AND (lease_until IS NULL OR lease_until < $2)";

const nullableNumber = (value: number | null) => (value === null ? null : Number(value));
const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

const planOf = (row: PlanRow): Plan => ({
  id: row.plan_id,
  userId: Number(row.user_id),
  shopId: Number(row.shop_id),
  description: row.description,
  phase: row.phase,
  status: row.status,
  undoOf: row.undo_of,
  rate: JSON.parse(row.rate) as Plan["rate"],
  createdAt: Number(row.created_at),
  appliedAt: nullableNumber(row.applied_at),
  finishedAt: nullableNumber(row.finished_at),
  reserve: nullableNumber(row.reserve),
  waitingUntil: nullableNumber(row.waiting_until),
  statusReason: row.status_reason,
  pausedAt: nullableNumber(row.paused_at),
});

// Plans stored before the diff named fields as the seller reads them held flat rows ({ question, field, before, after }).
type OldRow = { question: string; field: string; before: string; after: string };
const isOld = (rows: unknown[]): rows is OldRow[] => rows.some((row) => typeof row === "object" && "field" in row!);

// Plans stored before the change plans held the app's questions kept the marketplace's snake_case ones.
const questionsOf = (text: string | null): Question[] | null =>
  json<(Question | QuestionWire)[]>(text)?.map((question) =>
    "question_type" in question ? toQuestion(question) : question,
  ) ?? null;

function itemViewOf(row: ItemRow): PlanItemView {
  const before = questionsOf(row.before_state)!;
  const after = questionsOf(row.after_state);
  const diff = JSON.parse(row.diff) as QuestionChange[] | OldRow[];
  const kept = json<QuestionChange[] | OldRow[]>(row.kept);
  return {
    listingId: Number(row.listing_id),
    title: row.title,
    state: row.state,
    status: row.status,
    reason: row.reason,
    diff: isOld(diff) ? (after ? planDiff(before, after) : []) : diff,
    before,
    after,
    included: Number(row.included) === 1,
    outcome: row.outcome,
    outcomeReason: row.outcome_reason,
    current: questionsOf(row.current_state),
    kept:
      kept && isOld(kept)
        ? kept.map((old) => ({
            ...(old.question && { question: { title: old.question, type: "" } }),
            change: "changed",
            fields: [{ field: old.field, before: old.before, after: old.after }],
          }))
        : kept,
  };
}

/** Each filter of the review as SQL over change_plan_items, so that a page of rows is read without the rest. */
const FILTER_SQL: Record<PlanFilter, string> = {
  all: "1 = 1",
  // A listing changed since an export waits for the seller's choice to take it, so it shows among the changes.
  changes: "status IN ('change', 'changed-since')",
  failed: "outcome = 'failed'",
  skipped: "status = 'skipped'",
  conflicts: "(status = 'changed-since' OR outcome = 'changed-elsewhere' OR (kept IS NOT NULL AND kept <> '[]'))",
};

export type NewPlan = {
  userId: number;
  shopId: number;
  description: string;
  phase: Phase;
  undoOf?: string;
  rate: Plan["rate"];
  items: (PlanItem & { kept?: QuestionChange[] })[];
};

export function planStore(db: Database) {
  async function find(planId: string, shopId?: number): Promise<Plan | undefined> {
    const [row] = await db.query<PlanRow>(`SELECT ${PLAN_COLUMNS} FROM change_plans WHERE plan_id = $1`, [planId]);
    return row && (shopId === undefined || Number(row.shop_id) === shopId) ? planOf(row) : undefined;
  }

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
    return Object.fromEntries(PLAN_FILTERS.map((filter) => [filter, Number(row?.[filter] ?? 0)])) as Record<
      PlanFilter,
      number
    >;
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

  async function cost(plan: Plan): Promise<PlanCost> {
    return costOf((await counts(plan.id)).included, plan.rate);
  }

  return {
    find,
    counts,

    /** null, storing nothing, when no row would be written or could be taken: a plan is never empty. */
    async create(plan: NewPlan): Promise<string | null> {
      if (!holdsChange(plan.items)) return null;
      const id = randomUUID();
      const now = Date.now();
      await db.execute(
        `INSERT INTO change_plans (${PLAN_COLUMNS}) VALUES ($1, $2, $3, $4, $5, 'preparing', $6, $7, $8, NULL, NULL, NULL, NULL, NULL, NULL)`,
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
      const ids =
        listingIds === "all" ? "" : `AND listing_id IN (${listingIds.map((id) => Number(id)).join(", ") || "NULL"})`;
      await db.execute(
        `UPDATE change_plan_items SET included = $2, updated_at = $3 WHERE plan_id = $1 AND status = 'change' ${ids}`,
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

    /** Every listing of one filter, for the listings page to select (at most `limit`). */
    async listingsOf(
      planId: string,
      filter: PlanFilter,
      limit: number,
    ): Promise<{ listingId: number; state: string }[]> {
      const rows = await db.query<{ listing_id: number; state: string }>(
        `SELECT listing_id, state FROM change_plan_items WHERE plan_id = $1 AND ${FILTER_SQL[filter]} ORDER BY seq LIMIT $2`,
        [planId, limit],
      );
      return rows.map((row) => ({ listingId: Number(row.listing_id), state: row.state }));
    },

    /** The seller's explicit choice to write listings changed since their copy was read: they become changes. */
    async take(planId: string, shopId: number, listingIds: number[]): Promise<number | null> {
      const plan = await find(planId, shopId);
      if (!plan || plan.status !== "reviewing") return null;
      return db.execute(
        `UPDATE change_plan_items SET status = 'change', included = 1, updated_at = $2
         WHERE plan_id = $1 AND status = 'changed-since' AND listing_id IN (${listingIds.map((id) => Number(id)).join(", ") || "NULL"})`,
        [planId, Date.now()],
      );
    },

    /**
     * Rows that were not changed go back to the runner with their attempts anew, and an applied plan applies again.
     * A row left alone because its listing changed elsewhere is never among them: only the seller's review decides that.
     */
    async retryFailed(planId: string, listingIds: number[] | "all"): Promise<number> {
      const ids =
        listingIds === "all" ? "" : `AND listing_id IN (${listingIds.map((id) => Number(id)).join(", ") || "NULL"})`;
      const retried = await db.execute(
        `UPDATE change_plan_items SET outcome = 'pending', outcome_reason = NULL, attempts = 0, not_before = 0, lease_owner = NULL,
           lease_until = NULL, updated_at = $2
         WHERE plan_id = $1 AND outcome = 'failed' ${ids}`,
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

    async claim(planId: string, owner: string, leaseMs: number, limit: number): Promise<PendingItem[]> {
      const now = Date.now();
      await db.execute(
        `UPDATE change_plan_items SET lease_owner = $3, lease_until = $4 WHERE plan_id = $1 AND ${CLAIMABLE}
           AND listing_id IN (SELECT listing_id FROM change_plan_items WHERE plan_id = $1 AND ${CLAIMABLE} ORDER BY seq LIMIT $5)`,
        [planId, now, owner, now + leaseMs, limit],
      );
      const rows = await db.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM change_plan_items WHERE plan_id = $1 AND lease_owner = $2 AND outcome = 'pending' ORDER BY seq`,
        [planId, owner],
      );
      return rows.map((row) => ({
        listingId: Number(row.listing_id),
        title: row.title,
        before: questionsOf(row.before_state)!,
        after: questionsOf(row.after_state) ?? [],
        lastModified: nullableNumber(row.last_modified),
        attempts: Number(row.attempts),
      }));
    },

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
        row.user_id,
        now,
      ]);
      return planOf(row);
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

    async pause(planId: string, reason: string) {
      await db.execute(
        "UPDATE change_plans SET status = 'paused', status_reason = $2, paused_at = $3 WHERE plan_id = $1 AND status = 'applying'",
        [planId, reason, Date.now()],
      );
    },

    async resume(planId: string, shopId: number): Promise<boolean> {
      const resumed = await db.execute(
        "UPDATE change_plans SET status = 'applying', status_reason = NULL, paused_at = NULL WHERE plan_id = $1 AND shop_id = $2 AND status = 'paused'",
        [planId, shopId],
      );
      return resumed === 1;
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

    async written(
      planId: string,
    ): Promise<{ listingId: number; title: string; before: Question[]; after: Question[] }[]> {
      const rows = await db.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM change_plan_items WHERE plan_id = $1 AND outcome = 'done' ORDER BY seq`,
        [planId],
      );
      return rows.map((row) => ({
        listingId: Number(row.listing_id),
        title: row.title,
        before: questionsOf(row.before_state)!,
        after: questionsOf(row.after_state) ?? [],
      }));
    },

    async undoneBy(planId: string): Promise<string | null> {
      const [row] = await db.query<{ plan_id: string }>(
        "SELECT plan_id FROM change_plans WHERE undo_of = $1 ORDER BY created_at DESC LIMIT 1",
        [planId],
      );
      return row?.plan_id ?? null;
    },

    async recent(shopId: number, limit = 10): Promise<PlanSummary[]> {
      const rows = await db.query<PlanRow>(
        `SELECT ${PLAN_COLUMNS} FROM change_plans WHERE shop_id = $1 AND status <> 'preparing' ORDER BY created_at DESC LIMIT $2`,
        [shopId, limit],
      );
      return rows.map(planOf).map((plan) => ({
        id: plan.id,
        description: plan.description,
        status: plan.status,
        createdAt: plan.createdAt,
      }));
    },

    /** The rows the apply settled at or after `since` (a row settled in that very millisecond may come twice, never not at all). */
    async progress(plan: Plan, since: number): Promise<PlanProgress> {
      const at = Date.now();
      const rows = await db.query<Pick<ItemRow, "listing_id" | "outcome" | "outcome_reason" | "current_state">>(
        `SELECT listing_id, outcome, outcome_reason, current_state FROM change_plan_items
           WHERE plan_id = $1 AND updated_at >= $2 AND outcome IS NOT NULL AND outcome NOT IN ('pending', 'left-out')`,
        [plan.id, since],
      );
      return {
        id: plan.id,
        status: plan.status,
        undoneBy: await this.undoneBy(plan.id),
        waitingUntil: plan.waitingUntil,
        statusReason: plan.statusReason,
        counts: await counts(plan.id),
        filterCounts: await filterCounts(plan.id),
        at,
        items: rows.map((row) => ({
          listingId: Number(row.listing_id),
          outcome: row.outcome,
          outcomeReason: row.outcome_reason,
          current: questionsOf(row.current_state),
        })),
      };
    },

    async view(plan: Plan): Promise<PlanView> {
      const rows = await db.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM change_plan_items WHERE plan_id = $1 ORDER BY seq`,
        [plan.id],
      );
      return { ...(await this.heading(plan)), items: rows.map(itemViewOf) };
    },

    /** The review as it opens: on what changes, when anything does. */
    async opening(plan: Plan): Promise<PagedPlanView> {
      return this.page(plan, { filter: openingFilter(await filterCounts(plan.id)), offset: 0 });
    },

    /** The review's view: `PLAN_PAGE_ROWS` rows of `filter` from `offset` on, with each filter's count. */
    async page(plan: Plan, at: { filter: PlanFilter; offset: number }): Promise<PagedPlanView> {
      const rows = await db.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM change_plan_items WHERE plan_id = $1 AND ${FILTER_SQL[at.filter]}
           ORDER BY seq LIMIT $2 OFFSET $3`,
        [plan.id, PLAN_PAGE_ROWS, at.offset],
      );
      return {
        ...(await this.heading(plan)),
        items: rows.map(itemViewOf),
        page: { ...at, counts: await filterCounts(plan.id) },
        losses: await losses(plan.id, plan.undoOf !== null),
      };
    },

    async heading(plan: Plan): Promise<Omit<PlanView, "items">> {
      return {
        id: plan.id,
        description: plan.description,
        status: plan.status,
        undoOf: plan.undoOf,
        undoneBy: await this.undoneBy(plan.id),
        createdAt: plan.createdAt,
        reserve: plan.reserve,
        waitingUntil: plan.waitingUntil,
        statusReason: plan.statusReason,
        cost: await cost(plan),
        counts: await counts(plan.id),
      };
    },
  };
}

export type PlanStore = ReturnType<typeof planStore>;
