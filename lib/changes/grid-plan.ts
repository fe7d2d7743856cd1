import { z } from "zod";
import type { ListingQuestions } from "../marketplace/question-wire";
import type { Sheet } from "./csv-sheet";
import {
  COLUMNS,
  EXPORT_COLUMNS,
  importQuestions,
  questionRows,
  questionRowsOf,
  type SpreadsheetImport,
} from "./spreadsheet";

export const gridEditSchema = z.object({
  listingId: z.number().int().positive(),
  index: z.number().int().min(0).max(9),
  questionId: z.number().int().positive().nullable(),
  instructions: z.string().max(2_000),
  limit: z.string().max(20),
  required: z.boolean(),
  price: z.string().max(20),
  choices: z.string().max(5_000),
});
export type GridEdit = z.infer<typeof gridEditSchema>;

const column = (name: (typeof COLUMNS)[number]) => COLUMNS.indexOf(name);

/**
 * The grid's edits as the spreadsheet import reads them: each edited listing's exported rows with the edited cells
 * replaced, so a grid and a file become the same per-listing questions (ids, choices and prices kept the same way).
 */
export function sheetOfGridEdits(listings: readonly ListingQuestions[], edits: readonly GridEdit[]): Sheet {
  const byKey = new Map(edits.map((edit) => [`${edit.listingId}:${edit.index}`, edit]));
  const edited = new Set(edits.map((edit) => edit.listingId));
  const data = listings
    .filter((listing) => edited.has(listing.listingId))
    .flatMap((listing) =>
      questionRows([listing]).map((cells, index) => {
        const edit = byKey.get(`${listing.listingId}:${index}`);
        if (!edit) return cells;
        const next = [...cells];
        next[column("instructions")] = edit.instructions;
        next[column("required")] = edit.required ? "yes" : "no";
        if (next[column("type")] === "text_input") {
          next[column("limit")] = edit.limit;
          next[column("add_on_price")] = edit.price;
        } else next[column("options")] = edit.choices;
        return next;
      }),
    );
  const cells = [[...EXPORT_COLUMNS], ...data];
  return { rows: cells.map((row, index) => ({ row: index + 1, cells: row })), errors: [], neutralised: false };
}

/** Edits whose question is no longer where the grid showed it: the listing changed since the grid was opened. */
export function movedEdits(listings: readonly ListingQuestions[], edits: readonly GridEdit[]): GridEdit[] {
  const byId = new Map(listings.map((listing) => [listing.listingId, listing]));
  return edits.filter((edit) => {
    const question = byId.get(edit.listingId)?.questions[edit.index];
    return !question || (question.id ?? null) !== edit.questionId;
  });
}

export async function importGridEdits(
  listings: readonly ListingQuestions[],
  edits: readonly GridEdit[],
): Promise<SpreadsheetImport> {
  const rows = await questionRowsOf(sheetOfGridEdits(listings, edits));
  if (!rows.ok) return rows;
  return importQuestions(rows.value, new Map(listings.map((listing) => [listing.listingId, listing])));
}
