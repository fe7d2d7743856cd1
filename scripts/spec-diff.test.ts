import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const AUGUST = "sandbox/etsy-oas-3.0.0.json";
const folder = mkdtempSync(join(tmpdir(), "spec-diff-"));

type Schemas = Record<string, { properties: Record<string, unknown> }>;
function publishedWith(name: string, change: (schemas: Schemas) => void): string {
  const document = JSON.parse(readFileSync(join(ROOT, AUGUST), "utf8")) as { components: { schemas: Schemas } };
  change(document.components.schemas);
  const file = join(folder, name);
  writeFileSync(file, JSON.stringify(document));
  return file;
}

function specDiff(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/spec-diff.ts", ...args], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("npm run spec-diff", () => {
  it("exits 1 when a field the dashboard reads is gone from the published document", async () => {
    const published = publishedWith("without-listing-id.json", (schemas) => {
      delete schemas.ShopListingWithAssociations!.properties.listing_id;
    });
    const { status, stdout, stderr } = await specDiff(published, "--against", AUGUST);
    expect(stderr).toBe("");
    expect(stdout).toContain("Breaking (");
    expect(stdout).toContain("GET /v3/application/listings/{listing_id} (getListing)");
    expect(stdout).toMatch(/response field listing_id: removed {2}\[used by the dashboard\]/);
    expect(stdout).toMatch(/touching what the dashboard uses/);
    expect(status).toBe(1);
  }, 120_000);

  it("exits 0 on an added optional field, and --json gives the report's stable shape", async () => {
    const published = publishedWith("gift-wrap.json", (schemas) => {
      schemas.ShopListingWithAssociations!.properties.gift_wrap = { type: "boolean", nullable: true };
    });
    const { status, stdout } = await specDiff(published, "--against", AUGUST, "--json");
    const report = JSON.parse(stdout) as { summary: Record<string, number>; differences: Record<string, unknown>[] };
    expect(report.summary).toEqual({ breaking: 0, additive: report.differences.length, breakingUsedByDashboard: 0 });
    expect(report.differences).toContainEqual({
      class: "additive",
      change: "added",
      subject: "response-field",
      operation: { id: "getListing", method: "GET", path: "/v3/application/listings/{listing_id}" },
      name: "gift_wrap",
      usedByDashboard: false,
    });
    expect(status).toBe(0);
  }, 120_000);

  it("refuses with one sentence and exit 2 a missing file, a file that is not JSON, a document that is not OpenAPI 3 and an unreachable URL", async () => {
    const notJson = join(folder, "oas.yaml");
    writeFileSync(notJson, "openapi: 3.0.2\npaths: {}\n");
    const swagger = join(folder, "swagger.json");
    writeFileSync(swagger, JSON.stringify({ swagger: "2.0", paths: {} }));
    const port = await closedPort();
    const runs = await Promise.all([
      specDiff(join(folder, "nowhere.json")),
      specDiff(notJson),
      specDiff(swagger),
      specDiff(`http://127.0.0.1:${port}/openapi.json`),
    ]);
    const sentences = runs.map(({ status, stdout, stderr }) => {
      expect(status).toBe(2);
      expect(stdout).toBe("");
      expect(stderr.trim().split("\n")).toHaveLength(1);
      return stderr.trim();
    });
    expect(sentences[0]).toMatch(
      /nowhere\.json does not exist: pass the path or the URL of a published OpenAPI document\.$/,
    );
    expect(sentences[1]).toMatch(/oas\.yaml is not JSON: pass the OpenAPI document as JSON \(YAML is not read\)\.$/);
    expect(sentences[2]).toMatch(/swagger\.json is not an OpenAPI 3 document/);
    expect(sentences[3]).toBe(
      `http://127.0.0.1:${port}/openapi.json could not be reached: check the address and the network, or download the document and pass its path.`,
    );
  }, 180_000);
});
