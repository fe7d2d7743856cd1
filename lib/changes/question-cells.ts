import { priceTextOf } from "../marketplace/money";
import type { ListingQuestions } from "../marketplace/question-wire";
import type { Question } from "../marketplace/wire";

/** The columns of a spreadsheet row that hold one question, in the export's order. */
export const QUESTION_COLUMNS = [
  "question_id",
  "type",
  "question",
  "instructions",
  "required",
  "limit",
  "files",
  "options",
  "add_on_price",
] as const;
export type QuestionColumn = (typeof QUESTION_COLUMNS)[number];
export type QuestionCells = Record<QuestionColumn, string>;

/** Choices and file labels, one per line inside their cell: a label may hold any other character. */
export const OPTION_SEPARATOR = "\n";

const NO_QUESTION = Object.fromEntries(QUESTION_COLUMNS.map((column) => [column, ""])) as QuestionCells;

export const cellsOf = (question: Question): QuestionCells => ({
  question_id: question.id === undefined ? "" : String(question.id),
  type: question.type,
  question: question.title,
  instructions: question.instructions,
  required: question.required ? "yes" : "no",
  limit: question.maxAllowedCharacters === null ? "" : String(question.maxAllowedCharacters),
  files: question.maxAllowedFiles === undefined ? "" : String(question.maxAllowedFiles),
  options: (question.options ?? []).join(OPTION_SEPARATOR),
  add_on_price: priceTextOf(question.addOnPrice),
});

/** A listing's rows as exported: one a question, or one empty row for a listing that asks nothing. */
export const listingCells = (listing: Pick<ListingQuestions, "questions">): QuestionCells[] =>
  listing.questions.length === 0 ? [NO_QUESTION] : listing.questions.map(cellsOf);

export const YES_NO: Record<string, string> = { yes: "yes", true: "yes", no: "no", false: "no" };

// What a cell means, so that what a spreadsheet program rewrites (3.5 for 3.50, TRUE for yes, CRLF for LF) reads as
// untouched.
export const meaningOf = (column: QuestionColumn, cell: string): string => {
  const text = cell.replace(/\r\n?/g, "\n");
  if (column === "question" || column === "instructions" || column === "options") return text;
  const trimmed = text.trim();
  if (column === "required") return YES_NO[trimmed.toLowerCase()] ?? trimmed;
  if (column === "add_on_price" && /^\d*\.?\d+$/.test(trimmed))
    return Number(trimmed) === 0 ? "" : String(Number(trimmed));
  return trimmed;
};

export const sameCell = (column: QuestionColumn, a: string, b: string) => meaningOf(column, a) === meaningOf(column, b);
