import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import type { Snapshot } from "../personalization/snapshot";
import { parseSnapshot } from "../personalization/snapshot-codec";
import type { ItemStatus, JobCounts, JobItemView, JobKind, JobStatus, JobSummary, JobView } from "./job-view";

export type Job = {
  id: string;
  userId: number;
  shopId: number;
  kind: JobKind;
  target: Snapshot | null;
  undoOf: string | null;
  status: JobStatus;
  statusReason: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
};

export type JobItem = {
  jobId: string;
  listingId: number;
  title: string | null;
  target: Snapshot | null;
  status: ItemStatus;
  attempts: number;
  before: Snapshot | null;
};

type JobRow = {
  job_id: string;
  user_id: number;
  shop_id: number;
  kind: JobKind;
  target: string | null;
  undo_of: string | null;
  status: JobStatus;
  status_reason: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
};
type ItemRow = {
  job_id: string;
  listing_id: number;
  title: string | null;
  target: string | null;
  status: ItemStatus;
  reason: string | null;
  attempts: number;
  before_state: string | null;
};

const JOB_COLUMNS =
  "job_id, user_id, shop_id, kind, target, undo_of, status, status_reason, created_at, started_at, finished_at";
const ITEM_COLUMNS = "job_id, listing_id, title, target, status, reason, attempts, before_state";
const INSERT_CHUNK = 100;
const CLAIMABLE = "status = 'pending' AND not_before <= $1 AND (lease_until IS NULL OR lease_until < $1)";

const nullableNumber = (value: number | null) => (value === null ? null : Number(value));
const nullableSnapshot = (json: string | null) => (json === null ? null : parseSnapshot(json));

const jobOf = (row: JobRow): Job => ({
  id: row.job_id,
  userId: Number(row.user_id),
  shopId: Number(row.shop_id),
  kind: row.kind,
  target: nullableSnapshot(row.target),
  undoOf: row.undo_of,
  status: row.status,
  statusReason: row.status_reason,
  createdAt: Number(row.created_at),
  startedAt: nullableNumber(row.started_at),
  finishedAt: nullableNumber(row.finished_at),
});

const itemOf = (row: ItemRow): JobItem => ({
  jobId: row.job_id,
  listingId: Number(row.listing_id),
  title: row.title,
  target: nullableSnapshot(row.target),
  status: row.status,
  attempts: Number(row.attempts),
  before: nullableSnapshot(row.before_state),
});

export type RetryableStatus = Extract<ItemStatus, "failed" | "skipped">;

export type NewJob = {
  userId: number;
  shopId: number;
  kind: JobKind;
  target: Snapshot | null;
  undoOf?: string;
  items: { listingId: number; title?: string | null; target?: Snapshot }[];
};

