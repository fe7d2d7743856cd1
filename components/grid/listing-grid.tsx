"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useRouter } from "next/navigation";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { planGridAction } from "@/app/listings/grid/plan-grid";
import { callAction } from "../feedback/call-action";
import { editable, fillDown, sameValues, type GridField, type GridRow } from "@/lib/changes/grid-rows";
import { CHOICE_SEPARATOR, fieldErrors } from "@/lib/personalization/typed-question";
import { formatMoney } from "@/lib/marketplace/money";
import { GridCellEditor } from "./grid-cell-editor";

const ROW_HEIGHT = 64;
const PAGE_ROWS = 10;
const UNDO_STEPS = 100;
// On a narrow screen the listing's name stays in view while the other columns scroll under it.
const STICKY = "sticky left-0 z-[1] bg-white";
const help = createColumnHelper<GridRow>();
const columns = [
  help.accessor("listingTitle", { id: "listing", header: "Listing" }),
  help.accessor("question", { id: "question", header: "Question" }),
  help.accessor("instructions", { id: "instructions", header: "Instructions" }),
  help.accessor("limit", { id: "limit", header: "Character limit" }),
  help.accessor("required", { id: "required", header: "Required" }),
  help.accessor("price", { id: "price", header: "Add-on price" }),
  help.accessor("choices", { id: "choices", header: "Dropdown choices" }),
];
const FIELDS: (GridField | null)[] = [null, null, "instructions", "limit", "required", "price", "choices"];
const TEMPLATE = "minmax(9rem,1.1fr) minmax(8rem,1fr) minmax(16rem,2.4fr) 6.5rem 6rem 7rem minmax(9rem,1.3fr)";

const errorCache = new WeakMap<GridRow, ReturnType<typeof fieldErrors>>();
function errorsOf(row: GridRow) {
  let errors = errorCache.get(row);
  if (!errors) errorCache.set(row, (errors = fieldErrors(row)));
  return errors;
}

