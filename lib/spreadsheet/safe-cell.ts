// CSV injection (OWASP): a spreadsheet program runs a cell that begins with one of these as a formula. A leading
// apostrophe makes it text; one is added before any run of apostrophes too, so restoring removes exactly one.
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

export const neutralisedCell = (text: string) => (FORMULA_LIKE.test(text) ? `'${text}` : text);

/** The cell as it was before `neutralisedCell`; any other text is left as it is. */
export const restoredCell = (text: string) => (NEUTRALISED.test(text) ? text.slice(1) : text);
