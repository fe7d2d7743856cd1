import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyChangeTables } from "../../test/harness/change-tables";
import { eachEngine } from "../../test/harness/each-engine";
import { openDatabase, type Database } from "../db/database";
import type { Question } from "../marketplace/wire";
import { questionDiff, type QuestionChange } from "../personalization/question-diff";
import type { PlanItem } from "./plan";
import { planStore, type PlanStore } from "./plan-store";

const item = (listingId: number, status: PlanItem["status"]): PlanItem => ({
  listingId,
  title: `Listing ${listingId}`,
  state: "active",
  status,
  reason: status === "skipped" ? "It is a draft." : null,
  before: [],
  after: status === "change" ? [] : null,
  diff: [],
  lastModified: null,
});

describe.each(eachEngine())("the review's pages of rows on %s", (_engine, location) => {
  let db: Database;
  let plans: PlanStore;

  beforeEach(async () => {
    db = await openDatabase(location());
    await emptyChangeTables(db);
    plans = planStore(db);
  });
  afterEach(() => db.close());

  const planOf = async (items: Parameters<PlanStore["create"]>[0]["items"]) => {
    const planId = await plans.create({
      userId: 1,
      shopId: 10,
      description: "test",
      phase: "multi",
      rate: { perSecond: 10, remainingToday: null },
      items,
    });
    return (await plans.find(planId))!;
  };

  it("serves 50 rows of a filter at a time, in the plan's order, with every filter's count", async () => {
    // 120 listings: 100 change (the last also kept a field changed since, as an undo does) and every sixth is skipped.
    const items = Array.from({ length: 120 }, (_, index) => item(1000 + index, index % 6 === 5 ? "skipped" : "change"));
    const kept: QuestionChange[] = [
      {
        question: { title: "Name", type: "text_input" },
        change: "changed",
        fields: [{ field: "Instructions", before: "“a”", after: "“b”" }],
      },
    ];
    const plan = await planOf(items.map((entry, index) => (index === 0 ? { ...entry, kept } : entry)));

    const first = await plans.page(plan, { filter: "all", offset: 0 });
    expect(first.page).toEqual({
      filter: "all",
      offset: 0,
      counts: { all: 120, changes: 100, skipped: 20, conflicts: 1 },
    });
    expect(first.items.map((row) => row.listingId)).toEqual(items.slice(0, 50).map((row) => row.listingId));
    expect(first.counts).toMatchObject({ total: 120, change: 100, skipped: 20 });

    const last = await plans.page(plan, { filter: "all", offset: 100 });
    expect(last.items.map((row) => row.listingId)).toEqual(items.slice(100).map((row) => row.listingId));

    const skipped = await plans.page(plan, { filter: "skipped", offset: 0 });
    expect(skipped.items).toHaveLength(20);
    expect(skipped.items.every((row) => row.status === "skipped" && row.reason === "It is a draft.")).toBe(true);

    const secondOfChanges = await plans.page(plan, { filter: "changes", offset: 50 });
    expect(secondOfChanges.items.map((row) => row.listingId)).toEqual(
      items
        .filter((row) => row.status === "change")
        .slice(50)
        .map((row) => row.listingId),
    );
    expect((await plans.page(plan, { filter: "conflicts", offset: 0 })).items.map((row) => row.kept)).toEqual([kept]);
    expect((await plans.page(plan, { filter: "changes", offset: 100 })).items).toEqual([]);
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
    const items = Array.from({ length: 60 }, (_, index) => item(2000 + index, "change"));
    // Only the 60th listing, beyond the first page, loses a question.
    items[59] = { ...items[59]!, before: [priced], after: [], diff: questionDiff([priced], []) };
    const first = await plans.page(await planOf(items), { filter: "all", offset: 0 });
    expect(first.items.map((row) => row.listingId)).not.toContain(2059);
    expect(first.losses).toBe("1 listing already asks something; this change removes it, one with a $5.00 price.");
  });
});
