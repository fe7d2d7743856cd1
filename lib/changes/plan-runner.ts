import "server-only";
import { randomUUID } from "node:crypto";
import type { TokenStore } from "../auth/token-store";
import { sharedPacer, type SharedPacer } from "../bulk/pacer";
import type { Database } from "../db/database";
import { historyStore } from "../history/history-store";
import { CERTAINLY_UNCHANGED } from "../history/recorded-write";
import { storedListingWrites } from "../listings/write-counts";
import { createMarketplace, type Marketplace } from "../marketplace/client";
import type { MarketplaceConfig } from "../marketplace/config";
import { describeFailure, type MarketplaceFailure, type Result } from "../marketplace/failure";
import { logger } from "../observability/logger";
import type { Snapshot } from "../personalization/snapshot";
import { writeBodyOf, type Phase } from "./field-change";
import { changedSince, READ_BATCH } from "./plan";
import { planStore, type PendingItem, type Plan } from "./plan-store";
import { quotaLog } from "./quota-log";
import type { StoredQuestion } from "./stored-question";

const LEASE_MS = 30_000;
const CONCURRENCY = 4;
const READ_ATTEMPTS = 3;
// The log holds only the runners' own requests and the marketplace counts the rolling day on its own clock, so a
// waiting plan asks it: first after 15 s, then twice as long up to an hour (some 30 requests a day).
const RECHECK_MS = 15_000;
const RECHECK_MAX_MS = 3_600_000;

export const CHANGED_ELSEWHERE =
  "Someone changed this listing after you reviewed the plan, so it was left as they made it. Plan the change again to include it.";
const NOT_IN_SHOP = "This listing is no longer in your shop, so it was left out.";

export const snapshotOfStored = (questions: readonly StoredQuestion[]): Snapshot => ({
  questions: questions.map((question) => ({
    type: question.question_type,
    title: question.question_text,
    instructions: question.instructions ?? "",
    required: question.required,
    maxAllowedCharacters: question.max_allowed_characters,
    ...(question.max_allowed_files !== null && { maxAllowedFiles: question.max_allowed_files }),
    ...(question.options !== null && { options: question.options.map((option) => option.label) }),
  })),
});

const refusesIds = (failure: MarketplaceFailure) =>
  failure.kind === "invalid" && /unknown field.*\b(question_id|option_id)\b/.test(failure.message);

// A marketplace that does not know ids on writes yet is sent the same questions without them.
async function writeQuestions(
  marketplace: Marketplace,
  plan: Plan,
  listingId: number,
  after: StoredQuestion[],
): Promise<Result<unknown>> {
  if (after.length === 0) return marketplace.deleteListingPersonalization(plan.userId, plan.shopId, listingId);
  const send = (withIds: boolean) =>
    marketplace.updateListingPersonalization(
      plan.userId,
      plan.shopId,
      listingId,
      // The client's body type names the editors' fields; a plan re-sends every field the marketplace returned.
      writeBodyOf(after, plan.phase as Phase, withIds) as unknown as Parameters<
        Marketplace["updateListingPersonalization"]
      >[3],
      { multipleQuestions: plan.phase === "multi" },
    );
  const first = await send(true);
  return !first.ok && refusesIds(first.failure) ? send(false) : first;
}

export type PlanRunner = ReturnType<typeof createPlanRunner>;

