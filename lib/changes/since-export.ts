import { createHash } from "node:crypto";
import type { QuestionChange } from "../personalization/question-diff";
import { typeName } from "../personalization/question-diff";
import type { ListingQuestions } from "../marketplace/question-wire";
import type { Question } from "../marketplace/wire";
import type { PlanTarget } from "./plan";
import { wholeNumber } from "../whole-number";
import { meaningOf, QUESTION_COLUMNS, sameCell, type QuestionCells, type QuestionColumn } from "./question-cells";

/**
 * The export's last column: per row, what the listing held when it was exported, as digests of the cells' meanings.
 * `v1.<listing digest>.<row>.<rows>.<a 4-character hash per question cell>`.
 *
 * The file is the seller's, so the import trusts the digests only to tell which cells the seller edited (a file cell
 * whose hash differs) and whether the shop moved since (a current cell whose hash differs). Whatever a forged digest
 * says, the only values ever planned are cells the file holds or cells the shop holds now: a forged digest can at worst
 * make a cell look edited (its file value is planned, and shown in the review) or a listing look changed since (it is
 * left as the shop has it), never put in a value from anywhere else. A hash collision is caught by the listing digest.
 */
export const VERSION_COLUMN = "version";
const VERSION = /^v1\.([\w-]{16})\.(\d{1,2})\.(\d{1,2})\.([\w-]{36})$/;
const CELL_HASH = 4;

const hash = (text: string, length: number) => createHash("sha256").update(text).digest("base64url").slice(0, length);
const meanings = (cells: QuestionCells) => QUESTION_COLUMNS.map((column) => meaningOf(column, cells[column]));
const cellHash = (column: QuestionColumn, cell: string) => hash(meaningOf(column, cell), CELL_HASH);

export const listingDigest = (rows: readonly QuestionCells[]) => hash(JSON.stringify(rows.map(meanings)), 16);

/** The version cell of each of a listing's exported rows. */
export function versionCells(rows: readonly QuestionCells[]): string[] {
  const digest = listingDigest(rows);
  return rows.map((cells, index) => {
    const hashes = QUESTION_COLUMNS.map((column) => cellHash(column, cells[column])).join("");
    return `v1.${digest}.${index}.${rows.length}.${hashes}`;
  });
}

type ExportedRow = { digest: string; index: number; count: number; hashes: string[] };

function exportedRowOf(text: string): ExportedRow | null {
  const match = VERSION.exec(text.trim());
  if (!match) return null;
  const hashes = match[4]!.match(new RegExp(`.{${CELL_HASH}}`, "g"))!;
  return { digest: match[1]!, index: Number(match[2]), count: Number(match[3]), hashes };
}

export type FileRow = { cells: QuestionCells; version: string };
export type KeptCell = { row: number; column: QuestionColumn; exported: string; now: string };

/** Why a listing is left as the shop has it: the seller may still take the file's cells for it. */
export type ChangedSinceCause = "not-edited" | "conflict" | "older-file";

export type SinceExport =
  | { kind: "as-exported"; changedSince: boolean }
  /** `rows`: the seller's edited cells on top of the listing as it is now; `kept`: cells changed since, left as they are. */
  | { kind: "edited"; rows: QuestionCells[]; kept: KeptCell[] }
  | { kind: "changed-since"; cause: ChangedSinceCause };

const sameRows = (a: readonly QuestionCells[], b: readonly QuestionCells[]) =>
  a.length === b.length &&
  a.every((cells, index) => JSON.stringify(meanings(cells)) === JSON.stringify(meanings(b[index]!)));

// A question given another id or type since, or rows added, removed or moved, is not merged cell by cell.
const STRUCTURE: readonly QuestionColumn[] = ["question_id", "type"];

/**
 * A listing's rows in the file against its rows now, three ways through the export's version: only cells the seller
 * edited are changes, put on top of what the shop holds now; a cell edited that also changed since is a conflict.
 */
export function sinceExport(file: readonly FileRow[], current: readonly QuestionCells[]): SinceExport {
  const exported = file.map((row) => exportedRowOf(row.version));
  const first = exported.find((row) => row !== null);
  const fileRows = file.map((row) => row.cells);
  if (!first)
    return sameRows(fileRows, current)
      ? { kind: "as-exported", changedSince: false }
      : { kind: "changed-since", cause: "older-file" };
  const notEdited = listingDigest(fileRows) === first.digest;
  const shopAsExported = listingDigest(current) === first.digest;
  if (notEdited) return { kind: "as-exported", changedSince: !shopAsExported };
  if (shopAsExported) return { kind: "edited", rows: fileRows, kept: [] };
  const conflict = { kind: "changed-since", cause: "conflict" } as const;
  const lined =
    current.length === first.count &&
    exported.length === first.count &&
    exported.every((row, index) => row?.digest === first.digest && row.index === index);
  if (!lined) return conflict;
  const kept: KeptCell[] = [];
  let edits = 0;
  let moves = 0;
  const rows = fileRows.map((cells, row) => {
    const merged = { ...current[row]! };
    for (const [at, column] of QUESTION_COLUMNS.entries()) {
      const was = exported[row]!.hashes[at];
      const edited = cellHash(column, cells[column]) !== was;
      const moved = cellHash(column, merged[column]) !== was;
      if (moved && (STRUCTURE.includes(column) || (edited && !sameCell(column, cells[column], merged[column]))))
        return null;
      if (moved) moves += 1;
      if (edited) {
        merged[column] = cells[column];
        edits += 1;
      } else if (moved) kept.push({ row, column, exported: cells[column], now: merged[column] });
    }
    return merged;
  });
  // Both sides moved by the listing digests, yet no cell says so: a hash collision, judged as a conflict.
  if (rows.some((row) => row === null) || edits === 0 || moves === 0) return conflict;
  return { kind: "edited", rows: rows as QuestionCells[], kept };
}

