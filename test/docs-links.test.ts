import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The README and docs/ are what a newcomer opens first: a link to a moved file, an anchor to a renamed heading or a
// code comment citing a section the contract does not have would send them nowhere.
const ROOT = resolve(import.meta.dirname, "..");
const README_LIMIT = 10_240;

const pages = () =>
  [
    "README.md",
    "sandbox/README.md",
    ...readdirSync(join(ROOT, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ].filter((page) => existsSync(join(ROOT, page)));

/** Markdown outside fenced code blocks, with inline code spans blanked so that a link shown as code is not a link. */
function prose(markdown: string) {
  return markdown
    .replace(/^```[\s\S]*?^```/gm, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/`[^`\n]*`/g, "code");
}

const LINK = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>]+>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g;

function linksOf(markdown: string): string[] {
  return [...prose(markdown).matchAll(LINK)].map((match) => match[1]!.replace(/^<(.*)>$/, "$1"));
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** GitHub's heading anchor: lower case, punctuation (such as §, dots, colons) dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\p{M}_ -]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(page: string) {
  const markdown = readFileSync(join(ROOT, page), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

/** The citable numbers of docs/marketplace.md: each `§N` heading, and each numbered rule (`1.`) under a heading. */
function sectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  let current: string | undefined;
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, "").split("\n")) {
    const heading = /^#{2,4} §([0-9]+(?:\.[0-9]+)*) /.exec(line);
    if (heading) {
      current = heading[1]!;
      sections.add(current);
      continue;
    }
    const rule = /^([0-9]+)\. /.exec(line);
    if (rule && current) sections.add(`${current}.${rule[1]}`);
  }
  return sections;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

/** Every `docs/marketplace.md §A, §B and §C` cited in a file, as [A, B, C]. */
function citationsOf(source: string): string[] {
  return [...source.matchAll(/docs\/marketplace\.md (§[0-9][^\n"`]*)/g)].flatMap((match) =>
    [...match[1]!.matchAll(/§([0-9]+(?:\.[0-9]+)*)/g)].map((section) => section[1]!),
  );
}

describe("the README and docs/", () => {
  it(`README.md is at most ${README_LIMIT.toLocaleString("en")} bytes`, () => {
    expect(statSync(join(ROOT, "README.md")).size).toBeLessThanOrEqual(README_LIMIT);
  });

  it("every relative link and image names a file or folder that exists, and every anchor a heading of its page", () => {
    const broken: string[] = [];
    for (const page of pages()) {
      for (const target of linksOf(readFileSync(join(ROOT, page), "utf8"))) {
        if (isExternal(target)) continue;
        const [pathPart = "", anchor] = target.split("#");
        const path = pathPart ? resolve(ROOT, dirname(page), decodeURIComponent(pathPart)) : join(ROOT, page);
        if (!existsSync(path)) broken.push(`${page}: ${target} (no such file)`);
        else if (anchor && path.endsWith(".md") && !anchorsOf(relative(ROOT, path)).has(anchor))
          broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every docs/marketplace.md §N cited in the code is a section or numbered rule of it", () => {
    const sections = sectionsOf(readFileSync(join(ROOT, "docs/marketplace.md"), "utf8"));
    const folders = ["app", "components", "lib", "sandbox", "e2e", "test", "scripts", "bench"];
    const unknown = folders.flatMap(sourceFiles).flatMap((file) =>
      citationsOf(readFileSync(join(ROOT, file), "utf8"))
        .filter((section) => !sections.has(section))
        .map((section) => `${file}: §${section}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe("what the docs check reads", () => {
  it("finds links, images and angle-bracketed targets, and skips code", () => {
    const markdown = [
      "See [a](docs/a.md#x) and ![b](docs/b.png) and [c](<app/[id]/c.ts>).",
      "`[not](shown.md)`",
      "```",
      "[nor](this.md)",
      "```",
    ].join("\n");
    expect(linksOf(markdown)).toEqual(["docs/a.md#x", "docs/b.png", "app/[id]/c.ts"]);
  });

  it("makes GitHub's anchors and reads sections, rules and lists of citations", () => {
    expect(anchorOf("§16 Orders: receipts and transactions")).toBe("16-orders-receipts-and-transactions");
    expect(anchorOf("§5.5 State and redirect URIs")).toBe("55-state-and-redirect-uris");
    expect([...sectionsOf("## §7 Errors\n\n1. one\n2. two\n### §7.1 Sub\n1. item\n")]).toEqual([
      "7",
      "7.1",
      "7.2",
      "7.1.1",
    ]);
    expect(citationsOf("// docs/marketplace.md §2.1, §4.1 and §8 (rules)")).toEqual(["2.1", "4.1", "8"]);
  });
});
