import {
  dropdownQuestionFormSchema,
  labeledUploadQuestionFormSchema,
  textQuestionFormSchema,
  unlabeledUploadQuestionFormSchema,
} from "../personalization/question-set";
import { QUESTIONS_MAX } from "../personalization/question-draft";
import { addOnPriceProblem } from "./field-change";
import { moneyOfPriceText } from "../personalization/add-on-price";
import { samePrice } from "../marketplace/money";
import type { ListingQuestions } from "../marketplace/question-wire";
import { sameQuestions } from "../personalization/snapshot";
import type { Question } from "../marketplace/wire";
import type { QuestionChange } from "../personalization/question-diff";
import { isQuestionType, isUpload, type QuestionType } from "../personalization/question-types";

import { hiddenCharacters, hiddenCharactersMessage } from "../personalization/hidden-characters";
import { restoredCell } from "../spreadsheet/safe-cell";
import type { SheetTable } from "../spreadsheet/sheet-export";
import type { CellError, Sheet } from "./csv-sheet";
import { cellsOf, listingCells, OPTION_SEPARATOR, QUESTION_COLUMNS, sameCell, YES_NO } from "./question-cells";
import {
  keptChanges,
  sinceExport,
  VERSION_COLUMN,
  versionCells,
  type ChangedSince,
  type ImportedEdits,
} from "./since-export";

export const COLUMNS = ["listing_id", "title", "state", ...QUESTION_COLUMNS] as const;
/** What an export writes: the columns read back, then each row's version (an older export has none). */
export const EXPORT_COLUMNS = [...COLUMNS, VERSION_COLUMN] as const;
type Column = (typeof COLUMNS)[number];
type Row = Record<Column, string>;

function rowsOf(listing: ListingQuestions): string[][] {
  const common = [String(listing.listingId), listing.title, listing.state];
  const rows = listingCells(listing);
  const versions = versionCells(rows);
  return rows.map((cells, index) => [...common, ...QUESTION_COLUMNS.map((column) => cells[column]), versions[index]!]);
}

/** Each listing's rows in `EXPORT_COLUMNS` order. */
export function questionRows(listings: readonly ListingQuestions[]): string[][] {
  return listings.flatMap(rowsOf);
}

/** The shop's questions as an export writes them, CSV or Excel alike. */
export const questionSheet = (listings: readonly ListingQuestions[]): SheetTable => ({
  name: "Questions",
  // The version is for the import alone (since-export.ts): hidden, it moves with its row when sorted.
  columns: EXPORT_COLUMNS.map((name) => ({
    name,
    width: name === "options" ? 30 : 16,
    hidden: name === VERSION_COLUMN,
  })),
  rows: questionRows(listings),
});

/** A listing the file leaves as it is although it already breaks a rule: nothing is written to it. */
export type ImportWarning = { listingId: number; title: string; reason: string };

export type SpreadsheetImport =
  { ok: false; errors: CellError[] } | ({ ok: true; warnings: ImportWarning[]; unchanged: number } & ImportedEdits);

/** `version`: the export's version cell of the row, empty in an older export. */
type ParsedRow = { row: number; listingId: number; cells: Row; version: string };
const isAsked = (cells: Row) => cells.type.trim() !== "" || cells.question.trim() !== "";
const notInShop = (row: ParsedRow): CellError => ({
  row: row.row,
  column: "listing_id",
  reason: `No listing ${row.listingId} in your shop: keep the exported listing ids.`,
});
export type QuestionRows = { rows: ParsedRow[]; listingIds: number[] };

// Thousands of rows are judged between turns of the event loop, so one large file does not hold other requests.
const YIELD_EVERY = 5_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What Excel writes for a long number it opened from a CSV file, such as 2.55887E+14: the digits are gone. */
const ROUNDED_NUMBER = /^\d+(\.\d+)?e\+?\d+$/i;

const roundedId = (column: string, text: string) =>
  `The ${column === "listing_id" ? "listing" : "question"} id ${text} was rounded, as Excel does to long numbers when it opens a CSV file, and its digits are lost. Export again and edit the Excel file, or open the CSV in Excel through Data › From Text/CSV with the id columns as Text.`;

