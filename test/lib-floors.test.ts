import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint();

async function refusals(filePath: string, code: string) {
  const results = await eslint.lintText(code, { filePath });
  return results
    .flatMap((result) => result.messages)
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((m) => m.message);
}

describe("the floors of lib/", () => {
  // Loading the config and its parsers takes seconds on a loaded machine: once, outside every test's time.
  beforeAll(() => refusals("lib/db/probe.ts", "export {};\n"));

  it("refuses an import from a floor above, naming the floors the folder may use", async () => {
    const messages = await refusals(
      "lib/marketplace/probe.ts",
      'import { planStore } from "../changes/plan-records";\n',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("lib/marketplace stands on floor");
    expect(messages[0]).toContain("tokens");
  });

  it("refuses an import from a folder on the same floor, from a nested file too", async () => {
    expect(
      await refusals("lib/orders/queue/probe.ts", 'import type { Plan } from "../../changes/plan";\n'),
    ).toHaveLength(1);
  });

  it("lets a folder import the floors below it", async () => {
    const code =
      'import { db } from "../db";\nimport { marketplace } from "../marketplace";\nimport { mirror } from "../mirror/shop-mirror";\n';
    expect(await refusals("lib/changes/probe.ts", code)).toEqual([]);
  });

  it("places every folder and file of lib/ on a floor", async () => {
    const unplaced: string[] = [];
    for (const entry of readdirSync("lib", { withFileTypes: true })) {
      if (entry.name.endsWith(".test.ts")) continue;
      const file = entry.isDirectory() ? `lib/${entry.name}/probe.ts` : `lib/${entry.name}`;
      const config = await eslint.calculateConfigForFile(file);
      if (!config.rules?.["no-restricted-imports"]) unplaced.push(entry.name);
    }
    expect(unplaced).toEqual([]);
  });
});
