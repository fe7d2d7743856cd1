import "server-only";
import type { Database } from "../db/database";
import { toQuestion, type Question, type QuestionWire } from "../marketplace/wire";
import { questionDiff, type QuestionChange } from "../personalization/question-diff";

const REWRITE = "old-plan-rows";
const BATCH = 500;

// Plans stored before the diff named fields as the seller reads them held flat rows ({ question, field, before, after }).
type OldRow = { question: string; field: string; before: string; after: string };
const isOld = (rows: unknown[]): rows is OldRow[] => rows.some((row) => typeof row === "object" && "field" in row!);

// Plans stored before the change plans held the app's questions kept the marketplace's snake_case ones.
const isSnake = (questions: (Question | QuestionWire)[]) => questions.some((question) => "question_type" in question);
const appQuestions = (questions: (Question | QuestionWire)[]): Question[] =>
  questions.map((question) => ("question_type" in question ? toQuestion(question) : question));

type ItemRow = {
  plan_id: string;
  listing_id: number;
  before_state: string;
  after_state: string | null;
  current_state: string | null;
  diff: string;
  kept: string | null;
};
type Column = Exclude<keyof ItemRow, "plan_id" | "listing_id">;

// JSON.stringify writes a key as `"key":` and a quote inside a string as `\"`: these match keys, never a seller's text.
const snake = (column: Column) => `${column} LIKE '%"question_type":%'`;
const flat = (column: Column) => `(${column} <> '[]' AND ${column} NOT LIKE '%"change":%')`;
const OLD_ROWS = `(${snake("before_state")} OR ${snake("after_state")} OR ${snake("current_state")} OR ${flat("diff")} OR ${flat("kept")})`;

/** The columns of one row that hold an old format, in the format the plans are read in now. */
function rewritten(row: ItemRow): Partial<Record<Column, string>> {
  const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as (Question | QuestionWire)[]));
  const [before, after, current] = [parse(row.before_state)!, parse(row.after_state), parse(row.current_state)];
  const diff = JSON.parse(row.diff) as QuestionChange[] | OldRow[];
  const kept = row.kept === null ? null : (JSON.parse(row.kept) as QuestionChange[] | OldRow[]);
  const next: Partial<Record<Column, unknown>> = {
    ...(isSnake(before) && { before_state: appQuestions(before) }),
    ...(after && isSnake(after) && { after_state: appQuestions(after) }),
    ...(current && isSnake(current) && { current_state: appQuestions(current) }),
    ...(isOld(diff) && { diff: after ? questionDiff(appQuestions(before), appQuestions(after)) : [] }),
    ...(kept &&
      isOld(kept) && {
        kept: kept.map((old): QuestionChange => ({
          ...(old.question && { question: { title: old.question, type: "" } }),
          change: "changed",
          fields: [{ field: old.field, before: old.before, after: old.after }],
        })),
      }),
  };
  return Object.fromEntries(Object.entries(next).map(([column, value]) => [column, JSON.stringify(value)]));
}

/**
 * Rewrites, once, the change plans' rows stored in an old format in the format they are read in now, so that no read
 * decodes them. It needs the app's own conversions (toQuestion, questionDiff), which the database's migrations below them
 * cannot import, so it runs as the change runner starts, before any plan is read; the row in row_rewrites (a
 * migration) says it ran. Each column is written only if it still holds what was read: an instance of the release
 * before may settle a row meanwhile. Returns the rows rewritten.
 */
export async function rewriteOldPlanRows(db: Database): Promise<number> {
  if ((await db.query("SELECT name FROM row_rewrites WHERE name = $1", [REWRITE])).length > 0) return 0;
  let count = 0;
  let from = { planId: "", listingId: -1 };
  for (;;) {
    const rows = await db.query<ItemRow>(
      `SELECT plan_id, listing_id, before_state, after_state, current_state, diff, kept FROM change_plan_items
       WHERE ${OLD_ROWS} AND (plan_id > $1 OR (plan_id = $1 AND listing_id > $2)) ORDER BY plan_id, listing_id LIMIT ${BATCH}`,
      [from.planId, from.listingId],
    );
    for (const row of rows) {
      const columns = Object.entries(rewritten(row)) as [Column, string][];
      for (const [column, text] of columns)
        await db.execute(
          `UPDATE change_plan_items SET ${column} = $3 WHERE plan_id = $1 AND listing_id = $2 AND ${column} = $4`,
          [row.plan_id, row.listing_id, text, row[column]],
        );
      if (columns.length > 0) count += 1;
    }
    if (rows.length < BATCH) break;
    from = { planId: rows.at(-1)!.plan_id, listingId: Number(rows.at(-1)!.listing_id) };
  }
  await db.execute("INSERT INTO row_rewrites (name, done_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
    REWRITE,
    Date.now(),
  ]);
  return count;
}
