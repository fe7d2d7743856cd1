import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutralisedCell, restoredCell } from "./safe-cell";

describe("formula-like cells", () => {
  it.each([
    "=1+1",
    "+31 6 1234",
    "-5",
    "@SUM(A1)",
    "\tindented",
    "\rreturn",
    "'=already quoted",
    '=HYPERLINK("http://evil.example")',
  ])("starts %j with an apostrophe so a spreadsheet shows it as text", (text) => {
    expect(neutralisedCell(text)).toBe(`'${text}`);
    expect(restoredCell(neutralisedCell(text))).toBe(text);
  });

  it("leaves other text, apostrophes included, as it is", () => {
    for (const text of ["Name", "'Tis the season", "a=b", "", "5 - 6"]) {
      expect(neutralisedCell(text)).toBe(text);
      expect(restoredCell(text)).toBe(text);
    }
  });

  it("restores every text it neutralised", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("'", "=", "+", "-", "@", "\t", "\r", "a", " ") }), (text) => {
        expect(restoredCell(neutralisedCell(text))).toBe(text);
        expect(neutralisedCell(text)).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});
