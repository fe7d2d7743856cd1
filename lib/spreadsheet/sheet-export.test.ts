import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { sheetCsv, sheetDownload, sheetWorkbook, type SheetTable } from "./sheet-export";

const table: SheetTable = {
  name: "Orders",
  columns: [
    { name: "id", width: 16 },
    { name: "answer", width: 40 },
    { name: "version", width: 16, hidden: true },
  ],
  rows: [
    ["00123", "=1+1", "v1"],
    ["2", 'Say "hi", Ada', ""],
  ],
};

describe("the one writer of every export", () => {
  it("writes CSV with a byte order mark, CRLF line ends and formula-like cells neutralised", () => {
    expect(sheetCsv(table)).toBe('\uFEFFid,answer,version\r\n00123,\'=1+1,v1\r\n2,"Say ""hi"", Ada",\r\n');
  });

  it("writes an Excel workbook of text cells as typed, the header bold and frozen, hidden columns hidden", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await sheetWorkbook(table)).buffer);
    const sheet = workbook.getWorksheet("Orders")!;
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect([sheet.getColumn(2).width, sheet.getColumn(3).hidden]).toEqual([40, true]);
    const id = sheet.getCell("A2");
    const answer = sheet.getCell("B2");
    expect([id.value, id.numFmt]).toEqual(["00123", "@"]);
    expect([answer.value, answer.type]).toEqual(["=1+1", ExcelJS.ValueType.String]);
  });

  it("answers a download that names the file by its format and is never cached", async () => {
    const csv = await sheetDownload("csv", table, "orders-7");
    expect(Object.fromEntries(csv.headers)).toEqual({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="orders-7.csv"',
      "cache-control": "no-store",
    });
    const xlsx = await sheetDownload("xlsx", table, "orders-7");
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers.get("content-disposition")).toBe('attachment; filename="orders-7.xlsx"');
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });
});
