import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTRACTIONS, LAST_MIGRATION_BEFORE_THE_RULE } from "./contractions";
import { MIGRATIONS } from "./migrations";

const normal = (statement: string) => statement.trim().replace(/\s+/g, " ");
const CONTRACTING = /\bDROP\s+(TABLE|COLUMN|VIEW)\b|\bRENAME\b|\bALTER\s+COLUMN\b/i;

const contracting = MIGRATIONS.flatMap((sql, index) =>
  sql
    .split(";")
    .map(normal)
    .filter((statement) => CONTRACTING.test(statement))
    .map((statement) => ({ migration: index + 1, statement })),
);

const version = (text: string) => text.split(".").map(Number);
const before = (a: string, b: string) => {
  const [x, y] = [version(a), version(b)];
  for (let part = 0; part < Math.max(x.length, y.length); part++)
    if ((x[part] ?? 0) !== (y[part] ?? 0)) return (x[part] ?? 0) < (y[part] ?? 0);
  return false;
};
const release = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("migrations stay backward compatible for one release (docs/deploy.md, Rolling a new version)", () => {
  it("lists every statement that drops or renames a table or column in lib/db/contractions.ts", () => {
    const listed = CONTRACTIONS.map(({ migration, statement }) => ({ migration, statement: normal(statement) }));
    expect(contracting).toEqual(expect.arrayContaining(listed));
    expect(listed).toEqual(expect.arrayContaining(contracting));
  });

  it("contracts only what an earlier release stopped using, in a release no later than this one", () => {
    for (const entry of CONTRACTIONS) {
      if ("beforeTheRule" in entry) {
        expect(entry.migration, `${entry.statement}: only migrations before the rule may skip it`).toBeLessThanOrEqual(
          LAST_MIGRATION_BEFORE_THE_RULE,
        );
        continue;
      }
      expect(
        before(entry.stoppedUsingIn, entry.contractsIn),
        `${entry.statement}: stopped using before contracting`,
      ).toBe(true);
      expect(before(release, entry.contractsIn), `${entry.statement}: contracts in a release not made yet`).toBe(false);
    }
  });

  it("leaves no code reading a table it drops or renames away (columns' names are too common to check this way)", () => {
    const tables = contracting.flatMap(({ statement }) => {
      const gone =
        /^DROP TABLE (?:IF EXISTS )?(\w+)/i.exec(statement)?.[1] ??
        /^ALTER TABLE (\w+) RENAME TO /i.exec(statement)?.[1];
      return gone ? [gone] : [];
    });
    const files = ["lib", "app", "components", "scripts"]
      .flatMap(sourceFiles)
      .filter((path) => !["lib/db/migrations.ts", "lib/db/contractions.ts"].includes(path));
    const readers = files.filter((path) => {
      const text = readFileSync(path, "utf8");
      return tables.some((table) => new RegExp(`\\b${table}\\b`).test(text));
    });
    expect(tables.length).toBeGreaterThan(0);
    expect(readers).toEqual([]);
  });
});
