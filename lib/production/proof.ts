import type { Font } from "fontkit";
import { linesOf, mmPerUnit } from "./measure";
import type { CheckedProfile } from "./checks";

// A proof: the answer set in the profile's font on its area, drawn from the font's own glyph outlines (fontkit), in
// millimetres, so it prints at the size it will be made. The area is dashed; a line too wide shows running over it.

const round = (value: number) => Math.round(value * 1000) / 1000;

export function proofSvg(font: Font, profile: Pick<CheckedProfile, "capHeightMm" | "widthMm" | "lines">, text: string) {
  const scale = mmPerUnit(font, profile.capHeightMm);
  const lineHeight = (font.ascent - font.descent + font.lineGap) * scale;
  const lines = linesOf(text);
  const height = Math.max(profile.lines, lines.length) * lineHeight;
  const width = profile.widthMm;
  const paths: string[] = [];
  for (const [index, line] of lines.entries()) {
    const run = font.layout(line);
    const baseline = font.ascent * scale + index * lineHeight;
    let x = (width - run.advanceWidth * scale) / 2;
    for (const [at, glyph] of run.glyphs.entries()) {
      const position = run.positions[at];
      if (!position) continue;
      const d = glyph.path.toSVG();
      const gx = x + position.xOffset * scale;
      const gy = baseline - position.yOffset * scale;
      if (d)
        paths.push(
          `<path transform="translate(${round(gx)} ${round(gy)}) scale(${scale.toPrecision(6)} ${(-scale).toPrecision(6)})" d="${d}"/>`,
        );
      x += position.xAdvance * scale;
    }
  }
  const area = `<rect x="0" y="0" width="${round(width)}" height="${round(profile.lines * lineHeight)}" fill="none" stroke="#a8a29e" stroke-width="0.2" stroke-dasharray="1 1"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${round(width)}mm" height="${round(height)}mm" viewBox="0 0 ${round(width)} ${round(height)}" overflow="visible"><rect width="100%" height="100%" fill="#fff"/>${area}<g fill="#1c1917">${paths.join("")}</g></svg>`;
}
