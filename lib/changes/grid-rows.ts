import { sellerQuestionsSchema } from "../personalization/editor-schema";
import { priceTextOf } from "../marketplace/money";
import type { ListingQuestions } from "../marketplace/question-wire";

/** The fields a grid cell edits: a text question's instructions, limit, required flag and price; a dropdown's choices. */
export const GRID_FIELDS = ["instructions", "limit", "required", "price", "choices"] as const;
export type GridField = (typeof GRID_FIELDS)[number];

export type GridValues = { instructions: string; limit: string; required: boolean; price: string; choices: string };

export type GridRow = GridValues & {
  key: string;
  listingId: number;
  listingTitle: string;
  /** The question's place among its listing's questions, and its id when it has one. */
  index: number;
  questionId: number | null;
  type: "text_input" | "dropdown";
  question: string;
  /** The listing's currency, for showing a price as money (null when the marketplace sent no price). */
  currencyCode: string | null;
};

export const CHOICE_SEPARATOR = "\n";

const USES: Record<GridRow["type"], readonly GridField[]> = {
  text_input: ["instructions", "limit", "required", "price"],
  dropdown: ["required", "choices"],
};

export const editable = (row: Pick<GridRow, "type">, field: GridField) => USES[row.type].includes(field);

/** One row per text or dropdown question; upload questions keep what they hold and have no row. */
export function gridRowsOf(listings: readonly ListingQuestions[]): GridRow[] {
  return listings.flatMap((listing) =>
    listing.questions.flatMap((question, index): GridRow[] => {
      const type = question.type;
      if (type !== "text_input" && type !== "dropdown") return [];
      return [
        {
          key: `${listing.listingId}:${index}`,
          listingId: listing.listingId,
          listingTitle: listing.title,
          index,
          questionId: question.id ?? null,
          type,
          question: question.title,
          currencyCode: listing.currencyCode,
          instructions: question.instructions,
          limit: question.maxAllowedCharacters === null ? "" : String(question.maxAllowedCharacters),
          required: question.required,
          price: priceTextOf(question.addOnPrice),
          choices: (question.options ?? []).join(CHOICE_SEPARATOR),
        },
      ];
    }),
  );
}

const FIELD_OF: Record<string, GridField> = {
  instructions: "instructions",
  maxAllowedCharacters: "limit",
  required: "required",
  addOnPrice: "price",
  options: "choices",
};

/**
 * Each broken rule, by the cell that breaks it, judged by the editor's own schema (the dashboard's character rules
 * included), so a cell says as it is typed what the editor and the review would say.
 */
export function cellErrors(row: GridRow): Partial<Record<GridField | "question", string>> {
  const common = { title: row.question, required: row.required };
  const form =
    row.type === "text_input"
      ? {
          ...common,
          type: row.type,
          instructions: row.instructions,
          maxAllowedCharacters: /^\s*\d+\s*$/.test(row.limit) ? Number(row.limit) : Number.NaN,
          addOnPrice: row.price,
        }
      : {
          ...common,
          type: row.type,
          instructions: "",
          options: row.choices === "" ? [] : row.choices.split(CHOICE_SEPARATOR).map((label) => ({ label })),
        };
  const parsed = sellerQuestionsSchema.safeParse([form]);
  const errors: Partial<Record<GridField | "question", string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[1])] ?? "question";
    errors[field] ??= issue.message;
  }
  return errors;
}

export const sameValues = (a: GridValues, b: GridValues) => GRID_FIELDS.every((field) => a[field] === b[field]);

/**
 * Fill-down as spreadsheets do it: the value of the first row of a range copied into the same column of the range's
 * other rows that ask that field (Ctrl+D on one cell is the range from the cell above to it).
 */
export function fillDown(rows: readonly GridRow[], range: { from: number; to: number }, field: GridField): GridRow[] {
  const source = rows[range.from];
  if (!source || !editable(source, field)) return [...rows];
  return rows.map((row, index) =>
    index > range.from && index <= range.to && editable(row, field) ? { ...row, [field]: source[field] } : row,
  );
}
