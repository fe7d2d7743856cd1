import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { snapshotOfForm } from "../personalization/snapshot-codec";
import { historyStore } from "./history-store";

const GIFT = snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 200, required: false });

describe("history's names for plans", () => {
  it("writes a plan's row as plan-apply with its plan, and reads a row kept before plans under the plan's names", async () => {
    const db = await openDatabase(":memory:");
    const history = historyStore(db);
    const written = await history.record({
      listingId: 1,
      shopId: 10,
      userId: 7,
      action: "plan-apply",
      planId: "plan-2",
      previous: GIFT,
      target: GIFT,
    });
    for (const [id, action, at] of [
      ["old-apply", "bulk-apply", 1],
      ["old-remove", "bulk-remove", 2],
      ["old-undo", "bulk-undo", 3],
    ] as const)
      await db.execute(
        "INSERT INTO personalization_history (history_id, listing_id, shop_id, user_id, action, job_id, previous, target, outcome, recorded_at) VALUES ($1, 1, 10, 7, $2, 'job-1', $3, $3, 'done', $4)",
        [id, action, JSON.stringify(GIFT), at],
      );
    const entries = await history.list(10, 1);
    expect(entries.map((entry) => [entry.id, entry.action, entry.planId])).toEqual([
      [written, "plan-apply", "plan-2"],
      ["old-undo", "plan-undo", "job-1"],
      ["old-remove", "plan-remove", "job-1"],
      ["old-apply", "plan-apply", "job-1"],
    ]);
    const [stored] = await db.query<{ action: string; job_id: string }>(
      "SELECT action, job_id FROM personalization_history WHERE history_id = $1",
      [written],
    );
    expect(stored).toEqual({ action: "plan-apply", job_id: "plan-2" });
  });
});