const FIELD_NAMES: Record<QuestionColumn, string> = {
  question_id: "Question id",
  type: "Type",
  question: "Title",
  instructions: "Instructions",
  required: "Required",
  limit: "Character limit",
  files: "Files",
  options: "Choices",
  add_on_price: "Add-on price",
};

const shown = (column: QuestionColumn, cell: string) => {
  const text = meaningOf(column, cell) === "" ? "" : cell.replace(/\r\n?/g, "\n");
  if (text === "") return "None";
  if (column === "options") return text.split("\n").join(", ");
  if (column === "question" || column === "instructions") return `“${text}”`;
  if (column === "required") return meaningOf(column, text) === "yes" ? "Yes" : "No";
  return text.trim();
};

/** The cells changed since the export and left as they are, in the review's words, question by question. */
export function keptChanges(kept: readonly KeptCell[], current: readonly QuestionCells[]): QuestionChange[] {
  const rows = [...new Set(kept.map((cell) => cell.row))];
  return rows.map((row) => ({
    question: { title: current[row]!.question, type: typeName(current[row]!.type) },
    change: "changed",
    fields: kept
      .filter((cell) => cell.row === row)
      .map((cell) => ({
        field: FIELD_NAMES[cell.column],
        before: shown(cell.column, cell.exported),
        after: shown(cell.column, cell.now),
      })),
  }));
}

/**
 * A listing whose questions changed since the export, left as the shop has it: `after` is the file's cells for it, which
 * the seller may take in the review; null when those cells break a rule (`problem` says which).
 */
export type ChangedSince = { cause: ChangedSinceCause; after: Question[] | null; problem: string | null };

/** What an import (or a grid's edits) asks of each listing, judged against the shop as it is now. */
export type ImportedEdits = {
  targets: Map<number, Question[]>;
  /** Per listing in `targets`, what changed since the export in cells the seller did not edit: left as it is. */
  kept: Map<number, QuestionChange[]>;
  changedSince: Map<number, ChangedSince>;
  /** Whether any cell differs from the export (from the shop, for an older export without versions). */
  edited: boolean;
};

/** Where the seller's cells come from: a file they exported, or a grid they opened. */
export type EditSource = "file" | "grid";

const SINCE: Record<EditSource, string> = { file: "since your export", grid: "since you opened the grid" };

const LEFT = (cause: ChangedSinceCause, source: EditSource) =>
  ({
    "not-edited": `Changed ${SINCE[source]}, and you did not edit it in the ${source}: left as your shop has it.`,
    conflict: `You edited cells of this listing that also changed ${SINCE[source]}: left as your shop has it.`,
    "older-file":
      "Your file comes from an export made before exports carried versions, so the dashboard cannot tell your edits from changes made since: left as your shop has it.",
  })[cause];

const TAKE = (cause: ChangedSinceCause, source: EditSource) =>
  cause === "not-edited"
    ? `Take your cells only to put back what the ${source} holds.`
    : `Take your cells to write the listing as your ${source} has it.`;

/** Each listing of an import (or a grid's edits) as the plan holds it, with a sentence for what changed since. */
export function importTargets(
  listings: readonly ListingQuestions[],
  imported: ImportedEdits,
  source: EditSource = "file",
): Map<number, PlanTarget> {
  const note = `Cells you did not edit changed ${SINCE[source]}: they are left as your shop has them, and only your edits are written.`;
  return new Map(
    listings.map((listing): [number, PlanTarget] => {
      const id = listing.listingId;
      const after = imported.targets.get(id);
      const kept = imported.kept.get(id);
      if (after) return [id, kept ? { after, kept, note } : { after }];
      const since = imported.changedSince.get(id);
      if (!since) return [id, { after: listing.questions }];
      if (!since.after)
        return [
          id,
          { skipped: `${LEFT(since.cause, source)} The ${source}'s cells for it cannot be used (${since.problem}).` },
        ];
      return [id, { changedSince: `${LEFT(since.cause, source)} ${TAKE(since.cause, source)}`, after: since.after }];
    }),
  );
}

/**
 * Why an import stores no plan, or null when it holds something to write or to take. `leftOut`: the shop's listings
 * the file has no row for, which the import never looks at, so the file cannot be said to match the shop.
 */
export function nothingToPlan(imported: ImportedEdits, leftOut = 0): string | null {
  const since = imported.changedSince.size;
  if (imported.targets.size > 0 || (imported.edited && since > 0)) return null;
  const left =
    leftOut === 0
      ? ""
      : ` The file leaves out ${leftOut === 1 ? "1 listing" : `${wholeNumber(leftOut)} listings`} of your shop, which ${leftOut === 1 ? "stays" : "stay"} as ${leftOut === 1 ? "it is" : "they are"}: export again for a file of every listing.`;
  if (since === 0)
    return leftOut === 0
      ? "This file matches your shop: nothing was planned."
      : `Every listing in this file is already as it asks, so nothing was planned.${left}`;
  const them = since === 1 ? "it" : "them";
  return `This file holds no edits, so nothing was planned. ${since === 1 ? "1 listing" : `${since} listings`} changed since you exported it, and the file leaves ${them} as your shop has ${them}.${left}`;
}
