import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyChangeTables, testPlan } from "../../test/harness/change-tables";
import { eachEngine } from "../../test/harness/each-engine";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { storeSellerTokens } from "../../test/harness/seller-marketplace";
import {
  DROPDOWN_QUESTION as dropdown,
  TEXT_QUESTION as text,
  UPLOAD_QUESTION as upload,
} from "../../test/harness/wire-questions";
import {
  createSeller,
  DEMO_API_KEY,
  removeListing,
  sandboxControl,
  storedListing,
  type CreatedSeller,
} from "../../test/harness/sandbox";
import { DEMO_APP } from "../../sandbox/store/seed";
import type { LoggedRequest } from "../../test/harness/write-audit";
import { tokenStore } from "../tokens/token-store";
import { openDatabase, type Database } from "../db/database";
import type { MarketplaceConfig } from "../marketplace/config";
import { readListingQuestions } from "./listing-reads";
import { planOfChange } from "./plan";
import { createPlanRunner, type PlanRunner } from "./plan-runner";
import { planUndo } from "./planning";
import { diffLines } from "../personalization/question-diff";
import type { Change } from "./field-change";
import { REMOVED_LISTING } from "../writes/recorded-write";
import { historyStore } from "../history/history-store";

const sandbox = useSeededSandbox({ phase: "add-on-resend" });
const SCOPES = ["listings_r", "listings_w", "shops_r"];

const SETS = [
  [{ ...text, add_on_price: 2.5 }],
  [dropdown, { ...text, max_allowed_characters: 12 }],
  [upload, dropdown, { ...text, instructions: null, add_on_price: 1 }],
];

const withoutIds = (questions: Record<string, unknown>[]): Record<string, unknown>[] =>
  questions.map(({ question_id: _id, options, ...rest }) => ({
    ...rest,
    options: Array.isArray(options) ? options.map(({ label }: { label: string }) => ({ label })) : options,
  }));
const questionsOf = async (listingId: number) =>
  withoutIds((await storedListing(sandbox.url, listingId)).personalization.personalization_questions);
const storedQuestionsOf = async (listingId: number): Promise<Record<string, unknown>[]> =>
  (await storedListing(sandbox.url, listingId)).personalization.personalization_questions;

