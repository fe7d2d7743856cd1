import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { instanceSettingsSchema } from "../env-schema";
import type { TokenStore } from "../tokens/token-store";
import type { Database } from "../db/database";
import { databaseAnswers, isDatabaseUnreachable } from "../db/outage";
import { historyStore } from "../history/history-store";
import { claimedElsewhere, writeRecorded } from "../writes/recorded-write";
import type { MarketplaceConfig } from "../marketplace/config";
import type { MarketplaceFailure } from "../marketplace/failure";
import { pacedMarketplace } from "../marketplace/paced-marketplace";
import type { ListingQuestions } from "../marketplace/question-wire";
import { sharedPacer, type SharedPacer } from "../marketplace/shared-pacer";
import { isRemoved, type Question } from "../marketplace/wire";
import { logger } from "../observability/logger";
import { sameSnapshot } from "../personalization/snapshot";
import { metrics } from "../observability/metrics";
import { handlingOf, NOT_IN_SHOP } from "./failure-handling";
import { changedSince, READ_BATCH } from "./plan";
import { planRecords, type Plan } from "./plan-records";
import { reviewReads } from "./review-reads";
import { workQueue, type PendingItem } from "./work-queue";
import { quotaLog } from "./quota-log";

export type RunnerOptions = {
  now: () => number;
  leaseMs: number;
  idleMs: number;
  concurrency: number;
  maxAttempts: number;
  backoffMs: (attempt: number) => number;
  recheckMs: number;
  /** About this many seconds of work a batch: a turn, and what a lease covers. */
  batchSeconds: number;
};

const DEFAULTS: RunnerOptions = {
  now: Date.now,
  leaseMs: 30_000,
  idleMs: 2_000,
  concurrency: 4,
  maxAttempts: 5,
  backoffMs: (attempt) => Math.min(60_000, 1000 * 2 ** (attempt - 1)),
  // The log holds only the runners' own requests and the marketplace counts the rolling day on its own clock, so a
  // waiting plan asks it: first after 15 s, then twice as long up to an hour (some 30 requests a day).
  recheckMs: 15_000,
  batchSeconds: 5,
};
const RECHECK_MAX_MS = 3_600_000;

export const CHANGED_ELSEWHERE =
  "Someone changed this listing after you reviewed the change, so it was left as they made it.";

const changedElsewhere = (current: Question[]) =>
  ({ outcome: "changed-elsewhere", reason: CHANGED_ELSEWHERE, current }) as const;

const instanceName = () => instanceSettingsSchema.parse(process.env).INSTANCE_NAME ?? `${hostname()}:${process.pid}`;
const WAITING_FOR_ANOTHER = "Waiting for another change to this listing to finish.";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type PlanRunner = ReturnType<typeof createPlanRunner>;

/**
 * Every change to many listings is applied here, in any number of instances: each takes a batch of one plan's rows
 * under a lease, plans taking turns by seller; each row is written as the editor's save is (writeRecorded).
 */
