import type { Font } from "fontkit";

// Sizes are given as the height of a capital letter in millimetres, as an engraver sets them: a font's units scale to
// millimetres by its own cap height (OS/2), or by its "H" where the table has none.

export function capHeightUnits(font: Font): number {
  if (font.capHeight > 0) return font.capHeight;
  const h = font.glyphForCodePoint(0x48).bbox;
  return h.maxY > 0 ? h.maxY : font.unitsPerEm * 0.7;
}

/** Millimetres per font unit when capitals are `capHeightMm` tall. */
export const mmPerUnit = (font: Font, capHeightMm: number) => capHeightMm / capHeightUnits(font);

/** The line's width in font units: its glyphs' advances with the font's kerning, as fontkit lays it out. */
export const lineUnits = (font: Font, line: string) => font.layout(line).advanceWidth;

export const lineWidthMm = (font: Font, line: string, capHeightMm: number) =>
  lineUnits(font, line) * mmPerUnit(font, capHeightMm);

/** The lines of an answer as made: a buyer's line breaks, with the spaces at either end of each line not engraved. */
export const linesOf = (text: string) =>
  text
    .normalize("NFC")
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

const UNPRINTED = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}]/u;

/** Each character of the text the font has no glyph for, once each, in the order they come. */
export function missingCharacters(font: Font, text: string): string[] {
  const missing = new Set<string>();
  for (const char of text.normalize("NFC"))
    if (!UNPRINTED.test(char) && !font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) missing.add(char);
  return [...missing];
}
