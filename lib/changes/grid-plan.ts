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

/** Per listing, the version cells of its rows when the grid opened (an export's last column), by listing id. */
export const gridVersionsSchema = z
  .record(z.string().regex(/^\d{1,15}$/), z.array(z.string().max(80)).max(10))
  .refine((versions) => Object.keys(versions).length <= 12_100, { error: "Too many listings in one grid." });
export type GridVersions = z.infer<typeof gridVersionsSchema>;

const VERSION_AT = EXPORT_COLUMNS.indexOf("version");

/** What the grid keeps of each listing it shows, so its edits are judged against the shop as it was then. */
export const gridVersionsOf = (listings: readonly ListingQuestions[]): GridVersions =>
  Object.fromEntries(
    listings.map((listing) => [String(listing.listingId), questionRows([listing]).map((row) => row[VERSION_AT]!)]),
  );

const column = (name: (typeof COLUMNS)[number]) => COLUMNS.indexOf(name);

/**
 * The grid's edits as the spreadsheet import reads them: each edited listing's exported rows with the edited cells
 * replaced, so a grid and a file become the same per-listing questions (ids, choices and prices kept the same way).
 */
export function sheetOfGridEdits(
  listings: readonly ListingQuestions[],
  edits: readonly GridEdit[],
  versions: GridVersions = {},
): Sheet {
  const byKey = new Map(edits.map((edit) => [`${edit.listingId}:${edit.index}`, edit]));
  const edited = new Set(edits.map((edit) => edit.listingId));
  const data = listings
    .filter((listing) => edited.has(listing.listingId))
    .flatMap((listing) =>
      questionRows([listing]).map((cells, index) => {
        const edit = byKey.get(`${listing.listingId}:${index}`);
        const opened = versions[String(listing.listingId)];
        const next = [...cells];
        // The grid's cells that were not edited hold what the listing held when it opened; its version says so.
        if (opened) next[VERSION_AT] = opened[index] ?? opened[0] ?? "";
        if (!edit) return next;
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
  versions: GridVersions = {},
): Promise<SpreadsheetImport> {
  const rows = await questionRowsOf(sheetOfGridEdits(listings, edits, versions));
  if (!rows.ok) return rows;
  return importQuestions(rows.value, new Map(listings.map((listing) => [listing.listingId, listing])));
}
