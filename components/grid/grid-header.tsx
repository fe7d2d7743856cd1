import { flexRender, type HeaderGroup } from "@tanstack/react-table";
import type { GridRow } from "@/lib/changes/grid-rows";
import { TEMPLATE } from "./grid-columns";

/** The column headers, kept in view while the rows scroll under them. */
export function GridHeader({ groups }: { groups: HeaderGroup<GridRow>[] }) {
  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-stone-100">
      {groups.map((group) => (
        <div
          key={group.id}
          role="row"
          aria-rowindex={1}
          className="grid text-left text-sm font-semibold"
          style={{ gridTemplateColumns: TEMPLATE }}
        >
          {group.headers.map((header, col) => (
            <div
              key={header.id}
              role="columnheader"
              aria-colindex={col + 1}
              className={`px-2 py-2 ${col === 0 ? "sticky left-0 z-[2] bg-stone-100" : ""}`}
            >
              {flexRender(header.column.columnDef.header, header.getContext())}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
