import { describeSnapshot, type Snapshot } from "../personalization/snapshot";

export type JobKind = "apply" | "remove" | "undo";
export type JobStatus = "preparing" | "running" | "paused" | "finished";
export type ItemStatus = "pending" | "done" | "unchanged" | "skipped" | "failed";

export type JobCounts = Record<ItemStatus, number> & { total: number };

export type JobItemView = { listingId: number; title: string | null; status: ItemStatus; reason: string | null };

export type JobSummary = {
  id: string;
  kind: JobKind;
  status: JobStatus;
  target: Snapshot | null;
  createdAt: number;
  counts: JobCounts;
};

export type JobView = JobSummary & {
  statusReason: string | null;
  undoOf: string | null;
  undoneBy: string | null;
  finishedAt: number | null;
  secondsLeft: number | null;
  items: JobItemView[];
};

export const bulkJobKey = (jobId: string) => ["bulk-job", jobId] as const;
export const recentBulkJobsKey = ["bulk-jobs"] as const;

export function jobTitle(job: Pick<JobSummary, "kind" | "target" | "counts">): string {
  const listings = `${job.counts.total} ${job.counts.total === 1 ? "listing" : "listings"}`;
  if (job.kind === "remove") return `Remove personalization from ${listings}`;
  if (job.kind === "undo") return `Undo a bulk change on ${listings}`;
  return `Ask ${job.target ? describeSnapshot(job.target) : "a question"} on ${listings}`;
}

export function countsSummary(counts: JobCounts): string {
  return `${counts.done + counts.unchanged} done, ${counts.failed} failed, ${counts.skipped} skipped`;
}

export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  pending: "Waiting",
  done: "Changed",
  unchanged: "Already as asked",
  skipped: "Skipped",
  failed: "Failed",
};
