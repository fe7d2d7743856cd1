import type { Selection } from "./selection-schema";

/** The grid's address for a selection: its listing ids, or the filter it was made with. */
export function gridHref(selection: Selection): string {
  if (selection.kind === "listings") return `/listings/grid?ids=${selection.listingIds.join(",")}`;
  const params = new URLSearchParams({ state: selection.state });
  if (selection.q) params.set("q", selection.q);
  if (selection.filter) params.set("filter", selection.filter);
  if (selection.exclude?.length) params.set("exclude", selection.exclude.join(","));
  return `/listings/grid?${params}`;
}
