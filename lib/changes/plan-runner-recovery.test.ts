import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyChangeTables } from "../../test/harness/change-tables";
import { eachEngine } from "../../test/harness/each-engine";
import { engraving } from "../../test/harness/wire-questions";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";
import { createSeller, sandboxControl, storedListing, type CreatedSeller } from "../../test/harness/sandbox";
import { DEMO_APP } from "../../sandbox/store/seed";
import { tokenStore } from "../tokens/token-store";
import { openDatabase, type Database } from "../db/database";
import { historyStore } from "../history/history-store";
import { mirrorStore } from "../mirror/mirror-store";
import type { MarketplaceConfig } from "../marketplace/config";
import { readListingQuestions } from "./listing-reads";
import { planOfTargets } from "./plan";
import { CHANGED_ELSEWHERE, createPlanRunner, type PlanRunner, type RunnerOptions } from "./plan-runner";

const sandbox = useSeededSandbox({ phase: "add-on-resend" });
const SCOPES = ["listings_r", "listings_w", "shops_r"];
const FAST: Partial<RunnerOptions> = { idleMs: 20, backoffMs: () => 20 };

const question = engraving;

type Logged = { method: string; path: string; status: number };
const log = async (): Promise<Logged[]> => (await sandboxControl(sandbox.url, "/requests")).body.requests;
const writesTo = async (listingId: number) =>
  (await log()).filter(
    (entry) => entry.method !== "GET" && entry.path.endsWith(`/listings/${listingId}/personalization`),
  );
/** The writes the sandbox carried out (a 429 or an injected fault before the write is none). */
const writtenTo = async (listingId: number) => (await writesTo(listingId)).filter((entry) => entry.status < 300);
const fault = (body: Record<string, unknown>) => sandboxControl(sandbox.url, "/faults", body);
const instructionsOf = async (listingId: number) =>
  (await storedListing(sandbox.url, listingId)).personalization.personalization_questions.map(
    (stored: { instructions: string | null }) => stored.instructions,
  );

