import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { afterEach, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { MIGRATIONS } from "../db/migrations";
import { planRecords } from "./plan-records";
import { reviewReads } from "./review-reads";

let folder: string | undefined;
afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

it("a bulk job stored before the one way to change listings opens read-only as a change, with each listing's outcome", async () => {
  folder = mkdtempSync(join(tmpdir(), "bulk-jobs-"));
  const file = join(folder, "dashboard.db");
  const old = new Sqlite(file);
  old.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)");
  const bulkJobsBecomeChanges = MIGRATIONS.findIndex((sql) => sql.includes("DROP TABLE bulk_jobs"));
  MIGRATIONS.slice(0, bulkJobsBecomeChanges).forEach((sql, index) => {
    for (const statement of sql.split(";").map((part) => part.trim())) if (statement) old.exec(statement);
    old.prepare("INSERT INTO schema_migrations (version) VALUES (?)").run(index + 1);
  });
  old
    .prepare(
      "INSERT INTO bulk_jobs (job_id, user_id, shop_id, kind, target, status, created_at, started_at, finished_at) VALUES (?, 7, 70, 'remove', NULL, ?, 1000, 1001, ?)",
    )
    .run("job-1", "running", null);
  const item = old.prepare(
    "INSERT INTO bulk_job_items (job_id, listing_id, seq, title, status, reason, updated_at) VALUES ('job-1', ?, ?, ?, ?, ?, 1002)",
  );
  item.run(1, 0, "Mug", "done", null);
  item.run(2, 1, "Cup", "failed", "The marketplace refused.");
  item.run(3, 2, "Bowl", "pending", null);
  old.close();

  const db = await openDatabase(file);
  try {
    const plan = (await planRecords(db).find("job-1", 70))!;
    expect(plan).toMatchObject({ description: "Remove personalization", status: "applied", userId: 7 });
    expect(plan.statusReason).toMatch(/stopped when the dashboard was updated/);
    const view = await reviewReads(db).view(plan);
    expect(view.items.map((row) => [row.title, row.outcome, row.outcomeReason])).toEqual([
      ["Mug", "done", null],
      ["Cup", "failed", "The marketplace refused."],
      ["Bowl", "failed", "This change was stopped when the dashboard was updated, so this listing was not changed."],
    ]);
    expect(await db.query("SELECT name FROM sqlite_master WHERE name LIKE 'bulk_job%'")).toEqual([]);
  } finally {
    await db.close();
  }
});
