import { describe, expect, it } from "vitest";
import { declaredRows, isWorksheet } from "./worksheet-rows";

const sheetXml = (rows: string) =>
  new TextEncoder().encode(`<?xml version="1.0"?><worksheet><sheetData>${rows}</sheetData></worksheet>`);

describe("the rows a worksheet declares", () => {
  it("counts empty rows, rows with cells and rows under a namespace prefix alike", () => {
    const xml = sheetXml(
      '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"/><row r="3" ht="20" customHeight="1"></row><x:row r="4"/><rowBreaks/>',
    );
    expect(declaredRows(xml, 100)).toBe(4);
  });

  it("stops counting one row past the bound, however many the sheet declares", () => {
    const xml = sheetXml(Array.from({ length: 400_000 }, (_, index) => `<row r="${index + 1}"/>`).join(""));
    expect(declaredRows(xml, 2_001)).toBe(2_002);
  });

  it("knows a worksheet by its place in the workbook", () => {
    expect(isWorksheet("xl/worksheets/sheet1.xml")).toBe(true);
    expect(isWorksheet("xl/worksheets/_rels/sheet1.xml.rels")).toBe(false);
    expect(isWorksheet("xl/sharedStrings.xml")).toBe(false);
  });
});
