import Papa from "papaparse";
import {
  dropdownQuestionFormSchema,
  isQuestionType,
  labeledUploadQuestionFormSchema,
  textQuestionFormSchema,
  unlabeledUploadQuestionFormSchema,
  type QuestionType,
} from "../personalization/question-set";
import { addOnPriceProblem, moneyOf } from "./field-change";
import {
  decimalOf,
  isUpload,
  samePrice,
  sameQuestions,
  type ListingQuestions,
  type StoredQuestion,
} from "../marketplace/stored-question";

export const COLUMNS = [
  "listing_id",
  "title",
  "state",
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
type Column = (typeof COLUMNS)[number];
type Row = Record<Column, string>;

/** Choices and file labels, one per line inside their cell: a label may hold any other character. */
const OPTION_SEPARATOR = "\n";

function rowsOf(listing: ListingQuestions): Row[] {
  const common = { listing_id: String(listing.listingId), title: listing.title, state: listing.state };
  if (listing.questions.length === 0)
    return [
      {
        ...common,
        question_id: "",
        type: "",
        question: "",
        instructions: "",
        required: "",
        limit: "",
        files: "",
        options: "",
        add_on_price: "",
      },
    ];
  return listing.questions.map((question) => ({
    ...common,
    question_id: question.question_id === undefined ? "" : String(question.question_id),
    type: question.question_type,
    question: question.question_text,
    instructions: question.instructions ?? "",
    required: question.required ? "yes" : "no",
    limit: question.max_allowed_characters === null ? "" : String(question.max_allowed_characters),
    files: question.max_allowed_files === null ? "" : String(question.max_allowed_files),
    options: (question.options ?? []).map((option) => option.label).join(OPTION_SEPARATOR),
    add_on_price: decimalOf(question.add_on_price),
  }));
}

export function questionRows(listings: readonly ListingQuestions[]): string[][] {
  return listings.flatMap(rowsOf).map((row) => COLUMNS.map((column) => row[column]));
}

/** The shop's questions as CSV, with a byte order mark and CRLF line ends, as spreadsheet programs expect. */
export function exportQuestions(listings: readonly ListingQuestions[]): string {
  return `\uFEFF${Papa.unparse({ fields: [...COLUMNS], data: questionRows(listings) }, { newline: "\r\n" })}\r\n`;
}

export type CellError = { row: number; column: string; reason: string };

export type SpreadsheetImport =
  | { ok: false; errors: CellError[] }
  | {
      ok: true;
      targets: Map<number, StoredQuestion[]>;
      unchanged: number;
    };

type ParsedRow = { row: number; cells: Row };

export function listingIdsOf(text: string): number[] {
  const parsed = parseRows(text);
  if ("errors" in parsed) return [];
  return [
    ...new Set(
      parsed.rows.map(({ cells }) => Number(cells.listing_id)).filter((id) => Number.isSafeInteger(id) && id > 0),
    ),
  ];
}

function parseRows(text: string): { rows: ParsedRow[] } | { errors: CellError[] } {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header, ...records] = result.data;
  if (!header)
    return { errors: [{ row: 1, column: "", reason: "The file is empty: export your questions and edit that file." }] };
  const names = header.map((name) => name.trim());
  const missing = COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0)
    return {
      errors: [
        {
          row: 1,
          column: missing.join(", "),
          reason: `The header row lacks ${missing.join(", ")}: keep the exported header row as it is.`,
        },
      ],
    };
  const rows = records.map((record, index) => {
    const cells = {} as Row;
    // Line ends inside a cell follow the file's: CRLF and LF hold the same text.
    for (const column of COLUMNS) cells[column] = (record[names.indexOf(column)] ?? "").replace(/\r\n?/g, "\n");
    return { row: index + 2, cells };
  });
  return { rows };
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

