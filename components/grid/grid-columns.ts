import { createColumnHelper } from "@tanstack/react-table";
import type { GridField, GridRow } from "@/lib/changes/grid-rows";
import { CHOICE_SEPARATOR, fieldErrors } from "@/lib/personalization/typed-question";
import { formatMoney } from "@/lib/marketplace/money";

export const ROW_HEIGHT = 64;
const help = createColumnHelper<GridRow>();
export const columns = [
  help.accessor("listingTitle", { id: "listing", header: "Listing" }),
  help.accessor("question", { id: "question", header: "Question" }),
  help.accessor("instructions", { id: "instructions", header: "Instructions" }),
  help.accessor("limit", { id: "limit", header: "Character limit" }),
  help.accessor("required", { id: "required", header: "Required" }),
  help.accessor("price", { id: "price", header: "Add-on price" }),
  help.accessor("choices", { id: "choices", header: "Dropdown choices" }),
];
/** The field each column edits; the listing and the question name the row and are not edited here. */
export const FIELDS: (GridField | null)[] = [null, null, "instructions", "limit", "required", "price", "choices"];
export const TEMPLATE = "minmax(9rem,1.1fr) minmax(8rem,1fr) minmax(16rem,2.4fr) 6.5rem 6rem 7rem minmax(9rem,1.3fr)";

const errorCache = new WeakMap<GridRow, ReturnType<typeof fieldErrors>>();
export function errorsOf(row: GridRow) {
  let errors = errorCache.get(row);
  if (!errors) errorCache.set(row, (errors = fieldErrors(row)));
  return errors;
}

/** A cell's value as the grid shows it. */
export function shown(row: GridRow, field: GridField): string {
  if (field === "required") return row.required ? "Yes" : "No";
  if (field === "price") {
    const price = row.price.trim();
    if (price === "") return "None";
    // A typed price that is not one yet shows as typed, next to the rule it breaks.
    if (!/^\d+(\.\d{1,2})?$/.test(price) || row.currencyCode === null) return price;
    return formatMoney({ amount: Math.round(Number(price) * 100), divisor: 100, currencyCode: row.currencyCode });
  }
  if (field === "choices") return row.choices.split(CHOICE_SEPARATOR).join(", ");
  return row[field];
}
