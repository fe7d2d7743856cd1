import * as fontkit from "fontkit";
import { Worker } from "node:worker_threads";
import { FONT_MAX_BYTES } from "./profile-schema";

// A font a seller uploads is read by fontkit, never by hand. What fontkit would unpack is bounded first from the
// file's own header, then the file is read through (every character laid out, each outline drawn) in a worker with a
// memory limit and a deadline: a damaged or hostile file can make fontkit loop for ever, and only a worker can be
// stopped mid-loop. A file accepted here is then opened in the server's own thread.

/** What a WOFF or WOFF2 file may unpack to, as its header declares it. */
const UNPACKED_MAX_BYTES = 8_000_000;
const READ_DEADLINE_MS = 3000;
const READ_MEMORY_MB = 128;

export type FontCheck = { ok: true; family: string } | { ok: false; refusal: string };

export const NOT_A_FONT =
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

/** The font in bytes already accepted by `checkFontFile`; null when fontkit cannot open it. */
export function openFont(bytes: Buffer): fontkit.Font | null {
  try {
    const font = fontkit.create(bytes);
    return "layout" in font ? font : null;
  } catch {
    return null;
  }
}

// Run in the worker: CommonJS, since an evaluated worker has no module of its own to import from.
const READ_THROUGH = `
const { parentPort, workerData } = require("node:worker_threads");
const fontkit = require("fontkit");
const font = fontkit.create(Buffer.from(workerData));
if (!("layout" in font) || !(font.unitsPerEm >= 16 && font.unitsPerEm <= 16384)) throw new Error("not a font");
const chars = font.characterSet.map((code) => String.fromCodePoint(code));
if (chars.length === 0) throw new Error("no characters");
const samples = ["Hamburg 1", "WAVE To"];
for (let at = 0; at < chars.length; at += 40) samples.push(chars.slice(at, at + 40).join(""));
for (const sample of samples) {
  const run = font.layout(sample);
  if (!Number.isFinite(run.advanceWidth)) throw new Error("no width");
  for (const glyph of run.glyphs) glyph.path.toSVG();
}
parentPort.postMessage((font.familyName || font.fullName || "this font").slice(0, 100));
`;

/** Whether `bytes` is a font the dashboard can make with, read through within a deadline and a memory limit. */
export async function checkFontFile(bytes: Buffer): Promise<FontCheck> {
  const refusal = refusalOf(bytes);
  if (refusal) return { ok: false, refusal };
  const worker = new Worker(READ_THROUGH, {
    eval: true,
    workerData: new Uint8Array(bytes),
    resourceLimits: { maxOldGenerationSizeMb: READ_MEMORY_MB, maxYoungGenerationSizeMb: 32 },
  });
  return new Promise<FontCheck>((resolve) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ ok: false, refusal: `${NOT_A_FONT} (It could not be read within ${READ_DEADLINE_MS / 1000} s.)` });
    }, READ_DEADLINE_MS);
    const settle = (check: FontCheck) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(check);
    };
    worker.once("message", (family: string) => settle({ ok: true, family }));
    worker.once("error", () => settle({ ok: false, refusal: NOT_A_FONT }));
    worker.once("exit", () => settle({ ok: false, refusal: NOT_A_FONT }));
  });
}
