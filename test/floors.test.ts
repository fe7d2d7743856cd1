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

/** Every folder and source file at the top of `tree` that no floor rule places. */
async function unplaced(tree: string) {
  const missing: string[] = [];
  for (const entry of readdirSync(tree, { withFileTypes: true })) {
    if (entry.name.endsWith(".test.ts") || !(entry.isDirectory() || /\.tsx?$/.test(entry.name))) continue;
    const file = entry.isDirectory() ? `${tree}/${entry.name}/probe.ts` : `${tree}/${entry.name}`;
    const config = await eslint.calculateConfigForFile(file);
    if (!config.rules?.["no-restricted-imports"]) missing.push(entry.name);
  }
  return missing;
}

// Loading the config and its parsers takes seconds on a loaded machine: once, outside every test's time.
beforeAll(() => refusals("lib/db/probe.ts", "export {};\n"));

describe("the floors of lib/", () => {
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

  it("refuses an import that climbs through the @/ alias", async () => {
    expect(await refusals("lib/db/probe.ts", 'import { marketplace } from "@/lib/marketplace";\n')).toHaveLength(1);
  });

  it("lets a folder import the floors below it", async () => {
    const code =
      'import { db } from "../db";\nimport { marketplace } from "../marketplace";\nimport { mirror } from "../mirror/shop-mirror";\n';
    expect(await refusals("lib/changes/probe.ts", code)).toEqual([]);
  });

  it("keeps production profiles below the orders that check answers against them", async () => {
    expect(
      await refusals("lib/production/probe.ts", 'import { queueView } from "../orders/queue/queue-view";\n'),
    ).toHaveLength(1);
    expect(await refusals("lib/orders/probe.ts", 'import { checkText } from "../production/checks";\n')).toEqual([]);
  });

  it("places every folder and file of lib/ on a floor", async () => {
    expect(await unplaced("lib")).toEqual([]);
  });
});

describe("the floors of components/", () => {
  it("refuses a shared piece that borrows from a feature, by a relative path or the alias", async () => {
    const messages = await refusals(
      "components/questions/probe.tsx",
      'import { Editor } from "../personalization/personalization-editor";\nimport { Queue } from "@/components/orders/queue-table";\n',
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain("components/questions stands on floor");
  });

  it("lets a feature use the question widgets below it", async () => {
    const code =
      'import { QuestionCard } from "../questions/question-card";\nimport { Button } from "@/components/ui/button";\n';
    expect(await refusals("components/changes/probe.tsx", code)).toEqual([]);
  });

  it("places every folder and file of components/ on a floor", async () => {
    expect(await unplaced("components")).toEqual([]);
  });
});

describe("the floors of sandbox/", () => {
  it("refuses an import from a floor above, by a relative path with .js or the alias", async () => {
    const messages = await refusals(
      "sandbox/store/probe.ts",
      'import { SandboxState } from "../state.js";\nimport { controlRoutes } from "@/sandbox/control/routes";\n',
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain("sandbox/store stands on floor");
    expect(await refusals("sandbox/http.ts", 'import { createApp } from "./app.js";\n')).toHaveLength(1);
  });

  it("lets a room import the floors below it", async () => {
    const code =
      'import { jsonError } from "../http.js";\nimport { statement } from "../store/db.js";\nimport { validationMessage } from "../api/routes.js";\n';
    expect(await refusals("sandbox/control/probe.ts", code)).toEqual([]);
  });

  it("takes from the dashboard only the shared rules of lib/personalization/", async () => {
    expect(
      await refusals("sandbox/api/probe.ts", 'import { toWrite } from "../../lib/personalization/schema.js";\n'),
    ).toEqual([]);
    const messages = await refusals(
      "sandbox/api/probe.ts",
      'import { formatMoney } from "../../lib/marketplace/money.js";\nimport { env } from "../../lib/env.js";\nimport { Button } from "@/components/ui/button";\n',
    );
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain("imports only the shared rules of lib/personalization/");
  });

  it("is imported by no part of the dashboard", async () => {
    for (const file of ["lib/changes/probe.ts", "components/ui/probe.tsx", "app/listings/probe.ts"])
      expect(await refusals(file, 'import { createApp } from "../../sandbox/app.js";\n')).toHaveLength(1);
  });

  it("places every folder and file of sandbox/ on a floor", async () => {
    expect(await unplaced("sandbox")).toEqual([]);
  });
});
