import type { ProductionSheet } from "./production-sheet";

// A label key per parcel, as label tools print them: at most 3 lines of 26 characters (the order, its items, the
// first word of its first written answer), so the package finds its piece.

export const LABEL_LINES = 3;
export const LABEL_WIDTH = 26;

const fit = (line: string) => (line.length > LABEL_WIDTH ? `${line.slice(0, LABEL_WIDTH - 1)}…` : line);

const firstWord = (answer: string) => answer.trim().split(/\s+/u)[0] ?? "";

/** Each order's label key on the sheet, its lines joined by line breaks. */
export function labelKeys(sheet: Pick<ProductionSheet, "listings">): Map<number, string> {
  const items = new Map<number, number>();
  const words = new Map<number, string>();
  for (const listing of sheet.listings)
    for (const item of listing.items) {
      items.set(item.receiptId, (items.get(item.receiptId) ?? 0) + item.quantity);
      const written = item.answers.find((answer) => answer.type === "text_input" && firstWord(answer.value));
      if (written && !words.has(item.receiptId)) words.set(item.receiptId, firstWord(written.value));
    }
  const keys = new Map<number, string>();
  for (const [receiptId, count] of items) {
    const lines = [`Order ${receiptId}`, `${count} ${count === 1 ? "item" : "items"}`, words.get(receiptId) ?? ""];
    keys.set(receiptId, lines.filter(Boolean).slice(0, LABEL_LINES).map(fit).join("\n"));
  }
  return keys;
}
