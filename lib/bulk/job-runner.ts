import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { TokenStore } from "../auth/token-store";
import type { Database } from "../db/database";
import { historyStore, type HistoryAction } from "../history/history-store";
import { changedSinceJob, writeRecorded } from "../history/recorded-write";
import { storedListingWrites } from "../listings/write-counts";
import { createMarketplace } from "../marketplace/client";
import { logger } from "../observability/logger";
import { metrics } from "../observability/metrics";
import type { MarketplaceConfig } from "../marketplace/config";
import type { MarketplaceFailure, Result } from "../marketplace/failure";
import type { Listing } from "../marketplace/wire";
import type { PersonalizationPhase } from "../marketplace/personalization-phase";
import { NO_PERSONALIZATION, snapshotOf, type Snapshot } from "../personalization/snapshot";
import { handlingOf, NOT_IN_SHOP } from "../changes/failure-handling";
import { jobStore, type Job, type JobItem } from "./job-store";
import type { JobKind } from "./job-view";
import { sharedPacer } from "../marketplace/shared-pacer";
import { planFor } from "./plan";

export type RunnerOptions = {
  leaseMs: number;
  idleMs: number;
  concurrency: number;
  maxAttempts: number;
  backoffMs: (attempt: number) => number;
};

const DEFAULTS: RunnerOptions = {
  leaseMs: 30_000,
  idleMs: 2_000,
  concurrency: 4,
  maxAttempts: 5,
  backoffMs: (attempt) => Math.min(60_000, 1000 * 2 ** (attempt - 1)),
};

const instanceName = () => process.env.INSTANCE_NAME || `${hostname()}:${process.pid}`;

const ACTION: Record<JobKind, HistoryAction> = { apply: "bulk-apply", remove: "bulk-remove", undo: "bulk-undo" };
const BATCH_READ_MAX = 100;

export type JobRunner = ReturnType<typeof createJobRunner>;

export function createJobRunner(
  deps: { db: Database; config: MarketplaceConfig; store: TokenStore; phase?: () => Promise<PersonalizationPhase> },
  options: Partial<RunnerOptions> = {},
) {
  const settings = { ...DEFAULTS, ...options };
  const pacer = sharedPacer(deps.db);
  const marketplace = createMarketplace({ ...deps.config, pacer }, deps.store, storedListingWrites(deps.db));
  const jobs = jobStore(deps.db);
  const history = historyStore(deps.db);
  let running = false;
  let draining = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;

  // About five seconds of work a batch: reads stay about 1% of the requests, and a 30 s lease covers several batches.
  const batchSize = () => Math.max(5, Math.min(BATCH_READ_MAX, pacer.perSecond() * 5));

  async function settle(item: JobItem, owner: string, outcome: Parameters<typeof jobs.settle>[2]) {
    await jobs.settle(item, owner, outcome);
    metrics().bulkItems.inc({ outcome: outcome.status });
  }

  async function failed(
    job: Job,
    item: JobItem,
    owner: string,
    failure: MarketplaceFailure,
    extra: { title?: string; before?: Snapshot },
  ): Promise<"paused" | void> {
    const attempts = item.attempts + 1;
    const handling = handlingOf(failure, attempts);
    if ("pause" in handling) {
      await jobs.pause(job.id, handling.pause);
      return "paused";
    }
    if (handling.retry && attempts < settings.maxAttempts) {
      const wait =
        failure.kind === "rate_limited"
          ? Math.max(failure.retryAfter * 1000, settings.backoffMs(attempts))
          : settings.backoffMs(attempts);
      await jobs.defer(item, owner, { notBefore: Date.now() + wait, reason: handling.reason, attempts, ...extra });
      return;
    }
    await settle(item, owner, { status: "failed", reason: handling.reason, attempts, ...extra });
  }

  async function processItem(
    job: Job,
    item: JobItem,
    listing: Listing | undefined,
    owner: string,
    phase: PersonalizationPhase,
  ): Promise<"paused" | void> {
    if (!listing || listing.shopId !== job.shopId)
      return settle(item, owner, { status: "failed", reason: NOT_IN_SHOP });
    const title = listing.title;
    const target = item.target ?? job.target ?? NO_PERSONALIZATION;
    const plan = planFor(listing, target, phase);
    if (plan.outcome === "skipped") return settle(item, owner, { status: "skipped", reason: plan.reason, title });
    if (plan.outcome === "unchanged")
      return settle(item, owner, { status: item.attempts > 0 && item.before ? "done" : "unchanged", title });
    const changed = job.kind === "undo" && job.undoOf ? await changedSinceJob(history, listing, job.undoOf) : undefined;
    if (changed) return settle(item, owner, { status: "skipped", reason: changed, title });
    const before = snapshotOf(listing);
    if (!(await jobs.hold(item, owner, Date.now() + settings.leaseMs, before))) return;
    const outcome = await writeRecorded(history, marketplace, {
      changer: job,
      listing,
      target,
      action: ACTION[job.kind],
      jobId: job.id,
      phase,
    });
    if (outcome.ok) return settle(item, owner, { status: "done", title, before, attempts: item.attempts + 1 });
    if ("refusal" in outcome) return settle(item, owner, { status: "skipped", reason: outcome.refusal, title });
    return failed(job, item, owner, outcome.failure, { title, before });
  }

  async function processBatch(job: Job, items: JobItem[], owner: string) {
    const read: Result<Listing[]> = await marketplace.getListingsByListingIds(
      job.userId,
      items.map((item) => item.listingId),
    );
    const listings = new Map(read.ok ? read.data.map((listing) => [listing.id, listing]) : []);
    const phase = deps.phase ? await deps.phase() : "single";
    let paused = false;
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item && !paused && !draining; item = queue.shift()) {
        const outcome = read.ok
          ? await processItem(job, item, listings.get(item.listingId), owner, phase)
          : await failed(job, item, owner, read.failure, {});
        if (outcome === "paused") paused = true;
      }
    };
    await Promise.all(Array.from({ length: settings.concurrency }, worker));
  }

  async function runOnce(): Promise<number> {
    // The instance's name leads the owner, so an operator (or a test) can tell which instance holds a lease.
    const owner = `${instanceName()}/${randomUUID()}`;
    const claim = await jobs.claim(owner, Date.now(), settings.leaseMs, batchSize());
    if (!claim) return 0;
    const heartbeat = setInterval(
      () => void jobs.renew(owner, Date.now() + settings.leaseMs).catch(() => undefined),
      settings.leaseMs / 3,
    );
    try {
      await processBatch(claim.job, claim.items, owner);
    } finally {
      clearInterval(heartbeat);
      await jobs.release(owner);
    }
    await jobs.finishIfComplete(claim.job.id);
    return claim.items.length;
  }

  async function work() {
    while (running) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        logger().error({ msg: "a bulk batch failed", error: (error as Error).message });
      }
      if (claimed === 0 && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, settings.idleMs).unref();
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  return {
    jobs,
    pacer,
    runOnce,
    start() {
      if (running) return;
      running = true;
      draining = false;
      loop = work();
    },
    async stop() {
      running = false;
      draining = true;
      wakeUp?.();
      await loop;
    },
    wake() {
      wakeUp?.();
    },
  };
}