function questionOf(
  { row, cells }: ParsedRow,
  was: StoredQuestion | undefined,
  currency: string,
  errors: CellError[],
): StoredQuestion | undefined {
  // One reason per cell: the first (its own format) says what to do; the schema's would repeat it.
  const fail = (column: Column, reason: string) => {
    if (!errors.some((error) => error.row === row && error.column === column)) errors.push({ row, column, reason });
  };
  const type = cells.type.trim();
  if (!isQuestionType(type)) {
    fail("type", "Use one of text_input, dropdown, unlabeled_upload, labeled_upload.");
    return undefined;
  }
  const count = errors.length;
  const required = cells.required.trim().toLowerCase();
  if (!["yes", "no", "true", "false"].includes(required)) fail("required", "Write yes or no.");
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
  const labels = cells.options === "" ? [] : cells.options.split(OPTION_SEPARATOR);
  const form = {
    type,
    title: cells.question,
    instructions: cells.instructions,
    required: required === "yes" || required === "true",
    ...(type === "text_input" && { maxAllowedCharacters: whole("limit") }),
    ...(type === "unlabeled_upload" && { maxAllowedFiles: whole("files") }),
    ...((type === "dropdown" || type === "labeled_upload") && { options: labels.map((label) => ({ label })) }),
  };
  if (type === "labeled_upload" && whole("files") !== labels.length)
    fail("files", "A labelled upload takes one file per label: make files the number of labels.");
  const parsed = FORM_SCHEMAS[type].safeParse(form);
  if (!parsed.success)
    for (const issue of parsed.error.issues) fail(FORM_COLUMNS[String(issue.path[0])] ?? "type", issue.message);
  if (errors.length > count) return undefined;
  const price = moneyOf(priceText, currency);
  const wasOptions = was?.question_type === type ? (was.options ?? []) : [];
  const question: StoredQuestion = {
    ...(was?.question_id !== undefined && { question_id: was.question_id }),
    question_type: type,
    question_text: form.title,
    instructions: form.instructions === "" ? null : form.instructions,
    required: form.required,
    max_allowed_characters: type === "text_input" ? Number(cells.limit.trim()) : null,
    max_allowed_files: isUpload(type) ? Number(cells.files.trim()) : null,
    options:
      type === "dropdown" || type === "labeled_upload"
        ? labels.map((label) => {
            const kept = wasOptions.find((option) => option.label === label);
            return kept?.option_id === undefined ? { label } : { option_id: kept.option_id, label };
          })
        : null,
  };
  // An unchanged price is re-sent exactly as read; a marketplace that reads no price field is sent none.
  if (was && "add_on_price" in was)
    question.add_on_price = samePrice(price, was.add_on_price) ? was.add_on_price : price;
  else if (price) question.add_on_price = price;
  return question;
}

export function importQuestions(text: string, listings: ReadonlyMap<number, ListingQuestions>): SpreadsheetImport {
  const parsed = parseRows(text);
  if ("errors" in parsed) return { ok: false, errors: parsed.errors };
  const errors: CellError[] = [];
  const groups = new Map<number, ParsedRow[]>();
  for (const row of parsed.rows) {
    const id = Number(row.cells.listing_id.trim());
    if (!listings.has(id)) {
      errors.push({
        row: row.row,
        column: "listing_id",
        reason: `No listing ${row.cells.listing_id} in your shop: keep the exported listing ids.`,
      });
      continue;
    }
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  const targets = new Map<number, StoredQuestion[]>();
  let unchanged = 0;
  for (const [id, rows] of groups) {
    const listing = listings.get(id)!;
    const asked = rows.filter(({ cells }) => cells.type.trim() !== "" || cells.question.trim() !== "");
    const usedIds = new Set<number>();
    const questions = asked.map((row, index) => {
      const idCell = row.cells.question_id.trim();
      const was =
        idCell !== ""
          ? listing.questions.find((question) => String(question.question_id) === idCell)
          : listing.questions[index]?.question_id === undefined
            ? listing.questions[index]
            : undefined;
      const kept = was && was.question_id !== undefined && usedIds.has(was.question_id) ? undefined : was;
      if (kept?.question_id !== undefined) usedIds.add(kept.question_id);
      return questionOf(row, kept, listing.currencyCode ?? "USD", errors);
    });
    if (questions.some((question) => question === undefined)) continue;
    const after = questions as StoredQuestion[];
    if (sameQuestions(after, listing.questions)) unchanged += 1;
    else targets.set(id, after);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, targets, unchanged };
}
