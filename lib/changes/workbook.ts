import ExcelJS from "exceljs";
import { COLUMNS, questionRows } from "./spreadsheet";
import type { ListingQuestions } from "../marketplace/stored-question";

// Every cell is text, so an id or a price keeps its digits; the import takes CSV (Excel's "CSV UTF-8").
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
