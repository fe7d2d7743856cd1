// No zod and no server code: the review page renders these in the browser.
import type { PlanCost, PlanItem } from "./plan";
import type { Question } from "../marketplace/wire";
import type { QuestionChange } from "../personalization/question-diff";

export type PlanStatus = "preparing" | "reviewing" | "applying" | "paused" | "applied" | "discarded";

export type ApplyOutcome = "pending" | "done" | "changed-elsewhere" | "failed" | "left-out";

export type PlanItemView = Omit<PlanItem, "lastModified"> & {
  included: boolean;
  outcome: ApplyOutcome | null;
  outcomeReason: string | null;
  current: Question[] | null;
  kept: QuestionChange[] | null;
};

export type PlanView = {
  id: string;
  description: string;
  status: PlanStatus;
  undoOf: string | null;
  undoneBy: string | null;
  createdAt: number;
  reserve: number | null;
  waitingUntil: number | null;
  statusReason: string | null;
  cost: PlanCost;
  counts: {
    total: number;
    change: number;
    unchanged: number;
    skipped: number;
    "changed-since": number;
    included: number;
    outcomes: Record<string, number>;
  };
  items: PlanItemView[];
};

export const PLAN_FILTERS = ["changes", "all", "failed", "skipped", "conflicts"] as const;

export type PlanFilter = (typeof PLAN_FILTERS)[number];

/** The review opens on what changes; a plan with no change to show opens on every row. */
export const openingFilter = (counts: Record<PlanFilter, number>): PlanFilter =>
  counts.changes > 0 ? "changes" : "all";

/** Rows the review holds at a time: its page never carries every row of a change over thousands of listings. */
export const PLAN_PAGE_ROWS = 50;

/** Which rows a review shows (`offset` counted within the filter), and how many rows each filter holds. */
export type PlanPage = { filter: PlanFilter; offset: number; counts: Record<PlanFilter, number> };

/** The review's view: the plan with one page of its rows, and what its listings lose (see lossSummary) over all rows. */
export type PagedPlanView = PlanView & { page: PlanPage; losses: string | null };

export type PlanProgress = Pick<PlanView, "id" | "status" | "undoneBy" | "waitingUntil" | "statusReason" | "counts"> & {
  at: number;
  filterCounts: Record<PlanFilter, number>;
  items: Pick<PlanItemView, "listingId" | "outcome" | "outcomeReason" | "current">[];
};

export type PlanSummary = { id: string; description: string; status: PlanStatus; createdAt: number };

const countWord = (count: number) => (count === 1 ? "one" : String(count));

/**
 * What the listings lose, for the top of the review: "6 listings already ask something; Replace removes it, one with a
 * $5.00 price." null when no listing loses a question. An undo's removals are what its change added, and it says so.
 */
export function lossSummary(items: readonly Pick<PlanItemView, "status" | "diff">[], undo = false): string | null {
  const losing = items.filter((item) => item.status === "change" && item.diff.some((q) => q.change === "removed"));
  if (losing.length === 0) return null;
  const pricesOf = (item: (typeof losing)[number]) =>
    item.diff.flatMap((question) =>
      question.change === "removed"
        ? question.fields.flatMap((field) =>
            field.field === "Add-on price" && field.before && field.before !== "None" ? [field.before] : [],
          )
        : [],
    );
  const priced = losing.map(pricesOf).filter((prices) => prices.length > 0);
  const prices = [...new Set(priced.flat())];
  const replaces = losing.some((item) => item.diff.some((question) => question.change === "added"));
  const what =
    priced.length === 0
      ? ""
      : `, ${countWord(priced.length)} with ${prices.length === 1 ? `a ${prices[0]} price` : `an add-on price (${prices.slice(0, 3).join(", ")}${prices.length > 3 ? "…" : ""})`}`;
  const listings = losing.length === 1 ? "1 listing" : `${losing.length} listings`;
  if (undo)
    return replaces
      ? `The undo takes off what the change put on ${listings}${what}, and puts back what they asked before.`
      : `The undo takes off the questions the change added to ${listings}${what}; they ask what they asked before it.`;
  return `${losing.length === 1 ? "1 listing already asks" : `${losing.length} listings already ask`} something; ${replaces ? "Replace" : "this change"} removes it${what}.`;
}

/**
 * What "Select these listings" selects: the listings page selects within one state at a time, so the state most of
 * the rows are in, and how many rows are in another.
 */
export function selectionOfRows(rows: readonly { listingId: number; state: string }[]) {
  const byState = new Map<string, number[]>();
  for (const row of rows) {
    const ids = byState.get(row.state) ?? [];
    ids.push(row.listingId);
    byState.set(row.state, ids);
  }
  const [state, listingIds] = [...byState].sort((a, b) => b[1].length - a[1].length)[0] ?? ["active", []];
  return { state, listingIds, elsewhere: rows.length - listingIds.length };
}
