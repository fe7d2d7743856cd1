// Spreadsheet programs run a cell that begins with =, +, -, @, a tab or a carriage return as a formula (CSV injection,
// OWASP): a buyer's answer such as "=HYPERLINK(…)" must arrive as the text it is. A leading apostrophe makes it text.
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutralised = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
