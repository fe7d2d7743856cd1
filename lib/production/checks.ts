import type { Font } from "fontkit";
import { blockEntries, blockedIn } from "./block-list";
import { lineWidthMm, linesOf, missingCharacters } from "./measure";
import type { Profile } from "./profile-schema";

// An answer checked against what the seller makes with (docs/sellers.md, "Production profiles"): each finding a
// sentence saying exactly what is wrong.

export type Finding = {
  kind: "missing-glyph" | "too-wide" | "too-many-lines" | "blocked" | "lower-case";
  message: string;
};

export const codePointOf = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

const mm = (value: number) => `${Math.round(value * 10) / 10} mm`;

export type CheckedProfile = Pick<Profile, "fontName" | "capHeightMm" | "widthMm" | "lines" | "capitals" | "blockList">;

export function checkText(font: Font, profile: CheckedProfile, text: string): Finding[] {
  const findings: Finding[] = [];
  const missing = missingCharacters(font, text);
  if (missing.length > 0)
    findings.push({
      kind: "missing-glyph",
      message: `${missing.map((char) => `'${char}' (${codePointOf(char)})`).join(", ")} ${missing.length === 1 ? "is" : "are"} not in ${profile.fontName}.`,
    });
  const lines = linesOf(text);
  if (lines.length > profile.lines)
    findings.push({
      kind: "too-many-lines",
      message: `${lines.length} lines; the area has ${profile.lines}.`,
    });
  const wide = lines.flatMap((line) => {
    const width = lineWidthMm(font, line, profile.capHeightMm);
    return width > profile.widthMm ? [`“${line}” is ${mm(width)} wide`] : [];
  });
  if (wide.length > 0)
    findings.push({
      kind: "too-wide",
      message: `${wide.join(", ")} at ${mm(profile.capHeightMm)} capitals; the area is ${mm(profile.widthMm)}.`,
    });
  const blocked = blockedIn(text, blockEntries(profile.blockList));
  if (blocked.length > 0)
    findings.push({
      kind: "blocked",
      message: `Contains ${blocked.map((word) => `“${word}”`).join(", ")}, on the shop's block list.`,
    });
  if (profile.capitals && text !== text.toUpperCase())
    findings.push({ kind: "lower-case", message: "Has lower-case letters; this piece is made in capitals." });
  return findings;
}
