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

export type PlanProgress = Pick<PlanView, "id" | "status" | "undoneBy" | "waitingUntil" | "statusReason" | "counts"> & {
  at: number;
  items: Pick<PlanItemView, "listingId" | "outcome" | "outcomeReason" | "current">[];
};

export type PlanSummary = { id: string; description: string; status: PlanStatus; createdAt: number };

export const planKey = (id: string) => ["change-plan", id] as const;

export type PlanFilter = "all" | "changes" | "skipped" | "conflicts";

export function matchesFilter(item: PlanItemView, filter: PlanFilter) {
  if (filter === "changes") return item.status === "change";
  if (filter === "skipped") return item.status === "skipped" || item.outcome === "failed";
  if (filter === "conflicts") return item.outcome === "changed-elsewhere" || (item.kept?.length ?? 0) > 0;
  return true;
}
