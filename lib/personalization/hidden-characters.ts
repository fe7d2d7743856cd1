// A dashboard rule, not the marketplace's: docs/marketplace.md §2.1 allows these characters and the sandbox keeps accepting them. Buyers
// cannot see them (NUL, controls) or they silently reorder what buyers read (bidi overrides, "Trojan Source"), and a
// lone surrogate is not text at all, so the dashboard refuses them in what a seller writes.

const NAMES: Record<number, string> = {
  0x0000: "NULL",
  0x0009: "TAB",
  0x000d: "CARRIAGE RETURN",
  0x061c: "ARABIC LETTER MARK",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
};

const HIDDEN =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

const nameOf = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0xd800 && code <= 0xdfff) return `${codePoint(char)} (half of an emoji or symbol)`;
  return `${codePoint(char)}${NAMES[code] ? ` ${NAMES[code]}` : " (a control character)"}`;
};

export function hiddenCharacters(text: string): string[] {
  return [...new Set([...text.matchAll(HIDDEN)].map(([char]) => nameOf(char)))];
}

export function hiddenCharactersMessage(found: string[]): string {
  const list = found.length > 3 ? `${found.slice(0, 3).join(", ")} and ${found.length - 3} more` : found.join(", ");
  return `Remove the invisible or direction-changing characters (${list}): buyers would not see them, or they would change the order of what buyers read. Retype the text or paste it as plain text.`;
}
