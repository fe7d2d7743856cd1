import * as fontkit from "fontkit";

// A font a seller uploads is read by fontkit, never by hand; what fontkit would be asked to unpack is bounded first,
// from the file's own header, so a small hostile file cannot make it allocate or inflate without end.

/** The largest font file kept: engraving fonts are tens of kilobytes, a whole-script family a few hundred. */
export const FONT_MAX_BYTES = 600_000;
/** What a WOFF or WOFF2 file may unpack to, as its header declares it. */
const UNPACKED_MAX_BYTES = 8_000_000;

export type ReadFont = { ok: true; font: fontkit.Font; family: string } | { ok: false; refusal: string };

const NOT_A_FONT =
  "This file is not a font the dashboard can read: upload the TTF, OTF, WOFF or WOFF2 file you make with.";

const kind = (bytes: Buffer) => {
  const tag = bytes.subarray(0, 4).toString("latin1");
  if (tag === "wOFF" || tag === "wOF2") return tag;
  if (tag === "OTTO" || tag === "true" || bytes.readUInt32BE(0) === 0x00010000) return "sfnt";
  if (tag === "ttcf") return "collection";
  return null;
};

function refusalOf(bytes: Buffer): string | null {
  if (bytes.length === 0) return "The file is empty: upload the font file itself.";
  if (bytes.length > FONT_MAX_BYTES)
    return `The file is ${Math.ceil(bytes.length / 1000)} KB, over the ${FONT_MAX_BYTES / 1000} KB a font may be: upload the subset or the weight you make with.`;
  if (bytes.length < 12) return NOT_A_FONT;
  const found = kind(bytes);
  if (found === null) return NOT_A_FONT;
  if (found === "collection")
    return "This is a font collection (TTC): upload the one font of it you make with, as a TTF or OTF file.";
  // WOFF and WOFF2 both say at byte 16 the size of the font they unpack to.
  if (found !== "sfnt" && (bytes.length < 20 || bytes.readUInt32BE(16) > UNPACKED_MAX_BYTES)) return NOT_A_FONT;
  return null;
}

/** The font in `bytes`, read through once (its characters, a line laid out, a glyph's outline) so a broken file fails here. */
export function readFont(bytes: Buffer): ReadFont {
  const refusal = refusalOf(bytes);
  if (refusal) return { ok: false, refusal };
  try {
    const font = fontkit.create(bytes);
    if (!("layout" in font)) return { ok: false, refusal: NOT_A_FONT };
    if (!(font.unitsPerEm >= 16 && font.unitsPerEm <= 16384) || font.characterSet.length === 0)
      return { ok: false, refusal: NOT_A_FONT };
    const probe = font.layout("Hamburg 1");
    if (!Number.isFinite(probe.advanceWidth)) return { ok: false, refusal: NOT_A_FONT };
    for (const glyph of probe.glyphs) void glyph.path.toSVG();
    const family = (font.familyName || font.fullName || "this font").slice(0, 100);
    return { ok: true, font, family };
  } catch {
    return { ok: false, refusal: NOT_A_FONT };
  }
}
