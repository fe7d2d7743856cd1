import ExcelJS from "exceljs";
import type { Sheet } from "./csv-sheet";
import { COLUMNS, questionRows } from "./spreadsheet";
import type { ListingQuestions } from "./stored-question";

// Every cell is text, so an id or a price keeps its digits; a text cell is never run as a formula.
export async function exportQuestionsWorkbook(listings: readonly ListingQuestions[]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Questions", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({ header: column, key: column, width: column === "options" ? 30 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of questionRows(listings)) sheet.addRow(cells);
  sheet.eachRow((row) => {
    row.eachCell((cell) => {
      cell.numFmt = "@";
      cell.alignment = { wrapText: true, vertical: "top" };
    });
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer()) as Uint8Array<ArrayBuffer>;
}

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

/** The rows of the workbook's "Questions" sheet (or its first), numbered as Excel numbers them. */
export async function workbookSheet(bytes: Uint8Array): Promise<Sheet | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    return null;
  }
  const sheet = workbook.getWorksheet("Questions") ?? workbook.worksheets[0];
  if (!sheet) return null;
  const rows: Sheet["rows"] = [];
  const width = sheet.getRow(1).cellCount;
  sheet.eachRow((row, number) => {
    const cells = Array.from({ length: Math.max(width, row.cellCount) }, (_, index) =>
      textOf(row.getCell(index + 1).value),
    );
    if (cells.some((cell) => cell.trim() !== "")) rows.push({ row: number, cells });
  });
  return { rows, errors: [] };
}
