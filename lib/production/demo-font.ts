import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// The demo and tests' font: Great Vibes (SIL Open Font License) from its Fontsource package, the Latin subset, so
// Vietnamese letters such as "ễ" are not in it, as a real engraving font may lack them.

const require = createRequire(import.meta.url);

export const demoFontPath = (format: "woff" | "woff2" = "woff2") =>
  require.resolve(`@fontsource/great-vibes/files/great-vibes-latin-400-normal.${format}`);

export const demoFontBytes = (format: "woff" | "woff2" = "woff2") => readFileSync(demoFontPath(format));
