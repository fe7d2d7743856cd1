import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyChangeTables, planItem, testPlan } from "../../test/harness/change-tables";
import { eachEngine } from "../../test/harness/each-engine";
import { openDatabase, type Database } from "../db/database";
import type { PlanItem } from "./plan";
import { planRecords, type PlanRecords } from "./plan-records";
import { workQueue } from "./work-queue";

describe.each(eachEngine())("the plans' records on %s", (_engine, location) => {
  let db: Database;
  let plans: PlanRecords;

  beforeEach(async () => {
    db = await openDatabase(location());
    await emptyChangeTables(db);
    plans = planRecords(db);
  });
  afterEach(() => db.close());

  const planOf = async (items: PlanItem[]) => {
    const planId = (await plans.create(testPlan({ userId: 1, shopId: 10 }, items)))!;
    return (await plans.find(planId))!;
  };

  it("stores no plan that holds nothing to write or to take", async () => {
    const nothing = await plans.create(
      testPlan({ userId: 1, shopId: 10 }, [planItem(1, "unchanged"), planItem(2, "skipped")]),
    );
    expect(nothing).toBeNull();
    expect(await plans.recent(10)).toEqual([]);
  });

  it("discards a plan under review: kept in history as discarded, and never applied since", async () => {
    const plan = await planOf([planItem(1, "change")]);
    expect(await plans.discard(plan.id, 11)).toBe(false);
    expect(await plans.discard(plan.id, 10)).toBe(true);
    expect(await plans.discard(plan.id, 10)).toBe(false);
    expect((await plans.find(plan.id))!.status).toBe("discarded");
    expect(await plans.recent(10)).toMatchObject([{ id: plan.id, status: "discarded" }]);
    expect(await plans.startApply(plan.id, 10)).toBe(false);
    expect(await plans.include(plan.id, 10, "all", false)).toBe(false);
    expect(await workQueue(db).claim(plan.id, "me", 60_000, 10)).toEqual([]);
  });

  it("discards no plan once its apply has started", async () => {
    const plan = await planOf([planItem(1, "change")]);
    expect(await plans.startApply(plan.id, 10)).toBe(true);
    expect(await plans.discard(plan.id, 10)).toBe(false);
    expect((await plans.find(plan.id))!.status).toBe("applying");
  });
});