function shown(row: GridRow, field: GridField): string {
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

type Position = { row: number; col: number };
/** One step Ctrl+Z takes back: the rows before it, and the cell it changed (the first, for a fill). */
type Step = { rows: GridRow[]; at: Position; what: string };

/** Many listings' questions in one grid: every cell is checked as typed, and nothing is written until the review. */
export function ListingGrid({
  initial,
  versions,
  canEdit,
}: {
  initial: GridRow[];
  /** What each listing held when the grid opened: only cells edited here are changes, whatever changed meanwhile. */
  versions: Record<string, string[]>;
  canEdit: boolean;
}) {
  const router = useRouter();
  const [rows, setRows] = useState(initial);
  const original = useMemo(() => new Map(initial.map((row) => [row.key, row])), [initial]);
  const [active, setActive] = useState<Position>({ row: 0, col: 2 });
  const [editing, setEditing] = useState<{ draft: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [past, setPast] = useState<Step[]>([]);
  // Shift+Up/Down from here selects a range of rows in the active column, which Ctrl+D fills from its first row.
  const [anchor, setAnchor] = useState<number | null>(null);
  const [review, setReview] = useState<{ pending: boolean; error?: string; notice?: string }>({ pending: false });
  const scroller = useRef<HTMLDivElement>(null);
  const wantFocus = useRef(false);

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

  const changed = useMemo(() => rows.filter((row) => !sameValues(row, original.get(row.key) ?? row)), [rows, original]);
  const broken = useMemo(() => changed.filter((row) => Object.keys(errorsOf(row)).length > 0).length, [changed]);

  useEffect(() => {
    if (editing || !wantFocus.current) return;
    let frames = 0;
    let handle = 0;
    const focus = () => {
      const cell = scroller.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`);
      if (cell) {
        cell.focus({ preventScroll: false });
        wantFocus.current = false;
      } else if (frames++ < 10) handle = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(handle);
  }, [active, editing]);

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
    [rows.length, virtualizer],
  );

  const activeRow = rows[active.row];
  const activeField = FIELDS[active.col] ?? null;
  const canChange = (row: GridRow | undefined, field: GridField | null): field is GridField =>
    canEdit && row !== undefined && field !== null && editable(row, field);

  const change = (next: GridRow[], what: string) => {
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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    const { row, col } = active;
    const command = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (event.shiftKey && anchor === null) setAnchor(row);
        // With Ctrl (Cmd), to the last or first row, as spreadsheets do: Ctrl+Shift+Down chooses the rest of a column.
        if (command) move(event.key === "ArrowDown" ? rows.length - 1 : 0, col, event.shiftKey);
        else move(row + (event.key === "ArrowDown" ? 1 : -1), col, event.shiftKey);
        break;
      case "Escape":
        // Puts back what the last step changed here, such as a Required toggled by Enter.
        if (past.at(-1)?.at.row !== row || past.at(-1)?.at.col !== col) return;
        undo();
        break;
      case "ArrowLeft":
        move(row, col - 1);
        break;
      case "ArrowRight":
        move(row, col + 1);
        break;
      case "Home":
        move(command ? 0 : row, 0);
        break;
      case "End":
        move(command ? rows.length - 1 : row, columns.length - 1);
        break;
      case "PageDown":
        move(row + PAGE_ROWS, col);
        break;
      case "PageUp":
        move(row - PAGE_ROWS, col);
        break;
      case "Enter":
      case "F2":
        startEdit();
        break;
      case " ":
        if (activeField !== "required") return;
        startEdit();
        break;
      default:
        if (command && event.key.toLowerCase() === "d") fill();
        else if (command && event.key.toLowerCase() === "z" && !event.shiftKey) undo();
        else if (event.key.length === 1 && !command && !event.altKey && activeField !== "required")
          startEdit(event.key);
        else return;
    }
    event.preventDefault();
  };

  const reviewChanges = async () => {
    setReview({ pending: true });
    const edits = changed.map(({ listingId, index, questionId, instructions, limit, required, price, choices }) => ({
      listingId,
      index,
      questionId,
      instructions,
      limit,
      required,
      price,
      choices,
    }));
    // The grid's edits live in the page only: a reload loses them, and the sentence says so.
    const opened = Object.fromEntries(
      [...new Set(edits.map((edit) => String(edit.listingId)))].map((id) => [id, versions[id] ?? []]),
    );
    const result = await callAction(() => planGridAction({ edits, versions: opened }), "lost");
    if (result.ok && result.data.planId === null) setReview({ pending: false, notice: result.data.message });
    else if (result.ok) router.push(`/changes/${result.data.planId}`);
    else setReview({ pending: false, error: result.formError });
  };

  const listingCount = new Set(changed.map((row) => row.listingId)).size;
  return (
    <div className="mt-4">
      <div
        ref={scroller}
        role="grid"
        aria-label={`Questions of ${new Set(rows.map((row) => row.listingId)).size} listings`}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length}
        onKeyDown={onKeyDown}
        className="max-h-[min(70vh,44rem)] overflow-auto rounded-xl bg-white ring-1 ring-stone-200"
      >
        <div className="min-w-[64rem]">
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
              const row = tableRow.original;
              const was = original.get(row.key) ?? row;
              const errors = errorsOf(row);
              return (
                <div
                  key={tableRow.id}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className="absolute left-0 grid w-full border-t border-stone-200 text-sm"
                  style={{
                    gridTemplateColumns: TEMPLATE,
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  {tableRow.getVisibleCells().map((cell, col) => {
                    const field = FIELDS[col] ?? null;
                    const isActive = active.row === item.index && active.col === col;
                    const inRange =
                      range !== null && col === active.col && item.index >= range.from && item.index <= range.to;
                    const open = isActive && editing !== null && field !== null;
                    const error = field ? errors[field] : col === 1 ? errors.question : undefined;
                    const asked = field === null || editable(row, field);
                    const edited = field !== null && asked && row[field] !== was[field];
                    return (
                      <div
                        key={cell.id}
                        role={col === 0 ? "rowheader" : "gridcell"}
                        aria-colindex={col + 1}
                        aria-readonly={!canChange(row, field) || undefined}
                        aria-selected={inRange || undefined}
                        tabIndex={isActive && !open ? 0 : -1}
                        data-cell={`${item.index}:${col}`}
                        onClick={() => setActive({ row: item.index, col })}
                        onDoubleClick={() => {
                          setActive({ row: item.index, col });
                          if (canChange(row, field) && field !== "required") setEditing({ draft: row[field] });
                        }}
                        className={`${col === 0 ? STICKY : "relative"} min-w-0 px-2 py-1.5 outline-none focus:ring-2 focus:ring-inset focus:ring-blue-600 ${inRange ? "bg-blue-50" : edited ? "bg-amber-50" : ""} ${error ? "ring-1 ring-inset ring-red-600" : ""}`}
                      >
                        {open ? (
                          <GridCellEditor
                            field={field}
                            row={row}
                            initial={editing.draft}
                            onCommit={(value, then) => {
                              commit(value);
                              if (then === "down") move(item.index + 1, col);
                              if (then === "right") move(item.index, col + 1);
                              if (then === "left") move(item.index, col - 1);
                            }}
                            onCancel={() => {
                              wantFocus.current = true;
                              setEditing(null);
                            }}
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
            })}
          </div>
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="sticky bottom-0 mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-stone-200">
        <p className="text-sm" data-testid="grid-summary" aria-live="polite">
          {changed.length === 0
            ? "No cell changed yet."
            : `${changed.length} ${changed.length === 1 ? "question" : "questions"} changed on ${listingCount} ${listingCount === 1 ? "listing" : "listings"}.`}
          {broken > 0 && ` ${broken} still ${broken === 1 ? "breaks" : "break"} a rule: fix the cells marked in red.`}
        </p>
        <button
          type="button"
          disabled={!canEdit || changed.length === 0 || broken > 0 || review.pending}
          onClick={() => void reviewChanges()}
          className="min-h-11 rounded-md bg-brand px-3 text-sm font-medium text-white ring-1 ring-brand hover:bg-brand-dark disabled:opacity-50 sm:ml-auto md:min-h-9"
        >
          {review.pending ? "Planning…" : `Review ${changed.length} ${changed.length === 1 ? "change" : "changes"}`}
        </button>
        {review.notice && (
          <p role="status" className="w-full text-sm text-stone-800">
            {review.notice}
          </p>
        )}
        {review.error && (
          <p role="alert" className="w-full text-sm text-red-800">
            {review.error}
          </p>
        )}
        {!canEdit && (
          <p className="w-full text-sm text-stone-700">
            You did not allow the dashboard to edit listings: sign in again and keep “Create and edit your listings”
            checked to change them.
          </p>
        )}
      </div>
    </div>
  );
}
