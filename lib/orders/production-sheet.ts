import Papa from "papaparse";
import ExcelJS from "exceljs";
import { neutralisedCell } from "../spreadsheet/safe-cell";
import type { AnsweredOrder } from "./asked-questions";

// What to make: open orders grouped by listing, then by question, one row per item with each answer, for the printed
// sheet, its CSV and its Excel workbook alike.

export type SheetRow = { receiptId: number; buyerName: string; quantity: number; answer: string; check: string };
export type SheetQuestion = { key: string; questionId: number | null; title: string; rows: SheetRow[] };
export type SheetListing = { listingId: number | null; title: string; questions: SheetQuestion[] };

export function productionSheet(orders: readonly AnsweredOrder[]): SheetListing[] {
  const listings = new Map<string, SheetListing & { byQuestion: Map<string, SheetQuestion> }>();
  for (const order of orders)
    for (const item of order.items) {
      if (item.questions.length === 0) continue;
      const listingKey = String(item.listingId ?? item.title);
      let listing = listings.get(listingKey);
      if (!listing)
        listings.set(
          listingKey,
          (listing = { listingId: item.listingId, title: item.title, questions: [], byQuestion: new Map() }),
        );
      for (const question of item.questions) {
        const key = question.questionId === null ? `title:${question.title}` : String(question.questionId);
        let group = listing.byQuestion.get(key);
        if (!group) {
          group = { key, questionId: question.questionId, title: question.titleToday || question.title, rows: [] };
          listing.byQuestion.set(key, group);
          listing.questions.push(group);
        }
        group.rows.push({
          receiptId: order.receiptId,
          buyerName: order.buyerName,
          quantity: item.quantity,
          answer: question.answer?.value ?? "",
          check: question.flags.map((flag) => flag.message).join(" "),
        });
      }
    }
  return [...listings.values()]
    .map(({ byQuestion: _unused, ...listing }) => listing)
    .sort((a, b) => a.title.localeCompare(b.title, "en", { numeric: true }));
}

export const SHEET_COLUMNS = [
  "listing_id",
  "listing",
  "question_id",
  "question",
  "order",
  "buyer",
  "quantity",
  "answer",
  "check",
] as const;

export function sheetRows(sheet: readonly SheetListing[]): string[][] {
  return sheet.flatMap((listing) =>
    listing.questions.flatMap((question) =>
      question.rows.map((row) =>
        [
          listing.listingId === null ? "" : String(listing.listingId),
          listing.title,
          question.questionId === null ? "" : String(question.questionId),
          question.title,
          String(row.receiptId),
          row.buyerName,
          String(row.quantity),
          row.answer,
          row.check,
        ].map(neutralisedCell),
      ),
    ),
  );
}

/** CSV with a byte order mark and CRLF line ends, as spreadsheet programs expect. */
export const sheetCsv = (sheet: readonly SheetListing[]) =>
  `\uFEFF${Papa.unparse({ fields: [...SHEET_COLUMNS], data: sheetRows(sheet) }, { newline: "\r\n" })}\r\n`;

/** Every cell text, so an order number keeps its digits and an answer is never read as a number or a date. */
export async function sheetWorkbook(sheet: readonly SheetListing[]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet("Production", { views: [{ state: "frozen", ySplit: 1 }] });
  worksheet.columns = SHEET_COLUMNS.map((column) => ({
    header: column,
    key: column,
    width: column === "answer" || column === "check" ? 40 : 16,
  }));
  worksheet.getRow(1).font = { bold: true };
  for (const cells of sheetRows(sheet)) worksheet.addRow(cells);
  worksheet.eachRow((row) =>
    row.eachCell((cell) => {
      cell.numFmt = "@";
      cell.alignment = { wrapText: true, vertical: "top" };
    }),
  );
  return new Uint8Array(await workbook.xlsx.writeBuffer()) as Uint8Array<ArrayBuffer>;
}
