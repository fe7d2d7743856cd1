import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Dark mode turns the palette over in app/globals.css rather than giving each class a `dark:` twin, and only for the
// colour families in use: a class of a family left out would keep its light shade on a dark page.
const ROOT = resolve(import.meta.dirname, "..");
const FAMILIES = [
  "slate",
  "gray",
  "zinc",
  "neutral",
  "stone",
  "red",
  "orange",
  "amber",
  "yellow",
  "lime",
  "green",
  "emerald",
  "teal",
  "cyan",
  "sky",
  "blue",
  "indigo",
  "violet",
  "purple",
  "fuchsia",
  "pink",
  "rose",
];
const SHADES = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"];

const sources = () =>
  execFileSync("git", ["ls-files", "app", "components"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((path) => /\.(tsx?|css)$/.test(path) && path !== "app/globals.css" && !/\.(test|spec)\./.test(path));

const darkBlock = () => {
  const css = readFileSync(join(ROOT, "app/globals.css"), "utf8");
  return css.slice(css.indexOf("@media (prefers-color-scheme: dark)"));
};

describe("the dark palette", () => {
  it("turns over every shade of each colour family a page or component uses", () => {
    const used = new Set<string>();
    const classShade = new RegExp(`-(${FAMILIES.join("|")})-(${SHADES.join("|")})\\b`, "g");
    for (const path of sources())
      for (const [, family] of readFileSync(join(ROOT, path), "utf8").matchAll(classShade)) used.add(family!);
    expect(used.size).toBeGreaterThan(0);
    const dark = darkBlock();
    const missing = [...used].flatMap((family) =>
      SHADES.filter((shade) => !dark.includes(`--color-${family}-${shade}:`)).map((shade) => `${family}-${shade}`),
    );
    expect(missing, "add each to the dark block of app/globals.css, its shade mirrored").toEqual([]);
  });
});
