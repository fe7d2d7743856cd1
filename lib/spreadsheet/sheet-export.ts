import ExcelJS from "exceljs";
import Papa from "papaparse";
import { neutralisedCell } from "./safe-cell";

export type SheetColumn = { name: string; width: number; hidden?: boolean };
/** A table as an export writes it: the worksheet's name, the columns in order, and each row's cells as text. */
export type SheetTable = { name: string; columns: readonly SheetColumn[]; rows: readonly (readonly string[])[] };
export type SheetFormat = "csv" | "xlsx";

const CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** CSV with a byte order mark and CRLF line ends, as spreadsheet programs expect; no cell is read as a formula. */
export function sheetCsv(table: SheetTable): string {
  const fields = table.columns.map((column) => column.name);
  const data = table.rows.map((cells) => cells.map(neutralisedCell));
  return `\uFEFF${Papa.unparse({ fields, data }, { newline: "\r\n" })}\r\n`;
}

// Every cell is text, so an id or a price keeps its digits and an answer is never read as a number or a date; a text
// cell is never run as a formula, so the workbook holds each text as it is.
export async function sheetWorkbook(table: SheetTable): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(table.name, { views: [{ state: "frozen", ySplit: 1 }] });
  worksheet.columns = table.columns.map(({ name, width, hidden = false }) => ({
    header: name,
    key: name,
    width,
    hidden,
  }));
  worksheet.getRow(1).font = { bold: true };
  for (const cells of table.rows) worksheet.addRow([...cells]);
  worksheet.eachRow((row) =>
    row.eachCell((cell) => {
      cell.numFmt = "@";
      cell.alignment = { wrapText: true, vertical: "top" };
    }),
  );
  return new Uint8Array(await workbook.xlsx.writeBuffer()) as Uint8Array<ArrayBuffer>;
}

/** The table as a download named `fileName`, never cached: it holds the seller's shop as it is now. */
export async function sheetDownload(format: SheetFormat, table: SheetTable, fileName: string): Promise<Response> {
  const body = format === "xlsx" ? await sheetWorkbook(table) : sheetCsv(table);
  return new Response(body, {
    headers: {
      "content-type": CONTENT_TYPES[format],
      "content-disposition": `attachment; filename="${fileName}.${format}"`,
      "cache-control": "no-store",
    },
  });
}