export function jobStore(db: Database) {
  async function counts(jobId: string): Promise<JobCounts> {
    const rows = await db.query<{ status: ItemStatus; n: number }>(
      "SELECT status, COUNT(*) AS n FROM bulk_job_items WHERE job_id = $1 GROUP BY status",
      [jobId],
    );
    const result: JobCounts = { total: 0, pending: 0, done: 0, unchanged: 0, skipped: 0, failed: 0 };
    for (const row of rows) {
      result[row.status] = Number(row.n);
      result.total += Number(row.n);
    }
    return result;
  }

  async function find(jobId: string, shopId?: number): Promise<Job | undefined> {
    const [row] = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE job_id = $1`, [jobId]);
    return row && (shopId === undefined || Number(row.shop_id) === shopId) ? jobOf(row) : undefined;
  }

  async function undoneBy(jobId: string): Promise<string | null> {
    const [row] = await db.query<{ job_id: string }>(
      "SELECT job_id FROM bulk_jobs WHERE undo_of = $1 ORDER BY created_at DESC LIMIT 1",
      [jobId],
    );
    return row?.job_id ?? null;
  }

  async function create(job: NewJob): Promise<string> {
    const id = randomUUID();
    const now = Date.now();
    // Items go in before the job may run, so a runner never sees half a job.
    await db.execute(
      `INSERT INTO bulk_jobs (${JOB_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, 'preparing', NULL, $7, NULL, NULL)`,
      [id, job.userId, job.shopId, job.kind, job.target && JSON.stringify(job.target), job.undoOf ?? null, now],
    );
    for (let start = 0; start < job.items.length; start += INSERT_CHUNK) {
      const chunk = job.items.slice(start, start + INSERT_CHUNK);
      const params: unknown[] = [id, now];
      const rows = chunk.map((item, index) => {
        params.push(
          item.listingId,
          start + index,
          item.title ?? null,
          item.target ? JSON.stringify(item.target) : null,
        );
        const at = params.length - 3;
        return `($1, $${at}, $${at + 1}, $${at + 2}, $${at + 3}, 'pending', $2)`;
      });
      await db.execute(
        `INSERT INTO bulk_job_items (job_id, listing_id, seq, title, target, status, updated_at) VALUES ${rows.join(", ")}`,
        params,
      );
    }
    await db.execute("UPDATE bulk_jobs SET status = 'running' WHERE job_id = $1", [id]);
    return id;
  }

  return {
    create,
    find,
    counts,
    undoneBy,

    async claim(
      owner: string,
      now: number,
      leaseMs: number,
      limit: number,
    ): Promise<{ job: Job; items: JobItem[] } | undefined> {
      const [next] = await db.query<{ job_id: string }>(
        `SELECT job_id FROM bulk_jobs WHERE status = 'running'
           AND EXISTS (SELECT 1 FROM bulk_job_items WHERE bulk_job_items.job_id = bulk_jobs.job_id AND ${CLAIMABLE})
         ORDER BY claimed_at, created_at LIMIT 1`,
        [now],
      );
      if (!next) return undefined;
      // The lease test is repeated outside the subquery: under PostgreSQL a competing claim re-checks it on the row it waited for.
      const claimed = await db.execute(
        `UPDATE bulk_job_items SET lease_owner = $2, lease_until = $3 WHERE job_id = $4 AND ${CLAIMABLE}
           AND listing_id IN (SELECT listing_id FROM bulk_job_items WHERE job_id = $4 AND ${CLAIMABLE} ORDER BY seq LIMIT $5)`,
        [now, owner, now + leaseMs, next.job_id, limit],
      );
      await db.execute(
        "UPDATE bulk_jobs SET claimed_at = $2, started_at = COALESCE(started_at, $2) WHERE job_id = $1",
        [next.job_id, now],
      );
      if (claimed === 0) return undefined;
      const job = await find(next.job_id);
      const rows = await db.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM bulk_job_items WHERE lease_owner = $1 AND status = 'pending' ORDER BY seq`,
        [owner],
      );
      return job && { job, items: rows.map(itemOf) };
    },

    async renew(owner: string, until: number) {
      await db.execute("UPDATE bulk_job_items SET lease_until = $2 WHERE lease_owner = $1 AND status = 'pending'", [
        owner,
        until,
      ]);
    },

    // What the listing asks now is kept first, so a crash between the write and `settle` still leaves it to undo.
    async hold(item: JobItem, owner: string, until: number, before: Snapshot): Promise<boolean> {
      const changed = await db.execute(
        `UPDATE bulk_job_items SET lease_until = $4, before_state = $5, attempts = attempts + 1, updated_at = $6
         WHERE job_id = $1 AND listing_id = $2 AND lease_owner = $3 AND status = 'pending'`,
        [item.jobId, item.listingId, owner, until, JSON.stringify(before), Date.now()],
      );
      return changed === 1;
    },

    async settle(
      item: JobItem,
      owner: string,
      outcome: {
        status: Exclude<ItemStatus, "pending">;
        reason?: string;
        title?: string;
        attempts?: number;
        before?: Snapshot | null;
      },
    ) {
      await db.execute(
        `UPDATE bulk_job_items SET status = $4, reason = $5, title = COALESCE($6, title), attempts = $7, before_state = COALESCE($8, before_state),
           lease_owner = NULL, lease_until = NULL, updated_at = $9 WHERE job_id = $1 AND listing_id = $2 AND lease_owner = $3`,
        [
          item.jobId,
          item.listingId,
          owner,
          outcome.status,
          outcome.reason ?? null,
          outcome.title ?? null,
          outcome.attempts ?? item.attempts,
          outcome.before ? JSON.stringify(outcome.before) : null,
          Date.now(),
        ],
      );
    },

    async defer(
      item: JobItem,
      owner: string,
      retry: { notBefore: number; reason: string; attempts: number; title?: string; before?: Snapshot },
    ) {
      await db.execute(
        `UPDATE bulk_job_items SET reason = $4, not_before = $5, attempts = $6, title = COALESCE($7, title), before_state = COALESCE($8, before_state),
           lease_owner = NULL, lease_until = NULL, updated_at = $9 WHERE job_id = $1 AND listing_id = $2 AND lease_owner = $3`,
        [
          item.jobId,
          item.listingId,
          owner,
          retry.reason,
          retry.notBefore,
          retry.attempts,
          retry.title ?? null,
          retry.before ? JSON.stringify(retry.before) : null,
          Date.now(),
        ],
      );
    },

    async release(owner: string) {
      await db.execute("UPDATE bulk_job_items SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1", [
        owner,
      ]);
    },

    async pause(jobId: string, reason: string) {
      await db.execute(
        "UPDATE bulk_jobs SET status = 'paused', status_reason = $2 WHERE job_id = $1 AND status = 'running'",
        [jobId, reason],
      );
    },

    async resume(jobId: string, shopId: number): Promise<boolean> {
      return (
        (await db.execute(
          "UPDATE bulk_jobs SET status = 'running', status_reason = NULL WHERE job_id = $1 AND shop_id = $2 AND status = 'paused'",
          [jobId, shopId],
        )) === 1
      );
    },

    async finishIfComplete(jobId: string) {
      await db.execute(
        `UPDATE bulk_jobs SET status = 'finished', finished_at = $2 WHERE job_id = $1 AND status = 'running'
           AND NOT EXISTS (SELECT 1 FROM bulk_job_items WHERE job_id = $1 AND status = 'pending')`,
        [jobId, Date.now()],
      );
    },

    async retryItems(
      jobId: string,
      shopId: number,
      which: { status: RetryableStatus; listingId?: number },
    ): Promise<number> {
      if (!(await find(jobId, shopId))) return 0;
      const params: unknown[] = [jobId, which.status, Date.now()];
      if (which.listingId !== undefined) params.push(which.listingId);
      const changed = await db.execute(
        `UPDATE bulk_job_items SET status = 'pending', reason = NULL, attempts = 0, not_before = 0, lease_owner = NULL, lease_until = NULL, updated_at = $3
         WHERE job_id = $1 AND status = $2${which.listingId === undefined ? "" : " AND listing_id = $4"}`,
        params,
      );
      if (changed > 0)
        await db.execute(
          "UPDATE bulk_jobs SET status = 'running', finished_at = NULL WHERE job_id = $1 AND status = 'finished'",
          [jobId],
        );
      return changed;
    },

    async undo(job: Job, userId: number): Promise<string | undefined> {
      const rows = await db.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM bulk_job_items WHERE job_id = $1 AND status = 'done' AND before_state IS NOT NULL ORDER BY seq`,
        [job.id],
      );
      const items = rows
        .map(itemOf)
        .map((item) => ({ listingId: item.listingId, title: item.title, target: item.before ?? undefined }));
      if (items.length === 0) return undefined;
      return create({ userId, shopId: job.shopId, kind: "undo", target: null, undoOf: job.id, items });
    },

    async recent(shopId: number, limit = 5): Promise<JobSummary[]> {
      const rows = await db.query<JobRow>(
        `SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE shop_id = $1 AND status <> 'preparing' ORDER BY created_at DESC LIMIT $2`,
        [shopId, limit],
      );
      return Promise.all(
        rows.map(jobOf).map(async (job) => ({
          id: job.id,
          kind: job.kind,
          status: job.status,
          target: job.target,
          createdAt: job.createdAt,
          counts: await counts(job.id),
        })),
      );
    },

    async view(job: Job, perSecond: number): Promise<JobView> {
      const now = Date.now();
      const jobCounts = await counts(job.id);
      const stopped = job.status !== "running";
      const rows = await db.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM bulk_job_items WHERE job_id = $1 ${stopped ? "" : "AND status IN ('failed', 'skipped')"} ORDER BY seq`,
        [job.id],
      );
      const items: JobItemView[] = rows.map((row) => ({
        listingId: Number(row.listing_id),
        title: row.title,
        status: row.status,
        reason: row.reason,
      }));
      const window = Math.min(10_000, now - (job.startedAt ?? now));
      const [recent] = await db.query<{ n: number }>(
        "SELECT COUNT(*) AS n FROM bulk_job_items WHERE job_id = $1 AND status <> 'pending' AND updated_at > $2",
        [job.id, now - window],
      );
      const settledLately = Number(recent?.n ?? 0);
      const pace = settledLately >= 3 && window > 0 ? (settledLately * 1000) / window : perSecond;
      return {
        id: job.id,
        kind: job.kind,
        status: job.status,
        target: job.target,
        createdAt: job.createdAt,
        counts: jobCounts,
        statusReason: job.statusReason,
        undoOf: job.undoOf,
        undoneBy: await undoneBy(job.id),
        finishedAt: job.finishedAt,
        secondsLeft: job.status === "running" ? Math.ceil(jobCounts.pending / pace) : null,
        items,
      };
    },
  };
}

export type JobStore = ReturnType<typeof jobStore>;
