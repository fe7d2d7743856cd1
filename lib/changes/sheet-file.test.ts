import { describe, expect, it } from "vitest";
import { zipOf } from "../../test/harness/zip-of";
import { sheetOfFile } from "./sheet-file";
import { questionRowsBound } from "./shop-listing-ids";

const emptyRows = (count: number) =>
  `<?xml version="1.0"?><worksheet><sheetData>${Array.from({ length: count }, (_, index) => `<row r="${index + 1}"/>`).join("")}</sheetData></worksheet>`;

describe("the rows an import reads, while the shop's mirror fills and once it is filled", () => {
  it("is bounded by the listings kept, or while they are not yet known, by what reading the shop whole can find", () => {
    expect(questionRowsBound(new Set([1, 2, 3]))).toBe(15);
    // Five states, each paged to offset 12,000 by 100: 60,500 listings of at most five questions.
    expect(questionRowsBound(null)).toBe(302_500);
  });

  it("refuses an Excel file of 400,000 empty rows while the mirror fills, from the rows it declares, before parsing it", async () => {
    const file = await zipOf({ "xl/worksheets/sheet1.xml": emptyRows(400_000) });
    // Not a workbook a reader could open: parsed, it would be refused as unreadable (400), not for its rows.
    expect(await sheetOfFile(file, questionRowsBound(null))).toEqual({
      ok: false,
      status: 422,
      error:
        "This file has more than 302,500 rows, more than your shop's listings can hold as questions (one row each): nothing was planned. Export your questions again and edit that file.",
    });
    expect(await sheetOfFile(await zipOf({ "xl/worksheets/sheet1.xml": emptyRows(10) }), 302_500)).toMatchObject({
      ok: false,
      status: 400,
    });
  });
});