/** The file's rows by column, each with its listing: every problem of form is reported, with its row. */
export async function questionRowsOf(
  sheet: Sheet,
): Promise<{ ok: true; value: QuestionRows } | { ok: false; errors: CellError[] }> {
  const [header, ...records] = sheet.rows;
  if (!header)
    return {
      ok: false,
      errors: [{ row: 1, column: "", reason: "The file is empty: export your questions and edit that file." }],
    };
  const names = header.cells.map((name) => name.trim());
  const missing = COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0)
    return {
      ok: false,
      errors: [
        {
          row: header.row,
          column: missing.join(", "),
          reason: `The header row lacks ${missing.join(", ")}: keep the exported header row as it is.`,
        },
      ],
    };
  const errors = [...sheet.errors];
  const broken = new Set(sheet.errors.map((error) => error.row));
  const indexes = COLUMNS.map((column) => names.indexOf(column));
  const versionAt = names.indexOf(VERSION_COLUMN);
  const rows: ParsedRow[] = [];
  const perListing = new Map<number, number>();
  let read = 0;
  for (const record of records) {
    if (++read % YIELD_EVERY === 0) await nextTurn();
    if (broken.has(record.row)) continue;
    const extra = record.cells.slice(names.length).some((cell) => cell.trim() !== "");
    if (record.cells.length < names.length || extra) {
      errors.push({
        row: record.row,
        column: "",
        reason: `This row has ${record.cells.length} cells where the header row has ${names.length}: keep one cell per column, and quote a cell that holds a comma.`,
      });
      continue;
    }
    const cellOf = (column: Column) => {
      const text = record.cells[indexes[COLUMNS.indexOf(column)]!]!;
      return sheet.neutralised ? restoredCell(text) : text;
    };
    const idText = cellOf("listing_id").trim();
    const questionIdText = cellOf("question_id").trim();
    if (ROUNDED_NUMBER.test(questionIdText))
      errors.push({ row: record.row, column: "question_id", reason: roundedId("question_id", questionIdText) });
    const listingId = Number(idText);
    if (!/^\d+$/.test(idText) || !Number.isSafeInteger(listingId) || listingId <= 0) {
      errors.push({
        row: record.row,
        column: "listing_id",
        reason: ROUNDED_NUMBER.test(idText)
          ? roundedId("listing_id", idText)
          : "Keep the exported listing id, a whole number.",
      });
      continue;
    }
    // Counted whether or not a row asks something: a listing has one row per question, or one empty row.
    const count = (perListing.get(listingId) ?? 0) + 1;
    perListing.set(listingId, count);
    if (count > QUESTIONS_MAX) {
      if (count === QUESTIONS_MAX + 1)
        errors.push({
          row: record.row,
          column: "listing_id",
          reason: `Listing ${listingId} has more than ${QUESTIONS_MAX} rows, and a listing asks at most ${QUESTIONS_MAX} questions, one row each: remove the rows it does not need.`,
        });
      continue;
    }
    const cells = {} as Row;
    // Line ends inside a cell follow the file's: CRLF and LF hold the same text.
    for (const column of COLUMNS) cells[column] = cellOf(column).replace(/\r\n?/g, "\n");
    rows.push({ row: record.row, listingId, cells, version: versionAt < 0 ? "" : (record.cells[versionAt] ?? "") });
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.row - b.row) };
  return { ok: true, value: { rows, listingIds: [...perListing.keys()] } };
}

/** Rows naming a listing outside `shop`; checked before the marketplace is asked anything about them. */
export function foreignRows({ rows }: QuestionRows, shop: Pick<ReadonlySet<number>, "has">): CellError[] {
  return rows.filter((row) => !shop.has(row.listingId)).map(notInShop);
}

const FORM_COLUMNS: Record<string, Column> = {
  title: "question",
  instructions: "instructions",
  required: "required",
  maxAllowedCharacters: "limit",
  maxAllowedFiles: "files",
  options: "options",
  type: "type",
};

const FORM_SCHEMAS = {
  text_input: textQuestionFormSchema,
  dropdown: dropdownQuestionFormSchema,
  unlabeled_upload: unlabeledUploadQuestionFormSchema,
  labeled_upload: labeledUploadQuestionFormSchema,
} as const;

const TYPE_USES: Record<QuestionType, Column[]> = {
  text_input: ["limit"],
  dropdown: ["options"],
  unlabeled_upload: ["files"],
  labeled_upload: ["files", "options"],
};

const untouched = (cells: Row, was: Question) => {
  const exported = cellsOf(was);
  return QUESTION_COLUMNS.every((column) => sameCell(column, cells[column], exported[column]));
};

