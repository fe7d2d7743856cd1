import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyChangeTables, planItem, testPlan } from "../../test/harness/change-tables";
import { eachEngine } from "../../test/harness/each-engine";
import { openDatabase, type Database } from "../db/database";
import type { Question } from "../marketplace/wire";
import { questionDiff, type QuestionChange } from "../personalization/question-diff";
import { planRecords, type NewPlan, type PlanRecords } from "./plan-records";
import { reviewReads, type ReviewReads } from "./review-reads";
import { workQueue } from "./work-queue";

describe.each(eachEngine())("the review's pages of rows on %s", (_engine, location) => {
  let db: Database;
  let plans: PlanRecords;
  let review: ReviewReads;

  beforeEach(async () => {
    db = await openDatabase(location());
    await emptyChangeTables(db);
    plans = planRecords(db);
    review = reviewReads(db);
  });
  afterEach(() => db.close());

  const planOf = async (items: NewPlan["items"]) => {
    const planId = (await plans.create(testPlan({ userId: 1, shopId: 10 }, items)))!;
    return (await plans.find(planId))!;
  };

  it("serves 50 rows of a filter at a time, in the plan's order, with every filter's count", async () => {
    // 120 listings: 100 change (the last also kept a field changed since, as an undo does) and every sixth is skipped.
    const items = Array.from({ length: 120 }, (_, index) =>
      planItem(1000 + index, index % 6 === 5 ? "skipped" : "change"),
    );
    const kept: QuestionChange[] = [
      {
        question: { title: "Name", type: "text_input" },
        change: "changed",
        fields: [{ field: "Instructions", before: "“a”", after: "“b”" }],
      },
    ];
    const plan = await planOf(items.map((entry, index) => (index === 0 ? { ...entry, kept } : entry)));

    const first = await review.page(plan, { filter: "all", offset: 0 });
    expect(first.page).toEqual({
      filter: "all",
      offset: 0,
      counts: { all: 120, changes: 100, failed: 0, skipped: 20, conflicts: 1 },
    });
    expect(first.items.map((row) => row.listingId)).toEqual(items.slice(0, 50).map((row) => row.listingId));
    expect(first.counts).toMatchObject({ total: 120, change: 100, skipped: 20 });

    const last = await review.page(plan, { filter: "all", offset: 100 });
    expect(last.items.map((row) => row.listingId)).toEqual(items.slice(100).map((row) => row.listingId));

    const skipped = await review.page(plan, { filter: "skipped", offset: 0 });
    expect(skipped.items).toHaveLength(20);
    expect(skipped.items.every((row) => row.status === "skipped" && row.reason === "It is a draft.")).toBe(true);

    const secondOfChanges = await review.page(plan, { filter: "changes", offset: 50 });
    expect(secondOfChanges.items.map((row) => row.listingId)).toEqual(
      items
        .filter((row) => row.status === "change")
        .slice(50)
        .map((row) => row.listingId),
    );
    expect((await review.page(plan, { filter: "conflicts", offset: 0 })).items.map((row) => row.kept)).toEqual([kept]);
    expect((await review.page(plan, { filter: "changes", offset: 100 })).items).toEqual([]);
    expect(first.losses).toBeNull();
  });

  it("leads every page with what the whole plan's listings lose, rows beyond the page included", async () => {
    const priced: Question = {
      id: 7,
      type: "text_input",
      title: "Name",
      instructions: "",
      required: false,
      maxAllowedCharacters: 20,
      addOnPrice: { amount: 500, divisor: 100, currencyCode: "USD" },
    };
    const items = Array.from({ length: 60 }, (_, index) => planItem(2000 + index, "change"));
    // Only the 60th listing, beyond the first page, loses a question.
    items[59] = { ...items[59]!, before: [priced], after: [], diff: questionDiff([priced], []) };
    const first = await review.page(await planOf(items), { filter: "all", offset: 0 });
    expect(first.items.map((row) => row.listingId)).not.toContain(2059);
    expect(first.losses).toBe("1 listing already asks something; this change removes it, one with a $5.00 price.");
  });

  it("opens the review on the listings that change, and on every row when none does", async () => {
    const mixed = await planOf([planItem(1, "unchanged"), planItem(2, "change"), planItem(3, "unchanged")]);
    const opened = await review.opening(mixed);
    expect(opened.page).toMatchObject({ filter: "changes", counts: { all: 3, changes: 1 } });
    expect(opened.items.map((row) => row.listingId)).toEqual([2]);
    const takeOnly = await planOf([planItem(4, "changed-since"), planItem(5, "unchanged")]);
    expect((await review.opening(takeOnly)).items.map((row) => row.listingId)).toEqual([4]);
    const nothingWritten = await planOf([planItem(6, "change"), planItem(7, "unchanged")]);
    await plans.include(nothingWritten.id, 10, "all", false);
    expect((await review.opening(nothingWritten)).page.filter).toBe("changes");
  });

  it("counts a listing the apply could not change as failed, apart from the skipped ones", async () => {
    const plan = await planOf([planItem(1, "change"), planItem(2, "change"), planItem(3, "skipped")]);
    expect(await plans.startApply(plan.id, 10)).toBe(true);
    const claimed = await workQueue(db).claim(plan.id, "me", 60_000, 10);
    expect(claimed).toHaveLength(2);
    await workQueue(db).settle(plan.id, 1, "me", { outcome: "done" });
    await workQueue(db).settle(plan.id, 2, "me", { outcome: "failed", reason: "The marketplace kept failing." });
    const page = await review.page(plan, { filter: "failed", offset: 0 });
    expect(page.page.counts).toMatchObject({ failed: 1, skipped: 1 });
    expect(page.items.map((row) => row.listingId)).toEqual([2]);
  });

  it("lists a filter's listings with their state, for the listings page to select", async () => {
    const plan = await planOf([
      planItem(1, "change"),
      planItem(2, "skipped"),
      { ...planItem(3, "change"), state: "draft" },
    ]);
    expect(await review.listingsOf(plan.id, "changes", 100)).toEqual([
      { listingId: 1, state: "active" },
      { listingId: 3, state: "draft" },
    ]);
    expect(await review.listingsOf(plan.id, "changes", 1)).toEqual([{ listingId: 1, state: "active" }]);
  });
});
