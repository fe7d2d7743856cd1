// The production checks at scale: the open items of a shop checked against one production profile (the font read once,
// each answer laid out by fontkit and checked), p50 per item, the whole, and the heap before and after; then a proof's
// render time. Alone: `npx tsx bench/dashboard/production-checks.ts [--items 5000] [--proofs 200]`.
import { parseArgs } from "node:util";
import { checkText } from "../../lib/production/checks.js";
import { demoFontBytes } from "../../lib/production/demo-font.js";
import { openFont } from "../../lib/production/font-file.js";
import { proofSvg } from "../../lib/production/proof.js";
import { proofPng } from "../../lib/production/proof-png.js";
import { median } from "../stats.js";

/** The floor for a proof (#53). */
export const PROOF_FLOOR_MS = 50;

export type ProductionFigures = {
  items: number;
  findings: number;
  perItemP50Us: number;
  wholeMs: number;
  heapBeforeMb: number;
  heapAfterMb: number;
  proofs: number;
  proofP50Ms: number;
  /** The same proof as a 300 dpi PNG, by resvg. */
  pngP50Ms: number;
};

const NAMES = ["Ada", "Zoë", "Łucja", "Nguyễn", "Mo & Jo", "WWWWWWWW", "iiiiiiii", "Ana María", "Oliver", "SHIT"];
const PROFILE = { fontName: "Great Vibes", capHeightMm: 6, widthMm: 40, lines: 2, capitals: false, blockList: "shit" };

const heapMb = () => process.memoryUsage().heapUsed / 1e6;

export function measureProductionChecks({ items, proofs }: { items: number; proofs: number }): ProductionFigures {
  const font = openFont(demoFontBytes());
  if (!font) throw new Error("the demo font did not open");
  // Each answer distinct, as a queue's are: nothing is served from the findings' cache.
  const answers = Array.from({ length: items }, (_, index) => `${NAMES[index % NAMES.length]} ${index}`);
  checkText(font, PROFILE, "warm up");
  globalThis.gc?.();
  const heapBeforeMb = heapMb();
  const times: number[] = [];
  let findings = 0;
  const start = performance.now();
  for (const answer of answers) {
    const at = performance.now();
    findings += checkText(font, PROFILE, answer).length;
    times.push((performance.now() - at) * 1000);
  }
  const wholeMs = performance.now() - start;
  globalThis.gc?.();
  const heapAfterMb = heapMb();
  const proofTimes: number[] = [];
  const pngTimes: number[] = [];
  for (let round = 0; round < proofs; round++) {
    const at = performance.now();
    const svg = proofSvg(font, PROFILE, answers[round % answers.length]!);
    proofTimes.push(performance.now() - at);
    const pngAt = performance.now();
    proofPng(svg);
    pngTimes.push(performance.now() - pngAt);
  }
  return {
    items,
    findings,
    perItemP50Us: median(times),
    wholeMs,
    heapBeforeMb,
    heapAfterMb,
    proofs,
    proofP50Ms: median(proofTimes),
    pngP50Ms: median(pngTimes),
  };
}

export const describeProductionChecks = (figures: ProductionFigures) => [
  `${figures.items.toLocaleString("en-US")} open items checked against a profile in ${figures.wholeMs.toFixed(0)} ms (p50 ${figures.perItemP50Us.toFixed(0)} µs an item, ${figures.findings.toLocaleString("en-US")} findings); heap ${figures.heapBeforeMb.toFixed(1)} MB before, ${figures.heapAfterMb.toFixed(1)} MB after`,
  `a proof rendered in ${figures.proofP50Ms.toFixed(2)} ms at the median of ${figures.proofs}; as a 300 dpi PNG (resvg) ${figures.pngP50Ms.toFixed(1)} ms more`,
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { items: { type: "string" }, proofs: { type: "string" } } });
  const figures = measureProductionChecks({
    items: Number(values.items ?? 5000),
    proofs: Number(values.proofs ?? 200),
  });
  describeProductionChecks(figures).forEach((line) => console.log(line));
}
