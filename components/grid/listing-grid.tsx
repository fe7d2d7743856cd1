"use client";

import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { editable, fillDown, type GridField, type GridRow as Values } from "@/lib/changes/grid-rows";
import { PANEL_CLASS } from "../ui/panel";
import { FIELDS, ROW_HEIGHT, TEMPLATE, columns, shown } from "./grid-columns";
import { onGridKey } from "./grid-keys";
import { GridReviewBar } from "./grid-review-bar";
import { GridRow } from "./grid-row";
import { useCellFocus } from "./use-cell-focus";

const UNDO_STEPS = 100;

type Position = { row: number; col: number };
/** One step Ctrl+Z takes back: the rows before it, and the cell it changed (the first, for a fill). */
type Step = { rows: Values[]; at: Position; what: string };

/** Many listings' questions in one grid: every cell is checked as typed, and nothing is written until the review. */
export function ListingGrid({
  initial,
  versions,
  canEdit,
}: {
  initial: Values[];
  /** What each listing held when the grid opened: only cells edited here are changes, whatever changed meanwhile. */
  versions: Record<string, string[]>;
  canEdit: boolean;
}) {
  const [rows, setRows] = useState(initial);
  const original = useMemo(() => new Map(initial.map((row) => [row.key, row])), [initial]);
  const [active, setActive] = useState<Position>({ row: 0, col: 2 });
  const [editing, setEditing] = useState<{ draft: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [past, setPast] = useState<Step[]>([]);
  // Shift+Up/Down from here selects a range of rows in the active column, which Ctrl+D fills from its first row.
  const [anchor, setAnchor] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // The grid renders from its own state, so the compiler's skipped memoisation loses nothing.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.key });
  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // The active row stays rendered when scrolled away, so an open cell keeps its draft and the focus has a home.
    rangeExtractor: useCallback(
      (range: Range) => [...new Set([...defaultRangeExtractor(range), active.row])].sort((a, b) => a - b),
      [active.row],
    ),
  });

  const wantFocus = useCellFocus(scroller, active, editing !== null);

  const move = useCallback(
    (row: number, col: number, extend = false) => {
      if (!extend) setAnchor(null);
      const next = {
        row: Math.max(0, Math.min(rows.length - 1, row)),
        col: Math.max(0, Math.min(columns.length - 1, col)),
      };
      wantFocus.current = true;
      setActive(next);
      virtualizer.scrollToIndex(next.row);
    },
    [rows.length, virtualizer, wantFocus],
  );

  const activeRow = rows[active.row];
  const activeField = FIELDS[active.col] ?? null;
  const canChange = (row: Values | undefined, field: GridField | null): field is GridField =>
    canEdit && row !== undefined && field !== null && editable(row, field);

  const change = (next: Values[], what: string) => {
    setPast((steps) => [...steps.slice(-(UNDO_STEPS - 1)), { rows, at: active, what }]);
    setRows(next);
  };

  const undo = () => {
    const step = past.at(-1);
    if (!step) return setAnnouncement("Nothing to undo.");
    setPast(past.slice(0, -1));
    setRows(step.rows);
    move(step.at.row, step.at.col);
    setAnnouncement(`Undone: ${step.what}.`);
  };

  const commit = (value: string | boolean) => {
    if (!canChange(activeRow, activeField)) return;
    if (value !== activeRow![activeField]) {
      change(
        rows.map((row, index) => (index === active.row ? { ...row, [activeField]: value } : row)),
        `the edit of ${activeRow!.listingTitle}`,
      );
      setAnnouncement("");
    }
    setEditing(null);
    wantFocus.current = true;
  };

  const startEdit = (typed?: string) => {
    if (!canChange(activeRow, activeField)) return;
    if (activeField === "required") commit(!activeRow!.required);
    else setEditing({ draft: typed ?? activeRow![activeField] });
  };

  const range =
    anchor === null || anchor === active.row
      ? null
      : { from: Math.min(anchor, active.row), to: Math.max(anchor, active.row) };

  const fill = () => {
    if (!canEdit || activeField === null) return;
    const { from, to } = range ?? { from: active.row - 1, to: active.row };
    const source = rows[from];
    if (!source || !editable(source, activeField))
      return setAnnouncement(
        range ? "The first row of the range does not ask this." : "There is no value above this cell to fill down.",
      );
    const filled = rows.slice(from + 1, to + 1).filter((row) => editable(row, activeField)).length;
    change(fillDown(rows, { from, to }, activeField), `the fill of ${filled} ${filled === 1 ? "row" : "rows"}`);
    setAnnouncement(`Filled ${filled} ${filled === 1 ? "row" : "rows"} with “${shown(source, activeField)}”.`);
  };

  const lastStep = past.at(-1)?.at;
  const onKeyDown = (event: KeyboardEvent) => {
    if (editing) return;
    onGridKey(event, {
      ...active,
      rowCount: rows.length,
      anchor,
      activeField,
      lastStepHere: lastStep?.row === active.row && lastStep.col === active.col,
      setAnchor,
      move,
      startEdit,
      fill,
      undo,
    });
  };
  return (
    <div className="mt-4">
      <div
        ref={scroller}
        role="grid"
        aria-label={`Questions of ${new Set(rows.map((row) => row.listingId)).size} listings`}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length}
        onKeyDown={onKeyDown}
        className={`max-h-[min(70vh,44rem)] overflow-auto ${PANEL_CLASS}`}
      >
        <div className="min-w-[64rem]">
          {/* The column headers, kept in view while the rows scroll under them. */}
          <div role="rowgroup" className="sticky top-0 z-10 bg-stone-100">
            {table.getHeaderGroups().map((group) => (
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
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const tableRow = tableRows[item.index];
              if (!tableRow) return null;
              const isActiveRow = active.row === item.index;
              return (
                <GridRow
                  key={tableRow.id}
                  tableRow={tableRow}
                  index={item.index}
                  top={item.start}
                  was={original.get(tableRow.original.key) ?? tableRow.original}
                  activeCol={isActiveRow ? active.col : null}
                  range={range && { ...range, col: active.col }}
                  draft={isActiveRow && editing ? editing.draft : null}
                  canChange={(field): field is GridField => canChange(tableRow.original, field)}
                  onActivate={(col) => setActive({ row: item.index, col })}
                  onEdit={(col, draft) => {
                    setActive({ row: item.index, col });
                    setEditing({ draft });
                  }}
                  onCommit={commit}
                  onMove={move}
                  onCancel={() => {
                    wantFocus.current = true;
                    setEditing(null);
                  }}
                />
              );
            })}
          </div>
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <GridReviewBar rows={rows} original={original} versions={versions} canEdit={canEdit} />
    </div>
  );
}
