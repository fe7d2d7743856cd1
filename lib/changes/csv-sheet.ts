import Papa from "papaparse";

/** A problem of the file, at a row and column as a spreadsheet program numbers them (the column empty for a whole row). */
export type CellError = { row: number; column: string; reason: string };

/** `row` counts as a spreadsheet program does: the header is row 1, and blank lines count. */
export type SheetRow = { row: number; cells: string[] };
/** `neutralised`: formula-like cells carry the apostrophe the CSV export added (lib/spreadsheet/safe-cell.ts). */
export type Sheet = { rows: SheetRow[]; errors: CellError[]; neutralised: boolean };
/** A sheet, or the word that it holds more rows than `maxRows`: reading stopped there. */
export type SheetRead = Sheet | "too many rows";

// A chunk takes a few milliseconds to parse; the event loop serves other requests between chunks.
const CHUNK_BYTES = 128 * 1024;

const QUOTE_REASONS: Record<string, string> = {
  MissingQuotes:
    'A quote (") opens a cell in this row and is never closed, so every row after it would be read as that one cell: close the quote, or write a quote inside a cell as two ("").',
  InvalidQuotes:
    'A quote (") in this row stands where a cell cannot have one: quote the whole cell and write a quote inside it as two ("").',
};

const occurrences = (text: string, character: string) => text.split(character).length - 1;

// The delimiter is read from the header row alone (a spreadsheet program may save with `;` or tabs): guessed from the
// whole file, a choice of "||" or a line of semicolons in a cell would turn every row into one cell.
function delimiterOf(text: string) {
  const end = text.search(/\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  return [";", "\t"].reduce(
    (best, candidate) => (occurrences(header, candidate) > occurrences(header, best) ? candidate : best),
    ",",
  );
}

/**
 * Every record of a CSV file, parsed a chunk at a time, up to `maxRows` rows. Blank lines count too (one more for the
 * line end after the last row): a file of millions of them would otherwise be parsed whole.
 */
export function csvSheet(text: string, maxRows = Infinity): Promise<SheetRead> {
  return new Promise((resolve, reject) => {
    const rows: SheetRow[] = [];
    const errors: CellError[] = [];
    let records = 0;
    const tooMany = () => rows.length > maxRows || records > maxRows + 1;
    const unmarked = text.replace(/^\uFEFF/, "");
    Papa.parse<string[]>(unmarked, {
      delimiter: delimiterOf(unmarked),
      chunkSize: CHUNK_BYTES,
      chunk: (result: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        for (const error of result.errors) {
          const reason = QUOTE_REASONS[error.code];
          if (reason) errors.push({ row: records + (error.row ?? 0) + 1, column: "", reason });
        }
        for (const record of result.data) {
          records += 1;
          if (record.length === 1 && record[0]!.trim() === "") continue;
          rows.push({ row: records, cells: record });
        }
        if (tooMany()) {
          parser.abort();
          return;
        }
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(tooMany() ? "too many rows" : { rows, errors, neutralised: true }),
      error: reject,
    });
  });
}
