import type { KeyboardEvent } from "react";
import type { GridField } from "@/lib/changes/grid-rows";
import { columns } from "./grid-columns";

const PAGE_ROWS = 10;

export type GridKeyTarget = {
  row: number;
  col: number;
  rowCount: number;
  anchor: number | null;
  activeField: GridField | null;
  /** Whether the last step changed this very cell, so Escape takes it back. */
  lastStepHere: boolean;
  setAnchor: (row: number) => void;
  move: (row: number, col: number, extend?: boolean) => void;
  startEdit: (typed?: string) => void;
  fill: () => void;
  undo: () => void;
};

/** The grid's keys, as spreadsheets have them: arrows, Home/End, Page Up/Down, Enter or F2, Ctrl+D, Ctrl+Z. */
export function onGridKey(event: KeyboardEvent, grid: GridKeyTarget) {
  const { row, col, rowCount, activeField } = grid;
  const command = event.ctrlKey || event.metaKey;
  switch (event.key) {
    case "ArrowDown":
    case "ArrowUp":
      if (event.shiftKey && grid.anchor === null) grid.setAnchor(row);
      // With Ctrl (Cmd), to the last or first row, as spreadsheets do: Ctrl+Shift+Down chooses the rest of a column.
      if (command) grid.move(event.key === "ArrowDown" ? rowCount - 1 : 0, col, event.shiftKey);
      else grid.move(row + (event.key === "ArrowDown" ? 1 : -1), col, event.shiftKey);
      break;
    case "Escape":
      // Puts back what the last step changed here, such as a Required toggled by Enter.
      if (!grid.lastStepHere) return;
      grid.undo();
      break;
    case "ArrowLeft":
      grid.move(row, col - 1);
      break;
    case "ArrowRight":
      grid.move(row, col + 1);
      break;
    case "Home":
      grid.move(command ? 0 : row, 0);
      break;
    case "End":
      grid.move(command ? rowCount - 1 : row, columns.length - 1);
      break;
    case "PageDown":
      grid.move(row + PAGE_ROWS, col);
      break;
    case "PageUp":
      grid.move(row - PAGE_ROWS, col);
      break;
    case "Enter":
    case "F2":
      grid.startEdit();
      break;
    case " ":
      if (activeField !== "required") return;
      grid.startEdit();
      break;
    default:
      if (command && event.key.toLowerCase() === "d") grid.fill();
      else if (command && event.key.toLowerCase() === "z" && !event.shiftKey) grid.undo();
      else if (event.key.length === 1 && !command && !event.altKey && activeField !== "required")
        grid.startEdit(event.key);
      else return;
  }
  event.preventDefault();
}