describe.each(eachEngine())("the change runner recovering on %s", (_engine, location) => {
  let db: Database;
  let runners: PlanRunner[];
  let config: MarketplaceConfig;
  let seller: CreatedSeller;

  const who = () => ({ userId: seller.user_id, shopId: seller.shop_id! });

  function runner(options: Partial<RunnerOptions> = {}, marketplace: Partial<MarketplaceConfig> = {}) {
    const created = createPlanRunner(
      { db, config: { ...config, ...marketplace }, store: tokenStore(db) },
      { ...FAST, ...options },
    );
    runners.push(created);
    return created;
  }

  /** A change reviewed and started: every listing of `ids` gets one text question with `instructions`. */
  async function applying(using: PlanRunner, ids: number[], instructions: string, as = who()) {
    const read = await readListingQuestions(using.marketplace, as, ids);
    if (!read.ok) throw new Error(JSON.stringify(read.failure));
    const targets = new Map(ids.map((id) => [id, { after: [question(instructions)] }]));
    const planId = (await using.plans.create({
      ...as,
      description: instructions,
      phase: "multi",
      rate: { perSecond: 10, remainingToday: null },
      items: planOfTargets(read.data, targets, "multi"),
    }))!;
    expect(await using.plans.startApply(planId, as.shopId)).toBe(true);
    return planId;
  }

  async function finished(using: PlanRunner, planId: string, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const plan = await using.plans.find(planId);
      if (plan?.status === "applied") return (await using.review.counts(planId)).outcomes;
      if (Date.now() > deadline)
        throw new Error(`plan ${planId} still ${plan?.status}: ${JSON.stringify(await using.review.counts(planId))}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  beforeEach(async () => {
    db = await openDatabase(location());
    await emptyChangeTables(db);
    runners = [];
    // Long enough that a busy machine does not turn a write into a time-out (and its allowed second write).
    config = sandboxMarketplaceConfig(sandbox.url, { timeoutMs: 10_000 });
    seller = await createSeller(sandbox.url, { listings: 40 });
    await storeSellerTokens(tokenStore(db), sandbox.url, seller.user_id, SCOPES);
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
  });

  afterEach(async () => {
    await Promise.all(runners.map((each) => each.stop()));
    await sandboxControl(sandbox.url, "/faults", undefined, "DELETE");
    await db.close();
  });

  it("each row written lands in the shop's mirror and the history as the editor's save does, without a re-read", async () => {
    const ids = seller.listing_ids.slice(0, 3);
    const using = runner();
    const read = await using.marketplace.getListingsByListingIds(seller.user_id, ids);
    if (!read.ok) throw new Error(JSON.stringify(read.failure));
    for (const listing of read.data) await mirrorStore(db).put(listing);
    const planId = await applying(using, ids, "Mirrored at once");
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
    await using.apply((await using.plans.find(planId))!);
    expect((await using.review.counts(planId)).outcomes).toEqual({ done: 3 });
    for (const id of ids) {
      const mirrored = await mirrorStore(db).listing(id);
      expect(mirrored?.listing.questions.map((held) => held.instructions)).toEqual(["Mirrored at once"]);
      const [entry] = await historyStore(db).list(seller.shop_id!, id);
      expect(entry).toMatchObject({ planId: planId, outcome: "done", action: "plan-apply" });
      expect(entry?.target?.questions.map((held) => held.instructions)).toEqual(["Mirrored at once"]);
    }
    // One batch read and one write a listing: nothing read again after the writes.
    expect((await log()).map((entry) => `${entry.method} ${entry.path.replace(/\d+/g, "N")}`).sort()).toEqual([
      "GET /vN/application/listings/batch",
      ...ids.map(() => "POST /vN/application/shops/N/listings/N/personalization"),
    ]);
  });

  it("two instances on one database never write the same listing twice", async () => {
    const ids = seller.listing_ids.slice(0, 40);
    const one = runner({ concurrency: 2 });
    const two = runner({ concurrency: 2 });
    const planId = await applying(one, ids, "Name to engrave");
    one.start();
    two.start();
    expect(await finished(one, planId)).toEqual({ done: 40 });
    for (const id of ids) expect(await writtenTo(id)).toHaveLength(1);
  });

  it("retries a listing the marketplace keeps failing with back-off, then reports it with its reason", async () => {
    const ids = seller.listing_ids.slice(0, 4);
    const broken = ids[2]!;
    await fault({
      method: "POST",
      path: `/v3/application/shops/${seller.shop_id}/listings/${broken}/personalization`,
      status: 500,
      times: 100,
    });
    const using = runner({ maxAttempts: 2 });
    const planId = await applying(using, ids, "Name to engrave");
    using.start();
    expect(await finished(using, planId)).toEqual({ done: 3, failed: 1 });
    const view = await using.review.view((await using.plans.find(planId))!);
    expect(view.items.find((item) => item.listingId === broken)?.outcomeReason).toBe(
      "The marketplace did not answer (error 500, tried 2 times). Change this listing again in a few minutes.",
    );
    expect((await writesTo(broken)).map((entry) => entry.status)).toEqual([500, 500]);
    expect(await historyStore(db).list(seller.shop_id!, broken)).toEqual([]);
  });

  it("goes on after a 503 and a 429: each listing written once it succeeds", async () => {
    const [first, second] = seller.listing_ids as [number, number];
    const path = (id: number) => `/v3/application/shops/${seller.shop_id}/listings/${id}/personalization`;
    await fault({ method: "POST", path: path(first), status: 503, times: 1 });
    await fault({ method: "POST", path: path(second), status: 429, retry_after: 1, times: 1 });
    const using = runner({}, { maxRetryWaitMs: 0 });
    const planId = await applying(using, [first, second], "Name to engrave");
    using.start();
    expect(await finished(using, planId)).toEqual({ done: 2 });
    expect((await writesTo(first)).map((entry) => entry.status)).toEqual([503, 201]);
    expect((await writesTo(second)).map((entry) => entry.status)).toEqual([429, 201]);
    for (const id of [first, second]) expect(await instructionsOf(id)).toEqual(["Name to engrave"]);
  });

  it("a write whose answer never came is read back: counted done, in the history, and not written again", async () => {
    const [listing] = seller.listing_ids as [number];
    await fault({
      method: "POST",
      path: `/v3/application/shops/${seller.shop_id}/listings/${listing}/personalization`,
      delay_ms: 700,
      times: 1,
    });
    const using = runner({}, { timeoutMs: 300 });
    const planId = await applying(using, [listing], "Lost answer");
    using.start();
    expect(await finished(using, planId)).toEqual({ done: 1 });
    expect(await writesTo(listing)).toHaveLength(1);
    expect(await instructionsOf(listing)).toEqual(["Lost answer"]);
    const [entry] = await historyStore(db).list(seller.shop_id!, listing);
    expect(entry).toMatchObject({ planId: planId, outcome: "done" });
  });

  it("pauses when the seller's grant is gone, and goes on by itself once the seller has signed in again", async () => {
    const ids = seller.listing_ids.slice(0, 3);
    const using = runner();
    const planId = await applying(using, ids, "Name to engrave");
    await sandboxControl(sandbox.url, "/revoke", { user_id: seller.user_id });
    await using.runOnce();
    expect(await using.plans.find(planId)).toMatchObject({
      status: "paused",
      statusReason:
        "Your marketplace sign-in has expired, so this change is paused. Sign in again and it goes on by itself.",
    });
    expect((await using.review.counts(planId)).outcomes).toEqual({ pending: 3 });
    using.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await using.plans.find(planId))?.status).toBe("paused");

    await storeSellerTokens(tokenStore(db), sandbox.url, seller.user_id, SCOPES);
    expect(await finished(using, planId)).toEqual({ done: 3 });
  });

  it("two changes over the same listings applied at once: each listing takes one, the other shows both versions", async () => {
    const ids = seller.listing_ids.slice(0, 10);
    const one = runner();
    const two = runner();
    const first = await applying(one, ids, "First change");
    const second = await applying(two, ids, "Second change");
    await Promise.all([one.apply((await one.plans.find(first))!), two.apply((await two.plans.find(second))!)]);
    const [a, b] = await Promise.all([first, second].map(async (id) => one.review.view((await one.plans.find(id))!)));
    for (const id of ids) {
      const rows = [a!, b!].map((view) => view.items.find((item) => item.listingId === id)!);
      expect(rows.map((row) => row.outcome).sort()).toEqual(["changed-elsewhere", "done"]);
      const won = rows.find((row) => row.outcome === "done")!;
      const lost = rows.find((row) => row.outcome === "changed-elsewhere")!;
      expect(lost.outcomeReason).toBe(CHANGED_ELSEWHERE);
      expect(lost.current?.map((held) => held.instructions)).toEqual(won.after?.map((held) => held.instructions));
      expect(await instructionsOf(id)).toEqual(won.after!.map((held) => held.instructions));
      expect(await writtenTo(id)).toHaveLength(1);
    }
  });

  it("never writes a listing of another shop slipped into a change", async () => {
    const other = await createSeller(sandbox.url, { listings: 1 });
    const theirs = other.listing_ids[0]!;
    const using = runner();
    const planId = await applying(using, [seller.listing_ids[0]!], "Mine");
    await db.execute(
      `INSERT INTO change_plan_items (plan_id, listing_id, seq, title, state, status, before_state, after_state, diff, outcome, updated_at)
       VALUES ($1, $2, 9, 'Theirs', 'active', 'change', '[]', $3, '[]', 'pending', 0)`,
      [planId, theirs, JSON.stringify([question("Not yours")])],
    );
    using.start();
    expect(await finished(using, planId)).toEqual({ done: 1, failed: 1 });
    expect(await writesTo(theirs)).toEqual([]);
  });

  it("stopping lets the writes in flight finish and be recorded, and another instance goes on with the rest", async () => {
    const ids = seller.listing_ids.slice(0, 12);
    for (const id of ids)
      await fault({
        method: "POST",
        path: `/v3/application/shops/${seller.shop_id}/listings/${id}/personalization`,
        delay_ms: 300,
        times: 1,
      });
    const one = runner({ concurrency: 2 });
    const planId = await applying(one, ids, "Drained");
    one.start();
    // A write is in flight once its history entry is kept (before it is sent) and the sandbox has not answered it.
    await expect
      .poll(async () => {
        const [row] = await db.query<{ n: number }>(
          "SELECT COUNT(*) AS n FROM personalization_history WHERE job_id = $1 AND outcome = 'pending'",
          [planId],
        );
        return Number(row!.n);
      })
      .toBeGreaterThan(0);
    await one.stop();
    const [leased] = await db.query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM change_plan_items WHERE plan_id = $1 AND lease_owner IS NOT NULL",
      [planId],
    );
    expect(Number(leased!.n)).toBe(0);
    const outcomes = (await one.review.counts(planId)).outcomes;
    expect((outcomes.done ?? 0) + (outcomes.pending ?? 0)).toBe(12);
    expect(outcomes.done ?? 0).toBeGreaterThan(0);
    const history = historyStore(db);
    for (const id of ids) {
      const entries = await history.list(seller.shop_id!, id);
      expect(entries.every((entry) => entry.outcome === "done")).toBe(true);
    }

    const two = runner();
    two.start();
    expect(await finished(two, planId)).toEqual({ done: 12 });
    for (const id of ids) expect(await writtenTo(id)).toHaveLength(1);
  });

  it("takes turns by seller: a second seller's change starts before the first seller's long one ends", async () => {
    const other = await createSeller(sandbox.url, { listings: 5 });
    await storeSellerTokens(tokenStore(db), sandbox.url, other.user_id, SCOPES);
    // At 20 requests a second a turn is one second's work: 20 listings.
    const limit = (per_second: number) =>
      sandboxControl(sandbox.url, "/rate-limits", { keystring: DEMO_APP.keystring, per_second, per_day: 1_000_000 });
    await limit(20);
    try {
      const using = runner({ concurrency: 1, batchSeconds: 1 });
      const long = await applying(using, seller.listing_ids.slice(0, 40), "Long");
      const short = await applying(using, other.listing_ids, "Short", {
        userId: other.user_id,
        shopId: other.shop_id!,
      });
      using.start();
      expect(await finished(using, short)).toEqual({ done: 5 });
      expect((await using.review.counts(long)).outcomes.pending ?? 0).toBeGreaterThan(0);
      expect(await finished(using, long)).toEqual({ done: 40 });
    } finally {
      await limit(1000);
    }
  });
});