function questionOf(
  { row, cells }: ParsedRow,
  was: Question | undefined,
  currency: string,
  errors: CellError[],
): Question | undefined {
  const exported = was && cellsOf(was);
  // A cell left as exported keeps the stored text exactly (a carriage return in a choice stays one choice).
  const kept = (column: "question" | "instructions" | "options") =>
    exported !== undefined && sameCell(column, cells[column], exported[column]);
  const failed = new Set<Column>();
  // One reason per cell: the first (its own format) says what to do; the schema's would repeat it.
  const fail = (column: Column, reason: string) => {
    if (failed.has(column)) return;
    failed.add(column);
    errors.push({ row, column, reason });
  };
  const type = cells.type.trim();
  if (!isQuestionType(type)) {
    fail("type", "Use one of text_input, dropdown, unlabeled_upload, labeled_upload.");
    return undefined;
  }
  const required = cells.required.trim().toLowerCase();
  if (!(required in YES_NO)) fail("required", "Write yes or no.");
  const whole = (column: Column) => {
    const text = cells[column].trim();
    if (!/^\d+$/.test(text)) fail(column, "Enter a whole number.");
    return Number(text);
  };
  for (const column of ["limit", "files", "options"] as const)
    if (!TYPE_USES[type].includes(column) && cells[column].trim() !== "")
      fail(column, `Leave ${column} empty for a ${type} question.`);
  const priceText = cells.add_on_price.trim();
  const priceProblem = addOnPriceProblem(priceText);
  if (priceProblem) fail("add_on_price", priceProblem);
  else if (priceText !== "" && type !== "text_input")
    fail("add_on_price", "Only text questions can charge an add-on price.");
  const labels = kept("options")
    ? (was!.options ?? [])
    : cells.options === ""
      ? []
      : cells.options.split(OPTION_SEPARATOR);
  // The dashboard's own rule on what a seller writes, for the cells the seller wrote.
  for (const column of ["question", "instructions", "options"] as const) {
    if (kept(column)) continue;
    const found = hiddenCharacters(cells[column]);
    if (found.length > 0) fail(column, hiddenCharactersMessage(found));
  }
  const form = {
    type,
    title: kept("question") ? was!.title : cells.question,
    instructions: kept("instructions") ? was!.instructions : cells.instructions,
    required: YES_NO[required] === "yes",
    ...(type === "text_input" && { maxAllowedCharacters: whole("limit") }),
    ...(type === "unlabeled_upload" && { maxAllowedFiles: whole("files") }),
    ...((type === "dropdown" || type === "labeled_upload") && { options: labels.map((label) => ({ label })) }),
  };
  if (type === "labeled_upload" && whole("files") !== labels.length)
    fail("files", "A labelled upload takes one file per label: make files the number of labels.");
  const parsed = FORM_SCHEMAS[type].safeParse(form);
  if (!parsed.success)
    for (const issue of parsed.error.issues) fail(FORM_COLUMNS[String(issue.path[0])] ?? "type", issue.message);
  if (failed.size > 0) return undefined;
  const price = moneyOfPriceText(priceText, currency);
  const sameType = was?.type === type;
  const choices = type === "dropdown" || type === "labeled_upload";
  const heldIds = (label: string) => {
    const at = sameType ? (was.options ?? []).indexOf(label) : -1;
    return at < 0 ? null : (was!.optionIds?.[at] ?? null);
  };
  const optionIds = choices && (kept("options") && sameType ? was.optionIds : labels.map(heldIds));
  const question: Question = {
    ...(was?.id !== undefined && { id: was.id }),
    type,
    title: form.title,
    instructions: form.instructions,
    required: form.required,
    maxAllowedCharacters: type === "text_input" ? Number(cells.limit.trim()) : null,
    ...(isUpload(type) && { maxAllowedFiles: Number(cells.files.trim()) }),
    ...(choices && { options: kept("options") && sameType ? was.options : labels }),
    ...(optionIds && optionIds.some((id) => id !== null) && { optionIds }),
  };
  // An unchanged price is re-sent exactly as read; a marketplace that reads no price field is sent none.
  if (was && was.addOnPrice !== undefined)
    question.addOnPrice = samePrice(price, was.addOnPrice) ? was.addOnPrice : price;
  else if (price) question.addOnPrice = price;
  return question;
}

