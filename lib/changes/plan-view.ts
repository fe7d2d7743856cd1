// No zod and no server code: the review page renders these in the browser.
import type { FieldDiff } from "./field-diff";
import type { PlanCost, PlanItemStatus } from "./plan";
import type { StoredQuestion } from "../marketplace/stored-question";

export type PlanStatus = "preparing" | "reviewing" | "applying" | "paused" | "applied";

export type ApplyOutcome = "pending" | "done" | "changed-elsewhere" | "failed" | "left-out";

export type PlanItemView = {
  listingId: number;
  title: string;
  state: string;
  status: PlanItemStatus;
  reason: string | null;
  diff: FieldDiff[];
  before: StoredQuestion[];
  after: StoredQuestion[] | null;
  included: boolean;
  outcome: ApplyOutcome | null;
  outcomeReason: string | null;
  current: StoredQuestion[] | null;
  kept: FieldDiff[] | null;
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
    included: number;
    outcomes: Record<string, number>;
  };
  items: PlanItemView[];
};

export const PLAN_FILTERS = ["all", "changes", "skipped", "conflicts"] as const;

export type PlanFilter = (typeof PLAN_FILTERS)[number];

/** Rows the review holds at a time: its page never carries every row of a change over thousands of listings. */
export const PLAN_PAGE_ROWS = 50;

/** Which rows a review shows (`offset` counted within the filter), and how many rows each filter holds. */
export type PlanPage = { filter: PlanFilter; offset: number; counts: Record<PlanFilter, number> };

/** The review's view: the plan with one page of its rows. */
export type PagedPlanView = PlanView & { page: PlanPage };

export type PlanProgress = Pick<PlanView, "id" | "status" | "undoneBy" | "waitingUntil" | "statusReason" | "counts"> & {
  at: number;
  filterCounts: Record<PlanFilter, number>;
  items: Pick<PlanItemView, "listingId" | "outcome" | "outcomeReason" | "current">[];
};

export type PlanSummary = { id: string; description: string; status: PlanStatus; createdAt: number };

export const planKey = (id: string) => ["change-plan", id] as const;
