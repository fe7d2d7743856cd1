import type { Row } from "@tanstack/react-table";
import { editable, type GridField, type GridRow as Values } from "@/lib/changes/grid-rows";
import { FIELDS, ROW_HEIGHT, TEMPLATE, errorsOf, shown } from "./grid-columns";
import { GridCellEditor } from "./grid-cell-editor";

// On a narrow screen the listing's name stays in view while the other columns scroll under it.
const STICKY = "sticky left-0 z-[1] bg-white";

// Where Enter, Tab and Shift+Tab take the focus after a commit.
const STEP = { down: 0, right: 1, left: -1 };

/** One question of one listing: a cell per column, the active one open for editing, each edit and broken rule marked. */
export function GridRow({
  tableRow,
  index,
  top,
  was,
  activeCol,
  range,
  draft,
  canChange,
  onActivate,
  onEdit,
  onCommit,
  onMove,
  onCancel,
}: {
  tableRow: Row<Values>;
  index: number;
  top: number;
  /** The row as the grid opened it, to mark what changed. */
  was: Values;
  /** The active cell's column when it is in this row. */
  activeCol: number | null;
  /** The rows Ctrl+D fills, when the active column's range takes in this row. */
  range: { col: number; from: number; to: number } | null;
  /** What the open cell holds, when the active cell is open. */
  draft: string | null;
  canChange: (field: GridField | null) => field is GridField;
  onActivate: (col: number) => void;
  onEdit: (col: number, draft: string) => void;
  onCommit: (value: string) => void;
  onMove: (row: number, col: number) => void;
  onCancel: () => void;
}) {
  const row = tableRow.original;
  const errors = errorsOf(row);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="absolute left-0 grid w-full border-t border-stone-200 text-sm"
      style={{ gridTemplateColumns: TEMPLATE, height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      {tableRow.getVisibleCells().map((cell, col) => {
        const field = FIELDS[col] ?? null;
        const isActive = activeCol === col;
        const inRange = range !== null && col === range.col && index >= range.from && index <= range.to;
        const open = isActive && draft !== null && field !== null;
        const error = field ? errors[field] : col === 1 ? errors.question : undefined;
        const asked = field === null || editable(row, field);
        const edited = field !== null && asked && row[field] !== was[field];
        return (
          <div
            key={cell.id}
            role={col === 0 ? "rowheader" : "gridcell"}
            aria-colindex={col + 1}
            aria-readonly={!canChange(field) || undefined}
            aria-selected={inRange || undefined}
            tabIndex={isActive && !open ? 0 : -1}
            data-cell={`${index}:${col}`}
            onClick={() => onActivate(col)}
            onDoubleClick={() => {
              onActivate(col);
              if (canChange(field) && field !== "required") onEdit(col, row[field]);
            }}
            className={`${col === 0 ? STICKY : "relative"} min-w-0 px-2 py-1.5 outline-none focus:ring-2 focus:ring-inset focus:ring-blue-600 ${inRange ? "bg-blue-50" : edited ? "bg-amber-50" : ""} ${error ? "ring-1 ring-inset ring-red-600" : ""}`}
          >
            {open ? (
              <GridCellEditor
                field={field}
                row={row}
                initial={draft}
                onCommit={(value, then) => {
                  onCommit(value);
                  if (then !== "stay") onMove(index + (then === "down" ? 1 : 0), col + STEP[then]);
                }}
                onCancel={onCancel}
              />
            ) : (
              <>
                <span className={`block truncate ${asked ? "" : "text-stone-500"}`}>
                  {field === null ? String(cell.getValue()) : asked ? shown(row, field) : "—"}
                  {!asked && <span className="sr-only">not asked for this kind of question</span>}
                </span>
                {error && (
                  <span title={error} className="line-clamp-2 text-xs leading-4 text-red-700">
                    {error}
                  </span>
                )}
                {edited && !error && <span className="block text-xs text-stone-600">changed</span>}
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
