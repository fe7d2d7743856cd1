import type { SheetListing } from "./production-sheet";

// What the maker sets up for: the sheet's items grouped by listing, then by the choices each item was bought with
// (its dropdown answers together), in items: "Gold ×13, Silver ×5".

export type PickGroup = { choice: string; items: number };
export type PickListing = { listingId: number | null; title: string; items: number; groups: PickGroup[] };

export const NO_CHOICE = "No choice asked";

export function pickList(listings: readonly SheetListing[]): PickListing[] {
  return listings.map((listing) => {
    const groups = new Map<string, number>();
    for (const item of listing.items) {
      const choice = item.answers
        .filter((answer) => answer.type === "dropdown" && answer.value)
        .map((answer) => answer.value)
        .join(" · ");
      groups.set(choice || NO_CHOICE, (groups.get(choice || NO_CHOICE) ?? 0) + item.quantity);
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
