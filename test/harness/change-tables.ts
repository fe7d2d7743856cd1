import type { Database } from "../../lib/db/database";
import type { PlanItem } from "../../lib/changes/plan";
import type { NewPlan } from "../../lib/changes/plan-records";

/** A clean slate for the change runner's tests: no change, lease, pacer state, history, mirror or tokens left over. */
export async function emptyChangeTables(db: Database) {
  for (const table of [
    "change_plan_items",
    "change_plans",
    "rate_pacer",
    "listing_write_leases",
    "mirror_listings",
    "personalization_history",
    "seller_tokens",
  ])
    await db.execute(`DELETE FROM ${table}`);
}

/** A plan's row of the given status, with nothing asked before or after. */
export const planItem = (listingId: number, status: PlanItem["status"]): PlanItem => ({
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

/** The plan the tests store for `who`: in the multi-question period, paced at ten writes a second with no daily cap. */
export const testPlan = (who: { userId: number; shopId: number }, items: NewPlan["items"]): NewPlan => ({
  ...who,
  description: "test",
  phase: "multi",
  rate: { perSecond: 10, remainingToday: null },
  items,
});