export function createPlanRunner(
  deps: { db: Database; config: MarketplaceConfig; store: TokenStore },
  options: Partial<RunnerOptions> = {},
) {
  const settings = { ...DEFAULTS, ...options };
  const { now } = settings;
  const shared = sharedPacer(deps.db);
  const quota = quotaLog(deps.db);
  let remainingToday: number | null = null;
  const pacer: SharedPacer = {
    perSecond: () => shared.perSecond(),
    async beforeRequest() {
      await shared.beforeRequest();
      await quota.note(now());
    },
    afterResponse(report) {
      if (report.remainingToday !== undefined) remainingToday = report.remainingToday;
      shared.afterResponse(report);
    },
  };
  const marketplace = pacedMarketplace(deps.db, { config: deps.config, store: deps.store, pacer });
  const plans = planRecords(deps.db);
  const review = reviewReads(deps.db);
  const queue = workQueue(deps.db);
  const history = historyStore(deps.db);
  // In this instance only: when a waiting plan next asks the marketplace what is left (the page shows `waitingUntil`).
  const rechecks = new Map<string, { count: number; at: number }>();
  // Claims a batch could not release while the database was down: released as soon as it answers, rather than left
  // to their lease's end. Every write of such a batch had ended, so no claim is released with a write in flight.
  const unreleased = new Set<string>();
  let running = false;
  let draining = false;
  let loop: Promise<void> | undefined;
  let halt = () => {};
  let halted = new Promise<void>((resolve) => (halt = resolve));
  let wakeUp: (() => void) | undefined;

  async function failed(plan: Plan, item: PendingItem, owner: string, failure: MarketplaceFailure) {
    const attempts = item.attempts + 1;
    const handling = handlingOf(failure, attempts);
    if ("pause" in handling) {
      await queue.pause(plan.id, handling.pause);
      return "paused" as const;
    }
    if (handling.retry && attempts < settings.maxAttempts) {
      const wait = Math.max(
        settings.backoffMs(attempts),
        failure.kind === "rate_limited" ? failure.retryAfter * 1000 : 0,
      );
      await queue.defer(plan.id, item.listingId, owner, {
        notBefore: now() + wait,
        attempts,
        reason: handling.reason,
      });
      return;
    }
    await settle(plan, item, owner, { outcome: "failed", reason: handling.reason, attempts });
  }

  async function settle(plan: Plan, item: PendingItem, owner: string, outcome: Parameters<typeof queue.settle>[3]) {
    await queue.settle(plan.id, item.listingId, owner, outcome);
    metrics().changeItems.inc({ outcome: outcome.outcome });
  }

  async function writeItem(plan: Plan, item: PendingItem, listing: ListingQuestions, owner: string, readAt: number) {
    // An earlier attempt (unanswered, or by an instance that died) that landed after all: done, never written twice.
    // A removal is always sent: it also turns personalization off on a listing that asks nothing.
    if (item.after.length > 0 && sameSnapshot({ questions: item.after }, { questions: listing.questions })) {
      await history.settleUnfinished(item.listingId, plan.id, true);
      return settle(plan, item, owner, { outcome: "done", attempts: item.attempts });
    }
    // A removal changes the listing too: it goes on to the write path, whose guard leaves it saying why.
    if (changedSince(item, listing) && !isRemoved(listing))
      return settle(plan, item, owner, changedElsewhere(listing.questions));
    // One change at a time per listing: the dashboard's own other changes are seen in its history.
    const lease = `${owner}/${item.listingId}`;
    if (!(await queue.holdListing(item.listingId, lease, now() + settings.leaseMs)))
      return queue.defer(plan.id, item.listingId, owner, {
        notBefore: now() + settings.idleMs,
        attempts: item.attempts,
        reason: WAITING_FOR_ANOTHER,
      });
    try {
      if (await history.writtenSince(plan.shopId, item.listingId, plan.createdAt, plan.id)) {
        const read = await marketplace.getListingQuestions(plan.userId, [item.listingId]);
        const current = (read.ok && read.data[0]?.questions) || listing.questions;
        return await settle(plan, item, owner, changedElsewhere(current));
      }
      await history.settleUnfinished(item.listingId, plan.id, false);
      const outcome = await writeRecorded(history, marketplace, {
        changer: plan,
        listing: { id: item.listingId, questions: listing.questions, state: listing.state },
        target: { questions: item.after },
        action: plan.undoOf ? "plan-undo" : "plan-apply",
        planId: plan.id,
        phase: plan.phase,
        readAt,
      });
      // Another write holds the listing, or landed since the batch read it: this row waits, and is read again.
      if (claimedElsewhere(outcome))
        return await queue.defer(plan.id, item.listingId, owner, {
          notBefore: now() + settings.idleMs,
          attempts: item.attempts,
          reason: WAITING_FOR_ANOTHER,
        });
      if (outcome.ok) return await settle(plan, item, owner, { outcome: "done", attempts: item.attempts + 1 });
      if ("refusal" in outcome)
        return await settle(plan, item, owner, {
          outcome: outcome.gone ? "changed-elsewhere" : "failed",
          reason: outcome.refusal,
        });
      return await failed(plan, item, owner, outcome.failure);
    } finally {
      await queue.releaseListing(item.listingId, lease);
    }
  }

  async function runBatch(plan: Plan, items: PendingItem[], owner: string) {
    // On the history's clock (its rows' times), not the runner's.
    const readAt = Date.now();
    const read = await marketplace.getListingQuestions(
      plan.userId,
      items.map((item) => item.listingId),
    );
    if (!read.ok) {
      for (const item of items) if ((await failed(plan, item, owner, read.failure)) === "paused") break;
      return;
    }
    const listings = new Map(read.data.map((listing) => [listing.listingId, listing]));
    let stopped = false;
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item && !stopped && !draining; item = queue.shift()) {
        const listing = listings.get(item.listingId);
        try {
          const outcome =
            !listing || listing.shopId !== plan.shopId
              ? await settle(plan, item, owner, { outcome: "failed", reason: NOT_IN_SHOP })
              : await writeItem(plan, item, listing, owner, readAt);
          if (outcome === "paused") stopped = true;
        } catch (error) {
          stopped = true;
          throw error;
        }
      }
    };
    // Every worker's write ends before the batch's claims are released: a claim released while its write is still in
    // flight would let another instance read the listing before that write lands, and write it again.
    const ended = await Promise.allSettled(Array.from({ length: settings.concurrency }, worker));
    const broken = ended.find((result) => result.status === "rejected");
    if (broken) throw broken.reason;
  }

  // At most one read's worth: reads stay about 1% of the requests, and a 30 s lease covers several batches.
  const batchSize = () => Math.max(5, Math.min(READ_BATCH, pacer.perSecond() * settings.batchSeconds));

  // Each listing costs a write and the batch one read; 1 while the quota left is unknown, so the first answer tells.
  function quotaLimit(plan: Plan): number {
    if (plan.reserve === null) return READ_BATCH;
    if (remainingToday === null) return 1;
    return Math.min(READ_BATCH, remainingToday - plan.reserve - 1);
  }

  /** Stops a plan that would dip into its reserve until the requests it needs are freed (or the next recheck). */
  async function withinQuota(plan: Plan): Promise<number> {
    if (plan.waitingUntil !== null) {
      // Back from a wait: the quota left is read afresh (one read), rather than taken from before it.
      remainingToday = null;
      await marketplace.getShop(plan.userId, plan.shopId);
    }
    const limit = quotaLimit(plan);
    if (limit >= 1) {
      if (plan.waitingUntil !== null) await queue.goOn(plan.id);
      rechecks.delete(plan.id);
      return limit;
    }
    const pending = (await review.counts(plan.id)).outcomes.pending ?? 0;
    const freed = await quota.freedBy(plan.reserve! + Math.min(READ_BATCH, pending) + 1 - remainingToday!, now());
    const count = rechecks.get(plan.id)?.count ?? 0;
    rechecks.set(plan.id, { count: count + 1, at: now() + Math.min(RECHECK_MAX_MS, settings.recheckMs * 2 ** count) });
    await queue.wait(
      plan.id,
      freed,
      `Stopped to keep ${plan.reserve} of today's requests in reserve, with ${pending} ${pending === 1 ? "change" : "changes"} to go.`,
    );
    return 0;
  }

  /** One turn: a batch of the next plan's rows. Returns the rows it took (0: nothing to do now). */
  async function runOnce(only?: string): Promise<number> {
    const plan = only ? await plans.find(only) : await queue.nextTurn(now());
    if (only && plan?.status !== "applying") rechecks.delete(only);
    const recheck = plan && (rechecks.get(plan.id)?.at ?? Infinity) <= now();
    if (!plan || plan.status !== "applying" || (plan.waitingUntil !== null && plan.waitingUntil > now() && !recheck))
      return 0;
    const limit = Math.min(batchSize(), await withinQuota(plan));
    if (limit < 1) return 0;
    // The instance's name leads the owner, so an operator (or a test) can tell which instance holds a lease.
    const owner = `${instanceName()}/${randomUUID()}`;
    const items = await queue.claim(plan.id, owner, settings.leaseMs, limit).catch((error: unknown) => {
      if (isDatabaseUnreachable(error)) unreleased.add(owner);
      throw error;
    });
    if (items.length === 0) return 0;
    const heartbeat = setInterval(
      () => void queue.renew(owner, now() + settings.leaseMs).catch(() => undefined),
      settings.leaseMs / 3,
    );
    try {
      await runBatch({ ...plan, waitingUntil: null }, items, owner);
    } finally {
      clearInterval(heartbeat);
      await queue.release(owner).catch((error: unknown) => {
        if (!isDatabaseUnreachable(error)) throw error;
        unreleased.add(owner);
      });
    }
    await queue.finishIfComplete(plan.id);
    return items.length;
  }

  /** Without the database nothing is claimed or sent: the loop waits for it (the outage is logged once, there). */
  async function untilDatabaseAnswers() {
    await databaseAnswers(deps.db);
    for (const owner of unreleased) {
      await queue.release(owner);
      unreleased.delete(owner);
    }
  }

  async function work() {
    while (running) {
      let claimed = 0;
      try {
        if (unreleased.size > 0) {
          await Promise.race([untilDatabaseAnswers(), halted]);
          if (!running) break;
        }
        for (const [planId, { at }] of rechecks) if (at <= now()) claimed += await runOnce(planId);
        claimed += await runOnce();
      } catch (error) {
        if (isDatabaseUnreachable(error)) {
          if (running) await Promise.race([untilDatabaseAnswers().catch(() => undefined), halted]);
          continue;
        }
        logger().error({ msg: "a batch of a change failed", error: (error as Error).message });
      }
      if (claimed === 0 && running)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, settings.idleMs).unref();
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    }
  }

  return {
    plans,
    review,
    pacer,
    marketplace,
    runOnce,
    lastRemainingToday: () => remainingToday,
    /** Applies one plan to its end (or its pause, or its wait) in this process: for tests and tools. */
    async apply(plan: Plan): Promise<void> {
      for (;;) {
        if ((await runOnce(plan.id)) > 0) continue;
        const current = await plans.find(plan.id);
        if (current?.status !== "applying" || current.waitingUntil !== null) return;
        const retry = await queue.soonestRetry(plan.id);
        if (retry === null) return;
        await sleep(Math.max(10, retry - now()));
      }
    },
    start() {
      if (running) return;
      running = true;
      draining = false;
      halted = new Promise<void>((resolve) => (halt = resolve));
      loop = work();
    },
    /** SIGTERM: the writes in flight finish and are recorded, the rest of the batch is released to other instances. */
    async stop() {
      running = false;
      draining = true;
      halt();
      wakeUp?.();
      await loop;
    },
    wake() {
      wakeUp?.();
    },
  };
}
