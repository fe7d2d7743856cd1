import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { diffLines } from "../personalization/question-diff";
import { planStore } from "./plan-store";

let folder: string | undefined;
afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

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

it("a plan stored with the marketplace's snake_case questions and flat diff rows reads as the app's questions, its diff in the seller's words", async () => {
  folder = mkdtempSync(join(tmpdir(), "plan-store-"));
  const db = await openDatabase(join(folder, "dashboard.db"));
  try {
    await db.execute(
      `INSERT INTO change_plans (plan_id, user_id, shop_id, description, phase, status, rate, created_at)
       VALUES ('old', 7, 70, 'Set the price', 'multi', 'reviewing', '{"perSecond":1,"remainingToday":null}', 1000)`,
    );
    await db.execute(
      `INSERT INTO change_plan_items (plan_id, listing_id, seq, title, state, status, before_state, after_state, diff, included, kept, updated_at)
       VALUES ('old', 1, 0, 'Mug', 'active', 'change', $1, $2, $3, 1, $4, 1000)`,
      [
        JSON.stringify([snake("Up to two names", 500)]),
        JSON.stringify([snake("Up to two names", 350)]),
        JSON.stringify([{ question: "Name", field: "add-on price", before: "$5.00", after: "$3.50" }]),
        JSON.stringify([{ question: "Name", field: "limit", before: "20", after: "30" }]),
      ],
    );
    const plans = planStore(db);
    const view = await plans.view((await plans.find("old", 70))!);
    const [item] = view.items;
    expect(item!.before).toEqual([
      {
        id: 5,
        type: "text_input",
        title: "Name",
        instructions: "Up to two names",
        required: false,
        maxAllowedCharacters: 20,
        addOnPrice: { amount: 500, divisor: 100, currencyCode: "USD" },
      },
    ]);
    expect(diffLines(item!.diff)).toEqual(["“Name” Add-on price: $5.00 → $3.50"]);
    expect(diffLines(item!.kept!)).toEqual(["“Name” limit: 20 → 30"]);
    // The runner reads them the same way when it writes them.
    expect(await plans.startApply("old", 70)).toBe(true);
    const [claimed] = await plans.claim("old", "me", 60_000, 10);
    expect(claimed!.after[0]).toMatchObject({ id: 5, addOnPrice: { amount: 350, currencyCode: "USD" } });
  } finally {
    await db.close();
  }
});
