import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyChangeTables } from "../../test/harness/change-tables";
import { eachEngine } from "../../test/harness/each-engine";
import { openDatabase, type Database } from "../db/database";
import { diffLines } from "../personalization/question-diff";
import { rewriteOldPlanRows } from "./old-plan-rows";
import { planRecords } from "./plan-records";
import { reviewReads } from "./review-reads";
import { workQueue } from "./work-queue";

const snake = (instructions: string, price: number | null) => ({
  question_id: 5,
  question_type: "text_input",
  question_text: "Name",
  instructions,
  required: false,
  max_allowed_characters: 20,
  max_allowed_files: null,
  options: null,
  add_on_price: price === null ? null : { amount: price, divisor: 100, currency_code: "USD" },
});

const app = (instructions: string, price: number) => ({
  id: 5,
  type: "text_input",
  title: "Name",
  instructions,
  required: false,
  maxAllowedCharacters: 20,
  addOnPrice: { amount: price, divisor: 100, currencyCode: "USD" },
});

describe.each(eachEngine())("change plans stored in old formats on %s", (_engine, location) => {
  let db: Database;

  beforeEach(async () => {
    db = await openDatabase(location());
    await emptyChangeTables(db);
    await db.execute("DELETE FROM row_rewrites");
  });
  afterEach(() => db.close());

  /** A plan as the releases before stored it: the marketplace's snake_case questions and flat diff rows. */
  async function storeOldPlan(planId: string) {
    await db.execute(
      `INSERT INTO change_plans (plan_id, user_id, shop_id, description, phase, status, rate, created_at)
       VALUES ($1, 7, 70, 'Set the price', 'multi', 'reviewing', '{"perSecond":1,"remainingToday":null}', 1000)`,
      [planId],
    );
    const row = `INSERT INTO change_plan_items (plan_id, listing_id, seq, title, state, status, before_state, after_state, diff, included, current_state, kept, updated_at)
       VALUES ($1, $2, $3, $4, 'active', $5, $6, $7, $8, 1, $9, $10, 1000)`;
    await db.execute(row, [
      planId,
      1,
      0,
      "Mug",
      "change",
      JSON.stringify([snake("Up to two names", 500)]),
      JSON.stringify([snake("Up to two names", 350)]),
      JSON.stringify([{ question: "Name", field: "add-on price", before: "$5.00", after: "$3.50" }]),
      JSON.stringify([snake("Three names", 500)]),
      JSON.stringify([{ question: "Name", field: "limit", before: "20", after: "30" }]),
    ]);
    await db.execute(row, [
      planId,
      2,
      1,
      "Cup",
      "skipped",
      JSON.stringify([snake("One name", 500)]),
      null,
      JSON.stringify([{ question: "Name", field: "add-on price", before: "$5.00", after: "" }]),
      null,
      null,
    ]);
  }

  it("are rewritten once as the runner starts, and read as the app's questions with their diff in the seller's words", async () => {
    await storeOldPlan("old");
    expect(await rewriteOldPlanRows(db)).toBe(2);

    const plan = (await planRecords(db).find("old", 70))!;
    const [mug, cup] = (await reviewReads(db).view(plan)).items;
    expect(mug!.before).toEqual([app("Up to two names", 500)]);
    expect(mug!.after).toEqual([app("Up to two names", 350)]);
    expect(mug!.current).toEqual([app("Three names", 500)]);
    expect(diffLines(mug!.diff)).toEqual(["“Name” Add-on price: $5.00 → $3.50"]);
    expect(diffLines(mug!.kept!)).toEqual(["“Name” limit: 20 → 30"]);
    expect(cup).toMatchObject({ before: [app("One name", 500)], after: null, diff: [], kept: null });
    // The runner reads them the same way when it writes them.
    expect(await planRecords(db).startApply("old", 70)).toBe(true);
    const [claimed] = await workQueue(db).claim("old", "me", 60_000, 10);
    expect(claimed!.after).toEqual([app("Up to two names", 350)]);

    // Once: a later start reads nothing again.
    await storeOldPlan("later");
    expect(await rewriteOldPlanRows(db)).toBe(0);
    const [later] = await db.query<{ before_state: string }>(
      "SELECT before_state FROM change_plan_items WHERE plan_id = 'later' AND listing_id = 1",
    );
    expect(JSON.parse(later!.before_state)).toEqual([snake("Up to two names", 500)]);
  });

  it("leaves the rows stored in today's format as they are", async () => {
    const planId = (await planRecords(db).create({
      userId: 7,
      shopId: 70,
      description: "Set the price",
      phase: "multi",
      rate: { perSecond: 1, remainingToday: null },
      items: [
        {
          listingId: 1,
          title: "Mug",
          state: "active",
          status: "change",
          reason: null,
          before: [app("Up to two names", 500)],
          after: [app("Up to two names", 350)],
          diff: [{ question: { title: "Name", type: "text_input" }, change: "changed", fields: [] }],
          lastModified: null,
          kept: [],
        },
      ],
    }))!;
    const stored = () => db.query("SELECT * FROM change_plan_items WHERE plan_id = $1", [planId]);
    const before = await stored();
    expect(await rewriteOldPlanRows(db)).toBe(0);
    expect(await stored()).toEqual(before);
  });
});
