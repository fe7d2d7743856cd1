// A pasted list or an uploaded file beyond these is refused whole, before it is read: apart from the parser, so the
// browser checks a file's size without loading the CSV library.
export const LIST_MAX_BYTES = 256 * 1024;
export const LIST_MAX_LINES = 500;
