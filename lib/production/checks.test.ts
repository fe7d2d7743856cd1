import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blockedIn } from "./block-list";
import { checkText } from "./checks";
import { demoFontBytes } from "./demo-font";
import { openFont } from "./font-file";
import { capHeightUnits, lineWidthMm, missingCharacters } from "./measure";
import { proofSvg } from "./proof";

const font = openFont(demoFontBytes())!;
const profile = { fontName: "Great Vibes", capHeightMm: 6, widthMm: 40, lines: 2, capitals: false, blockList: "" };
const has = new Set(font.characterSet);
const text = fc.string({ unit: fc.constantFrom(..."aAbWiIlLmM ,.&'ễŁłöØ漢😀".split(/(?:)/u)), maxLength: 30 });

describe("an answer measured in the profile's font", () => {
  it("is as wide as fontkit lays it out, advances and kerning, scaled to the capital height", () => {
    fc.assert(
      fc.property(text, fc.double({ min: 1, max: 50, noNaN: true }), (line, capHeight) => {
        const units = font.layout(line).advanceWidth;
        expect(lineWidthMm(font, line, capHeight)).toBeCloseTo((units * capHeight) / capHeightUnits(font), 9);
      }),
    );
  });

  it("finds every code point the font has no glyph for, each once", () => {
    fc.assert(
      fc.property(text, (answer) => {
        const expected = [
          ...new Set([...answer.normalize("NFC")].filter((char) => char !== " " && !has.has(char.codePointAt(0)!))),
        ];
        expect(missingCharacters(font, answer)).toEqual(expected);
      }),
    );
  });

  it("names a missing letter with its code point, and a line too wide with its width and the area's", () => {
    expect(checkText(font, profile, "Nguyễn")).toEqual([
      { kind: "missing-glyph", message: "'ễ' (U+1EC5) is not in Great Vibes." },
    ]);
    const wide = checkText(font, profile, "WWWWWWWW");
    expect(wide).toEqual([
      {
        kind: "too-wide",
        message: expect.stringMatching(/^“WWWWWWWW” is \d+(\.\d)? mm wide at 6 mm capitals; the area is 40 mm\.$/),
      },
    ]);
    expect(checkText(font, profile, "iiiiiiii")).toEqual([]);
  });

  it("counts lines, and wants capitals where the profile says so", () => {
    expect(checkText(font, profile, "Anna\nTom\nEve")).toEqual([
      { kind: "too-many-lines", message: "3 lines; the area has 2." },
    ]);
    expect(checkText(font, { ...profile, capitals: true }, "Anna")).toEqual([
      { kind: "lower-case", message: "Has lower-case letters; this piece is made in capitals." },
    ]);
    expect(checkText(font, { ...profile, capitals: true }, "ANNA")).toEqual([]);
  });

  it("draws a proof of the answer from the font's outlines on the area, in millimetres", () => {
    const svg = proofSvg(font, profile, "Anna & Tom");
    expect(svg).toMatch(/^<svg [^>]*width="40mm"/);
    expect(svg.match(/<path /g)).toHaveLength("Anna&Tom".length);
  });
});

describe("the block list", () => {
  const word = fc.string({ unit: fc.constantFrom(..."abcdefghijkmnopqrstuvwxyz"), minLength: 3, maxLength: 8 });
  const LOOKS: Record<string, string[]> = {
    a: ["а", "α", "@", "4"],
    e: ["е", "3"],
    o: ["о", "0", "ο"],
    s: ["ѕ", "5", "$"],
    i: ["і", "1"],
    c: ["с"],
  };
  const disguised = (plain: string) =>
    fc
      .tuple(
        ...[...plain].map((char) => fc.constantFrom(char, char.toUpperCase(), ...(LOOKS[char] ?? []), `${char}\u0301`)),
      )
      .map((chars) => chars.join(""));

  it("matches a blocked word whole, whatever its case, accents and look-alike letters", () => {
    fc.assert(
      fc.property(
        word.chain((plain) => fc.tuple(fc.constant(plain), disguised(plain))),
        ([plain, shown]) => {
          expect(blockedIn(`for ${shown}, with love`, [plain])).toEqual([plain]);
        },
      ),
    );
  });

  it("does not match a blocked word inside a longer word", () => {
    fc.assert(
      fc.property(word, (plain) => {
        expect(blockedIn(`x${plain}x & ${plain}ing`, [plain])).toEqual([]);
      }),
    );
    expect(blockedIn("Scunthorpe", ["cunt"])).toEqual([]);
    expect(blockedIn("SH1T happens", ["shit"])).toEqual(["shit"]);
    expect(blockedIn("go to hell now", ["to hell"])).toEqual(["to hell"]);
  });
});