describe.each(eachEngine())("applying a change plan on %s", (_engine, location) => {
  let db: Database;
  let runner: PlanRunner;
  let seller: CreatedSeller;
  let token: string;
  let clockOffset: number;
  let runnerConfig: MarketplaceConfig;

  async function put(listingId: number, questions: unknown[]) {
    const response = await fetch(
      `${sandbox.url}/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization?supports_multiple_personalization_questions=true`,
      {
        method: "POST",
        headers: { "x-api-key": DEMO_API_KEY, authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ personalization_questions: questions }),
      },
    );
    if (response.status !== 201) throw new Error(`put answered ${response.status}: ${await response.text()}`);
  }

  async function reviewedPlan(change: Change) {
    const who = { userId: seller.user_id, shopId: seller.shop_id! };
    const read = await readListingQuestions(runner.marketplace, who, seller.listing_ids.slice(0, 3));
    if (!read.ok) throw new Error(JSON.stringify(read.failure));
    const items = planOfChange(read.data, change, "multi");
    return (await runner.plans.create(testPlan(who, items)))!;
  }

  async function apply(planId: string) {
    expect(await runner.plans.startApply(planId, seller.shop_id!)).toBe(true);
    await runner.apply((await runner.plans.find(planId))!);
    return runner.review.view((await runner.plans.find(planId))!);
  }

  beforeEach(async () => {
    db = await openDatabase(location());
    await emptyChangeTables(db);
    runnerConfig = {
      apiUrl: sandbox.url,
      authUrl: sandbox.url,
      keystring: DEMO_APP.keystring,
      sharedSecret: DEMO_APP.shared_secret,
      timeoutMs: 2000,
      maxRetryWaitMs: 2000,
    };
    seller = await createSeller(sandbox.url, { listings: 3 });
    token = (await storeSellerTokens(tokenStore(db), sandbox.url, seller.user_id, SCOPES)).access_token;
    for (const [index, set] of SETS.entries()) await put(seller.listing_ids[index]!, set);
    clockOffset = 0;
    runner = createPlanRunner(
      { db, config: runnerConfig, store: tokenStore(db) },
      { now: () => Date.now() + clockOffset, idleMs: 50, backoffMs: () => 50 },
    );
  });

  afterEach(async () => {
    await runner.stop();
    await db.close();
  });

  it("changes only the text question's instructions across three different question sets, ids and add-on prices kept", async () => {
    const before = await Promise.all(seller.listing_ids.slice(0, 3).map(storedQuestionsOf));
    expect(before[0]![0]).toMatchObject({ add_on_price: { amount: 250 } });
    const view = await apply(await reviewedPlan({ kind: "text-instructions", instructions: "Print clearly" }));
    expect(view.status).toBe("applied");
    expect(view.items.map((item) => item.outcome)).toEqual(["done", "done", "done"]);
    for (const [index, id] of seller.listing_ids.slice(0, 3).entries()) {
      const expected = before[index]!.map((question) =>
        question.question_type === "text_input" ? { ...question, instructions: "Print clearly" } : question,
      );
      expect(await storedQuestionsOf(id)).toEqual(expected);
    }
  });

  it("leaves a listing changed after the review as it is and shows both versions", async () => {
    const planId = await reviewedPlan({ kind: "text-limit", limit: 99 });
    const [, elsewhere] = seller.listing_ids;
    await put(elsewhere!, [{ ...text, instructions: "Changed on the marketplace" }]);
    const view = await apply(planId);
    const item = view.items.find((entry) => entry.listingId === elsewhere)!;
    expect(item.outcome).toBe("changed-elsewhere");
    expect(item.before.map((question) => question.type)).toEqual(["dropdown", "text_input"]);
    expect(item.current!.map((question) => question.instructions)).toEqual(["Changed on the marketplace"]);
    expect((await questionsOf(elsewhere!))[0]).toMatchObject({
      instructions: "Changed on the marketplace",
      max_allowed_characters: 40,
    });
    expect(view.items.filter((entry) => entry.outcome === "done")).toHaveLength(2);
  });

  it("leaves a listing the marketplace removed after the review as it is, without writing to it", async () => {
    const planId = await reviewedPlan({ kind: "text-instructions", instructions: "Print clearly" });
    const [, removed] = seller.listing_ids;
    // The marketplace has a removed state from 2026-09-21 (eu-guarantees) on; the next test's reset pins the phase back.
    await sandboxControl(sandbox.url, "/phase", { phase: "eu-guarantees" });
    await removeListing(sandbox.url, removed!);
    const since = ((await sandboxControl(sandbox.url, "/requests")).body.requests as { id: number }[]).at(-1)?.id ?? 0;
    const view = await apply(planId);
    expect(view.items.map((item) => item.outcome)).toEqual(["done", "changed-elsewhere", "done"]);
    expect(view.items[1]).toMatchObject({ outcomeReason: REMOVED_LISTING });
    const writes = ((await sandboxControl(sandbox.url, "/requests")).body.requests as LoggedRequest[]).filter(
      (entry) => entry.id > since && entry.method !== "GET" && entry.path.endsWith("/personalization"),
    );
    expect(writes).toHaveLength(2);
    expect(writes.some((entry) => entry.path.includes(`/listings/${removed}/`))).toBe(false);
  });

  it("applies only the rows the seller kept in the plan", async () => {
    const planId = await reviewedPlan({ kind: "text-required", required: true });
    expect(await runner.plans.include(planId, seller.shop_id!, [seller.listing_ids[0]!], false)).toBe(true);
    const view = await apply(planId);
    // The third listing's text question charges an add-on price, so it cannot be made required: skipped, never written.
    expect(view.items.map((item) => item.outcome)).toEqual(["left-out", "done", "left-out"]);
    expect(view.items[2]).toMatchObject({
      status: "skipped",
      reason: expect.stringMatching(/only optional questions/),
    });
    expect((await questionsOf(seller.listing_ids[0]!))[0]).toMatchObject({ required: false });
  });

  it("an undo puts back only the fields still as the change wrote them, and shows the ones changed since", async () => {
    const [first, second, third] = seller.listing_ids as [number, number, number];
    const original = await Promise.all([first, second, third].map(questionsOf));
    const applied = await apply(await reviewedPlan({ kind: "text-limit", limit: 60 }));
    expect(applied.items.map((item) => item.outcome)).toEqual(["done", "done", "done"]);
    // Since then: the second listing's limit was changed again, the third's instructions (a field the change left alone).
    await put(second, [dropdown, { ...text, max_allowed_characters: 80 }]);
    await put(third, [upload, dropdown, { ...text, instructions: "Changed since", max_allowed_characters: 60 }]);

    const who = { userId: seller.user_id, shopId: seller.shop_id! };
    const undo = await planUndo(who, (await runner.plans.find(applied.id))!, { runner, reads: runner.marketplace });
    if (!undo.ok) throw new Error(JSON.stringify(undo.failure));
    const review = await runner.review.view((await runner.plans.find(undo.data!))!);
    expect(review.items.map((item) => [item.status, diffLines(item.diff)])).toEqual([
      ["change", ["“Name” Character limit: 60 → 40"]],
      ["skipped", []],
      ["change", ["“Name” Character limit: 60 → 40"]],
    ]);
    expect(diffLines(review.items[1]!.kept!)).toEqual(["“Name” Character limit: 60 → 80"]);

    const done = await apply(undo.data!);
    expect(done.items.map((item) => item.outcome)).toEqual(["done", "left-out", "done"]);
    expect(await questionsOf(first)).toEqual(original[0]);
    expect((await questionsOf(second))[1]).toMatchObject({ max_allowed_characters: 80 });
    expect((await questionsOf(third))[2]).toMatchObject({ instructions: "Changed since", max_allowed_characters: 40 });
  });

  it("stops before the reserve of today's quota, says when it goes on, and goes on by itself then", async () => {
    const planId = await reviewedPlan({ kind: "text-limit", limit: 70 });
    const left = runner.lastRemainingToday()!;
    // Room for one read and two writes above the reserve: two listings change, the third waits.
    expect(await runner.plans.startApply(planId, seller.shop_id!, left - 3)).toBe(true);
    const started = Date.now();
    await runner.apply((await runner.plans.find(planId))!);
    const waiting = await runner.review.view((await runner.plans.find(planId))!);
    expect(waiting.status).toBe("applying");
    expect(waiting.items.map((item) => item.outcome)).toEqual(["done", "done", "pending"]);
    expect(waiting.statusReason).toBe(
      `Stopped to keep ${left - 3} of today's requests in reserve, with 1 change to go.`,
    );
    // The quota is a rolling 24 hours: the requests this plan made free their places a day after they were made.
    const day = 24 * 3600_000;
    expect(waiting.waitingUntil).toBeGreaterThan(started + day - 60_000);
    expect(waiting.waitingUntil).toBeLessThanOrEqual(started + day + 120_000);

    await sandboxControl(sandbox.url, "/clock", { advance_seconds: day / 1000 + 120 });
    clockOffset = day + 120_000;
    runner.start();
    await expect.poll(async () => (await runner.plans.find(planId))?.status, { timeout: 10_000 }).toBe("applied");
    const done = await runner.review.view((await runner.plans.find(planId))!);
    expect(done.items.map((item) => item.outcome)).toEqual(["done", "done", "done"]);
    expect(done.waitingUntil).toBeNull();
    expect((await questionsOf(seller.listing_ids[2]!))[2]).toMatchObject({ max_allowed_characters: 70 });
  });
  it("a waiting plan goes on once the marketplace's own day has moved on, asked once each recheck", async () => {
    const rechecking = createPlanRunner(
      { db, config: runnerConfig, store: tokenStore(db) },
      { now: () => Date.now() + clockOffset, recheckMs: 200, idleMs: 50 },
    );
    const planId = await reviewedPlan({ kind: "text-limit", limit: 71 });
    const left = rechecking.lastRemainingToday() ?? runner.lastRemainingToday()!;
    expect(await rechecking.plans.startApply(planId, seller.shop_id!, left - 3)).toBe(true);
    await rechecking.apply((await rechecking.plans.find(planId))!);
    expect((await rechecking.plans.find(planId))?.waitingUntil).not.toBeNull();

    // Only the sandbox's clock moves: the dashboard's own log still says a day, the marketplace's answer says now.
    await sandboxControl(sandbox.url, "/clock", { advance_seconds: 24 * 3600 + 120 });
    rechecking.start();
    await expect
      .poll(async () => (await rechecking.plans.find(planId))?.status, { timeout: 10_000 })
      .toBe("applied")
      .finally(() => rechecking.stop());
    expect((await rechecking.plans.find(planId))?.waitingUntil).toBeNull();
  });

  it("reports an apply's progress as the rows settled since the last read, not the whole plan", async () => {
    const planId = await reviewedPlan({ kind: "text-limit", limit: 72 });
    const plan = (await runner.plans.find(planId))!;
    expect((await runner.review.progress(plan, 0)).items).toEqual([]);
    await apply(planId);
    const applied = (await runner.plans.find(planId))!;
    const first = await runner.review.progress(applied, 0);
    expect(first.status).toBe("applied");
    expect(first.counts.outcomes).toEqual({ done: 3 });
    expect(first.items.map((item) => item.outcome)).toEqual(["done", "done", "done"]);
    expect((await runner.review.progress(applied, first.at + 1)).items).toEqual([]);
  });

  describe("each row is written once", () => {
    const lastRequest = async () =>
      ((await sandboxControl(sandbox.url, "/requests")).body.requests as { id: number }[]).at(-1)?.id ?? 0;
    const writesSince = async (since: number, listingId: number) =>
      ((await sandboxControl(sandbox.url, "/requests")).body.requests as LoggedRequest[]).filter(
        (entry) => entry.id > since && entry.method !== "GET" && entry.path.includes(`/listings/${listingId}/`),
      );

    it("two instances applying one plan at once, one listing's answer lost, write each listing once", async () => {
      const planId = await reviewedPlan({ kind: "text-instructions", instructions: "Print clearly" });
      const since = await lastRequest();
      const [, lost] = seller.listing_ids;
      await sandboxControl(sandbox.url, "/faults", {
        method: "POST",
        path: `/v3/application/shops/${seller.shop_id}/listings/${lost}/personalization`,
        status: 504,
        after_write: true,
      });
      expect(await runner.plans.startApply(planId, seller.shop_id!)).toBe(true);
      const other = createPlanRunner(
        { db, config: runnerConfig, store: tokenStore(db) },
        { now: () => Date.now(), idleMs: 50, backoffMs: () => 50 },
      );
      const plan = (await runner.plans.find(planId))!;
      await Promise.all([runner.apply(plan), other.apply(plan)]);
      await other.stop();
      const view = await runner.review.view((await runner.plans.find(planId))!);
      expect(view.items.map((item) => item.outcome)).toEqual(["done", "done", "done"]);
      for (const listingId of seller.listing_ids.slice(0, 3)) {
        expect(await writesSince(since, listingId)).toHaveLength(1);
        expect(
          (await questionsOf(listingId)).find((question) => question.question_type === "text_input"),
        ).toMatchObject({ instructions: "Print clearly" });
      }
    });

    it("a row whose listing a save is writing is not written over, and says the listing changed elsewhere", async () => {
      const planId = await reviewedPlan({ kind: "text-limit", limit: 99 });
      const [first] = seller.listing_ids;
      // A save in the editor (another instance) has claimed the first listing and is sending its questions.
      const held = await historyStore(db).record({
        listingId: first!,
        shopId: seller.shop_id!,
        userId: seller.user_id,
        action: "save",
        previous: { questions: [] },
        target: { questions: [] },
      });
      expect(held).toBeDefined();
      const since = await lastRequest();
      const view = await apply(planId);
      expect(view.items.map((item) => item.outcome)).toEqual(["changed-elsewhere", "done", "done"]);
      expect(await writesSince(since, first!)).toEqual([]);
      expect(await writesSince(since, seller.listing_ids[1]!)).toHaveLength(1);
    });
  });
});
