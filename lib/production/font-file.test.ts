import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { demoFontBytes } from "./demo-font";
import { checkFontFile, NOT_A_FONT } from "./font-file";
import { FONT_MAX_BYTES } from "./profile-schema";

const refused = (pattern: RegExp) => ({ ok: false, refusal: expect.stringMatching(pattern) });
const notAFont = new RegExp(NOT_A_FONT.slice(0, 40));

describe("reading a seller's font file", () => {
  it("reads WOFF2 and WOFF files through and names their family", async () => {
    for (const format of ["woff2", "woff"] as const)
      expect(await checkFontFile(demoFontBytes(format))).toEqual({ ok: true, family: "Great Vibes" });
  });

  it("refuses an empty file, a text file, a font collection and a file over the bound, in words", async () => {
    expect(await checkFontFile(Buffer.alloc(0))).toEqual(refused(/empty/));
    expect(await checkFontFile(Buffer.from("hello, this is not a font at all"))).toEqual(refused(notAFont));
    expect(await checkFontFile(Buffer.concat([Buffer.from("ttcf"), Buffer.alloc(100)]))).toEqual(refused(/collection/));
    const big = Buffer.concat([demoFontBytes(), Buffer.alloc(FONT_MAX_BYTES)]);
    expect(await checkFontFile(big)).toEqual(refused(/over the 600 KB/));
  });

  it("refuses a WOFF2 header that declares a font larger than it may unpack to", async () => {
    const bomb = Buffer.from(demoFontBytes());
    bomb.writeUInt32BE(0xffffffff, 16);
    expect(await checkFontFile(bomb)).toEqual(refused(notAFont));
  });

  // Each case is read in a worker stopped at its deadline, so a file that makes fontkit loop is refused too.
  it("refuses random bytes behind a font's signature", async () => {
    const signatures = ["wOF2", "wOFF", "OTTO", "true", "\u0000\u0001\u0000\u0000"].map((tag) =>
      Buffer.from(tag, "latin1"),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 4000 }), async (signature, rest) => {
        expect(await checkFontFile(Buffer.concat([signature, rest]))).toEqual(refused(notAFont));
      }),
      { numRuns: 10 },
    );
  }, 120_000);

  it("answers truncations and corruptions of a real font with its family or a refusal in words", async () => {
    const whole = demoFontBytes("woff");
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: whole.length }),
        fc.array(fc.tuple(fc.nat({ max: whole.length - 1 }), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
        async (cut, flips) => {
          const bytes = Buffer.from(whole.subarray(0, cut));
          for (const [at, value] of flips) if (at < bytes.length) bytes[at] = value;
          const read = await checkFontFile(bytes);
          expect(read.ok ? read.family : read.refusal).toMatch(/^Great Vibes$|upload/);
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);
});
