import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { Sheet, SheetRead } from "./csv-sheet";

/** A cell's text as the seller sees it; a number typed into a text column keeps its digits. */
function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("text" in value && typeof value.text === "string") return value.text;
  if ("result" in value) return value.result === undefined ? "" : textOf(value.result as ExcelJS.CellValue);
  return "";
}

/**
 * The rows of the workbook's first sheet, numbered as Excel numbers them, read as a stream: the whole-workbook
 * loader holds the event loop for seconds on a file of many rows.
 */
export async function workbookSheet(bytes: Uint8Array, maxRows = Infinity): Promise<SheetRead | null> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
  });
  const rows: Sheet["rows"] = [];
  let declared = 0;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        // Every row the file declares counts, empty or not, and so does its number: a file of 400,000 empty rows
        // would otherwise be read whole.
        if (++declared > maxRows || row.number > maxRows) return "too many rows";
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        // Empty cells are holes in `values`, which map() would keep as holes.
        const cells = Array.from(values, (value) => textOf(value ?? null));
        if (cells.some((cell) => cell.trim() !== "")) rows.push({ row: row.number, cells });
      }
      break;
    }
  } catch {
    return null;
  }
  if (rows.length === 0) return null;
  // A row ends at its last cell with a value: the empty cells after it are the header's too.
  const width = rows[0]!.cells.length;
  for (const row of rows) while (row.cells.length < width) row.cells.push("");
  return { rows, errors: [], neutralised: false };
}
