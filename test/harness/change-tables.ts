import type { Database } from "../../lib/db/database";

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
