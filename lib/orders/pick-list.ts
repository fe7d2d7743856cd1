import type { SheetListing } from "./production-sheet";

// What the maker sets up for: the sheet's items grouped by listing, then by the choices each item was bought with
// (its dropdown answers together), in items: "Gold ×13, Silver ×5".

export type PickGroup = { choice: string; items: number };
export type PickListing = { listingId: number | null; title: string; items: number; groups: PickGroup[] };

export const NO_CHOICE = "No choice asked";

export function pickList(sheet: readonly SheetListing[]): PickListing[] {
  return sheet.map((listing) => {
    const choices = new Map<number, { choice: string[]; quantity: number }>();
    for (const question of listing.questions)
      for (const row of question.rows) {
        const item = choices.get(row.transactionId) ?? { choice: [], quantity: row.quantity };
        if (question.type === "dropdown" && row.answer) item.choice.push(row.answer);
        choices.set(row.transactionId, item);
      }
    const groups = new Map<string, number>();
    for (const { choice, quantity } of choices.values()) {
      const key = choice.join(" · ") || NO_CHOICE;
      groups.set(key, (groups.get(key) ?? 0) + quantity);
    }
    const sorted = [...groups]
      .map(([choice, items]) => ({ choice, items }))
      .sort((a, b) => b.items - a.items || a.choice.localeCompare(b.choice));
    return {
      listingId: listing.listingId,
      title: listing.title,
      items: sorted.reduce((sum, group) => sum + group.items, 0),
      groups: sorted,
    };
  });
}

export const pickWords = (listing: PickListing) =>
  listing.groups.map((group) => `${group.choice} ×${group.items}`).join(", ");
