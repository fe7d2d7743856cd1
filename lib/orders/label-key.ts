import type { SheetListing } from "./production-sheet";

// A label key per parcel, as label tools print them: at most 3 lines of 26 characters (the order, its items, the
// first word of its first written answer), so the package finds its piece.

export const LABEL_LINES = 3;
export const LABEL_WIDTH = 26;

const fit = (line: string) => (line.length > LABEL_WIDTH ? `${line.slice(0, LABEL_WIDTH - 1)}…` : line);

const firstWord = (answer: string) => answer.trim().split(/\s+/u)[0] ?? "";

/** Each order's label key on the sheet, its lines joined by line breaks. */
export function labelKeys(sheet: readonly SheetListing[]): Map<number, string> {
  const items = new Map<number, Map<number, number>>();
  const words = new Map<number, string>();
  for (const listing of sheet)
    for (const question of listing.questions)
      for (const row of question.rows) {
        items.set(row.receiptId, (items.get(row.receiptId) ?? new Map()).set(row.transactionId, row.quantity));
        if (question.type === "text_input" && !words.has(row.receiptId) && firstWord(row.answer))
          words.set(row.receiptId, firstWord(row.answer));
      }
  const keys = new Map<number, string>();
  for (const [receiptId, quantities] of items) {
    const count = [...quantities.values()].reduce((sum, quantity) => sum + quantity, 0);
    const lines = [`Order ${receiptId}`, `${count} ${count === 1 ? "item" : "items"}`, words.get(receiptId) ?? ""];
    keys.set(receiptId, lines.filter(Boolean).slice(0, LABEL_LINES).map(fit).join("\n"));
  }
  return keys;
}