/** One listing's rows as questions, or undefined when a cell breaks a rule (pushed to `errors`). */
function judgeListing(group: readonly ParsedRow[], listing: ListingQuestions, errors: CellError[]) {
  const currency = listing.currencyCode ?? "USD";
  const asked: ParsedRow[] = [];
  let strays = 0;
  for (const row of group) {
    if (isAsked(row.cells)) {
      asked.push(row);
      continue;
    }
    // An id or a required flag left on a cleared row asks for nothing; any other cell would be lost without a word.
    const stray = QUESTION_COLUMNS.find(
      (column) => column !== "question_id" && column !== "required" && row.cells[column].trim() !== "",
    );
    if (!stray) continue;
    strays += 1;
    errors.push({
      row: row.row,
      column: stray,
      reason: `Listing ${row.listingId}: this row has ${stray} but no type and no question, so it asks nothing and its ${stray} cannot be used. Choose a type and write the question, or clear ${stray}.`,
    });
  }
  const usedIds = new Set<number>();
  const problems: string[] = [];
  const questions = asked.map((row, index) => {
    const idCell = row.cells.question_id.trim();
    const was =
      idCell !== ""
        ? listing.questions.find((question) => String(question.id) === idCell)
        : listing.questions[index]?.id === undefined
          ? listing.questions[index]
          : undefined;
    const kept = was && was.id !== undefined && usedIds.has(was.id) ? undefined : was;
    if (kept?.id !== undefined) usedIds.add(kept.id);
    if (kept && untouched(row.cells, kept)) {
      const found: CellError[] = [];
      questionOf(row, kept, currency, found);
      problems.push(...found.map((error) => `“${kept.title}”, ${error.column}: ${error.reason}`));
      return kept;
    }
    return questionOf(row, kept, currency, errors);
  });
  if (strays > 0 || questions.some((question) => question === undefined)) return;
  return { after: questions as Question[], problems };
}

/**
 * Only cells the seller edited since the export are changes, put on top of the listing as it is now (see
 * since-export.ts); only those rows are judged, and a listing whose rows all are as exported, but which already
 * breaks a rule, is a warning that changes nothing. A listing changed since the export is left, with the file's cells
 * for it kept apart for the seller to take.
 */
export async function importQuestions(
  parsed: QuestionRows,
  listings: ReadonlyMap<number, ListingQuestions>,
): Promise<SpreadsheetImport> {
  const errors = foreignRows(parsed, listings);
  const groups = new Map<number, ParsedRow[]>();
  for (const row of parsed.rows)
    if (listings.has(row.listingId)) groups.set(row.listingId, [...(groups.get(row.listingId) ?? []), row]);
  const targets = new Map<number, Question[]>();
  const kept = new Map<number, QuestionChange[]>();
  const changedSince = new Map<number, ChangedSince>();
  const warnings: ImportWarning[] = [];
  let unchanged = 0;
  let edited = false;
  let judged = 0;
  for (const [id, group] of groups) {
    judged += group.length;
    if (judged >= YIELD_EVERY / 10) {
      judged = 0;
      await nextTurn();
    }
    const listing = listings.get(id)!;
    const now = listingCells(listing);
    const since = sinceExport(group, now);
    if (since.kind === "changed-since" || (since.kind === "as-exported" && since.changedSince)) {
      const cause = since.kind === "changed-since" ? since.cause : "not-edited";
      if (cause !== "not-edited") edited = true;
      const found: CellError[] = [];
      const file = judgeListing(group, listing, found);
      if (file && sameQuestions(file.after, listing.questions)) unchanged += 1;
      else
        changedSince.set(id, {
          cause,
          after: file?.after ?? null,
          problem: found[0] ? `${found[0].column}: ${found[0].reason}` : null,
        });
      continue;
    }
    if (since.kind === "edited") edited = true;
    const merged =
      since.kind === "edited"
        ? group.map((row, index) => ({ ...row, cells: { ...row.cells, ...since.rows[index]! } }))
        : group;
    const before = errors.length;
    const result = judgeListing(merged, listing, errors);
    if (!result || errors.length > before) continue;
    if (!sameQuestions(result.after, listing.questions)) {
      targets.set(id, result.after);
      if (since.kind === "edited" && since.kept.length > 0) kept.set(id, keptChanges(since.kept, now));
    } else if (result.problems.length > 0)
      warnings.push({ listingId: id, title: listing.title, reason: result.problems.join(" ") });
    else unchanged += 1;
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.row - b.row) };
  return { ok: true, targets, kept, changedSince, edited, warnings, unchanged };
}
