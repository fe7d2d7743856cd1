import { isZip, unpacksWithin } from "../spreadsheet/unpacked-size";
import { declaredRows, isWorksheet } from "../spreadsheet/worksheet-rows";
import { csvSheet, type Sheet } from "./csv-sheet";
import { workbookSheet } from "./workbook";
import { wholeNumber } from "../whole-number";

export const SHEET_MAX_BYTES = 5_000_000;
// Far more than the questions of a shop at the marketplace's listing limit take, unpacked.
const UNPACKED_MAX_BYTES = 40_000_000;

/**
 * The rows of an imported file: the Excel workbook the dashboard exports, or CSV in UTF-8 (as exported, or saved by a
 * spreadsheet program). `questionsMax`, the most questions the seller's shop can hold, bounds the rows read: a file
 * cannot cost more than the shop it is for.
 */
export async function sheetOfFile(
  bytes: Uint8Array,
  questionsMax = Infinity,
): Promise<{ ok: true; sheet: Sheet } | { ok: false; error: string; status: 400 | 422 }> {
  // The header, then at most one row a question.
  const maxRows = questionsMax + 1;
  const refused = (status: 400 | 422, error: string) => ({ ok: false as const, status, error });
  const tooMany = refused(
    422,
    `This file has more than ${wholeNumber(questionsMax)} rows, more than your shop's listings can hold as questions (one row each): nothing was planned. Export your questions again and edit that file.`,
  );
  if (isZip(bytes)) {
    // The reader parses a sheet whole before its first row (the workbook's parts come in any order), so the rows a
    // sheet declares are counted first, as it is unpacked.
    let declared = 0;
    const countRows = (name: string, xml: Uint8Array) => {
      if (isWorksheet(name)) declared = Math.max(declared, declaredRows(xml, maxRows));
    };
    if (!unpacksWithin(bytes, UNPACKED_MAX_BYTES, countRows))
      return refused(
        400,
        "This Excel file unpacks to more than 40 MB, far more than a shop's questions: export your questions again and edit that file.",
      );
    if (declared > maxRows) return tooMany;
    const sheet = await workbookSheet(bytes, maxRows);
    if (sheet === "too many rows") return tooMany;
    if (sheet) return { ok: true, sheet };
    return refused(
      400,
      "The dashboard could not read this Excel file. Export your questions again, edit that file, and save it as an Excel workbook (.xlsx).",
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refused(
      400,
      "The file is neither an Excel workbook nor UTF-8 text. Save it from your spreadsheet as “Excel Workbook (.xlsx)” or as “CSV UTF-8”.",
    );
  }
  const sheet = await csvSheet(text, maxRows);
  return sheet === "too many rows" ? tooMany : { ok: true, sheet };
}
