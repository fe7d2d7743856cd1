import type { ListingQuestions } from "../marketplace/question-wire";
import { typedQuestion, type TypedField, type TypedQuestion } from "../personalization/typed-question";

export const GRID_FIELDS = ["instructions", "limit", "required", "price", "choices"] as const satisfies TypedField[];
export type GridField = TypedField;

export type GridRow = TypedQuestion & {
  key: string;
  listingId: number;
  listingTitle: string;
  /** The question's place among its listing's questions, and its id when it has one. */
  index: number;
  questionId: number | null;
  /** The listing's currency, for showing a price as money (null when the marketplace sent no price). */
  currencyCode: string | null;
};

const USES: Record<GridRow["type"], readonly GridField[]> = {
  text_input: ["instructions", "limit", "required", "price"],
  dropdown: ["required", "choices"],
};

export const editable = (row: Pick<GridRow, "type">, field: GridField) => USES[row.type].includes(field);

/** One row per text or dropdown question; upload questions keep what they hold and have no row. */
export function gridRowsOf(listings: readonly ListingQuestions[]): GridRow[] {
  return listings.flatMap((listing) =>
    listing.questions.flatMap((question, index): GridRow[] => {
      const typed = typedQuestion(question);
      if (!typed) return [];
      return [
        {
          key: `${listing.listingId}:${index}`,
          listingId: listing.listingId,
          listingTitle: listing.title,
          index,
          questionId: question.id ?? null,
          currencyCode: listing.currencyCode,
          ...typed,
        },
      ];
    }),
  );
}

export const sameValues = (a: GridRow, b: GridRow) => GRID_FIELDS.every((field) => a[field] === b[field]);

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