export function createPlanRunner(
  deps: { db: Database; config: MarketplaceConfig; store: TokenStore },
  options: { now?: () => number; recheckMs?: number } = {},
) {
  const now = options.now ?? Date.now;
  const recheckMs = options.recheckMs ?? RECHECK_MS;
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
  const marketplace = createMarketplace({ ...deps.config, pacer }, deps.store, storedListingWrites(deps.db));
  const plans = planStore(deps.db);
  const history = historyStore(deps.db);
  const running = new Map<string, Promise<void>>();

  async function writeItem(plan: Plan, item: PendingItem, owner: string) {
    const entry = await history.record({
      listingId: item.listingId,
      shopId: plan.shopId,
      userId: plan.userId,
      action: plan.undoOf ? "bulk-undo" : "bulk-apply",
      jobId: plan.id,
      previous: snapshotOfStored(item.before),
      target: snapshotOfStored(item.after),
    });
    const result = await writeQuestions(marketplace, plan, item.listingId, item.after);
    if (result.ok) {
      await history.settle(entry, "done");
      return plans.settle(plan.id, item.listingId, owner, { outcome: "done" });
    }
    if (CERTAINLY_UNCHANGED.has(result.failure.kind)) await history.forget(entry);
    else await history.settle(entry, "unknown");
    const reason =
      result.failure.kind === "invalid"
        ? `The marketplace refused it: ${result.failure.message}`
        : describeFailure(result.failure, "save");
    await plans.settle(plan.id, item.listingId, owner, { outcome: "failed", reason });
  }

  async function readBatch(plan: Plan, items: PendingItem[]) {
    let read: Awaited<ReturnType<Marketplace["getListingQuestions"]>> | undefined;
    for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt++) {
      read = await marketplace.getListingQuestions(
        plan.userId,
        items.map((item) => item.listingId),
      );
      if (read.ok || CERTAINLY_UNCHANGED.has(read.failure.kind)) break;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
    return read!;
  }

  async function runBatch(plan: Plan, owner: string, limit: number): Promise<number> {
    const items = await plans.claim(plan.id, owner, LEASE_MS, limit);
    if (items.length === 0) return 0;
    const read = await readBatch(plan, items);
    if (!read.ok) {
      for (const item of items)
        await plans.settle(plan.id, item.listingId, owner, {
          outcome: "failed",
          reason: describeFailure(read.failure, "load"),
        });
      return items.length;
    }
    const now = new Map(read.data.map((listing) => [listing.listingId, listing]));
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const listing = now.get(item.listingId);
        if (!listing || listing.shopId !== plan.shopId)
          await plans.settle(plan.id, item.listingId, owner, { outcome: "failed", reason: NOT_IN_SHOP });
        else if (changedSince(item, listing))
          await plans.settle(plan.id, item.listingId, owner, {
            outcome: "changed-elsewhere",
            reason: CHANGED_ELSEWHERE,
            current: listing.questions,
          });
        else await writeItem(plan, item, owner);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return items.length;
  }

  // Each listing costs a write and the batch one read; 1 while the quota left is unknown, so the first answer tells.
  function batchLimit(plan: Plan): number {
    if (plan.reserve === null) return READ_BATCH;
    if (remainingToday === null) return 1;
    return Math.min(READ_BATCH, remainingToday - plan.reserve - 1);
  }

  const timers = new Map<string, NodeJS.Timeout>();
  const waits = new Map<string, number>();
  function goOnAt(plan: Plan, at: number, apply: (plan: Plan) => Promise<void>) {
    clearTimeout(timers.get(plan.id));
    // Unreferenced: a waiting plan never keeps a process alive; a restart schedules it again (resume).
    timers.set(plan.id, setTimeout(() => void apply(plan), Math.max(0, at - now())).unref());
  }

  async function run(plan: Plan, apply: (plan: Plan) => Promise<void>) {
    const owner = `${process.pid}/${randomUUID()}`;
    try {
      for (;;) {
        const limit = batchLimit(plan);
        if (limit < 1) {
          const pending = (await plans.counts(plan.id)).outcomes.pending ?? 0;
          const at = await quota.freedBy(plan.reserve! + Math.min(READ_BATCH, pending) + 1 - remainingToday!, now());
          await plans.wait(
            plan.id,
            at,
            `Stopped to keep ${plan.reserve} of today's requests in reserve, with ${pending} ${pending === 1 ? "change" : "changes"} to go.`,
          );
          const rechecks = waits.get(plan.id) ?? 0;
          waits.set(plan.id, rechecks + 1);
          goOnAt(plan, Math.min(at, now() + Math.min(RECHECK_MAX_MS, recheckMs * 2 ** rechecks)), apply);
          break;
        }
        waits.delete(plan.id);
        if ((await runBatch(plan, owner, limit)) === 0) break;
      }
    } catch (error) {
      logger().error({ msg: "applying a change plan failed", planId: plan.id, error: (error as Error).message });
    } finally {
      await plans.release(owner);
    }
    await plans.finishIfComplete(plan.id);
  }

  return {
    plans,
    pacer,
    marketplace,
    lastRemainingToday: () => remainingToday,
    apply(plan: Plan): Promise<void> {
      const current = running.get(plan.id);
      if (current) return current;
      const work = (async () => {
        if (plan.waitingUntil !== null) {
          // Back from a wait: the quota left is read afresh (one read), rather than taken from before it.
          remainingToday = null;
          await marketplace.getShop(plan.userId, plan.shopId);
          if (batchLimit(plan) >= 1) await plans.goOn(plan.id);
        }
        await run({ ...plan, waitingUntil: null }, (next) =>
          this.apply({ ...next, waitingUntil: next.waitingUntil ?? now() }),
        );
      })().finally(() => running.delete(plan.id));
      running.set(plan.id, work);
      return work;
    },
    async resume() {
      for (const plan of await plans.applying())
        if (plan.waitingUntil !== null && plan.waitingUntil > now())
          goOnAt(plan, plan.waitingUntil, (next) => this.apply(next));
        else void this.apply(plan);
    },
  };
}
