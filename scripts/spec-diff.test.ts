import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { createServer as createHttpServer, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tsxCommand } from "../test/harness/tsx-command";

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

const specDiff = (...args: string[]) => tsxCommand("scripts/spec-diff.ts", ...args);

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

  it("refuses with exit 2 and a sentence a document nested 20,000 arrays deep, a 3 kB fan-out of $refs and a chain of 5,000", async () => {
    const deep = join(folder, "deep.json");
    writeFileSync(
      deep,
      `{"openapi":"3.0.2","paths":{"/a":{"get":{"operationId":"a","responses":{"200":{"description":"x","content":{"application/json":{"schema":{"example":${"[".repeat(20_000)}${"]".repeat(20_000)}}}}}}}}}}`,
    );
    // Eight schemas of ten fields, each field the next schema: 10^8 fields once expanded.
    const schemas = Object.fromEntries(
      Array.from({ length: 8 }, (_, level) => [
        `S${level}`,
        {
          type: "object",
          properties: Object.fromEntries(
            Array.from({ length: 10 }, (_, field) => [
              `f${field}`,
              level === 7 ? { type: "string" } : { $ref: `#/components/schemas/S${level + 1}` },
            ]),
          ),
        },
      ]),
    );
    const fanOut = join(folder, "fan-out.json");
    const json = { description: "x", content: { "application/json": { schema: { $ref: "#/components/schemas/S0" } } } };
    writeFileSync(
      fanOut,
      JSON.stringify({
        openapi: "3.0.2",
        paths: { "/a": { get: { operationId: "a", responses: { 200: json } } } },
        components: { schemas },
      }),
    );
    expect(readFileSync(fanOut).length).toBeLessThan(4_000);
    // 5,000 schemas, each an array of the next: shallow as JSON, 5,000 deep once its $refs are followed.
    const chain = join(folder, "chain.json");
    const links = Array.from({ length: 5_000 }, (_, link) => [
      `L${link}`,
      { type: "array", items: link === 4_999 ? { type: "string" } : { $ref: `#/components/schemas/L${link + 1}` } },
    ]);
    const listOf = {
      description: "x",
      content: {
        "application/json": { schema: { type: "object", properties: { list: { $ref: "#/components/schemas/L0" } } } },
      },
    };
    writeFileSync(
      chain,
      JSON.stringify({
        openapi: "3.0.2",
        paths: { "/a": { get: { operationId: "a", responses: { 200: listOf } } } },
        components: { schemas: Object.fromEntries(links) },
      }),
    );
    const [nested, fanned, chained] = await Promise.all([
      specDiff(deep, "--against", AUGUST),
      specDiff(fanOut, "--against", AUGUST),
      specDiff(chain, "--against", AUGUST),
    ]);
    expect(nested.stderr.trim()).toMatch(/deep\.json nests more than 64 levels deep, deeper than any OpenAPI document/);
    expect(nested.stdout).toBe("");
    expect(nested.status).toBe(2);
    expect(fanned.stderr.trim()).toMatch(
      /fan-out\.json expands its \$refs more than 50,000 times \(references that fan out\)/,
    );
    expect(fanned.stdout).toBe("");
    expect(fanned.status).toBe(2);
    expect(chained.stderr.trim()).toMatch(/chain\.json nests its \$refs more than 64 deep: pass the marketplace's/);
    expect(chained.stdout).toBe("");
    expect(chained.status).toBe(2);
  }, 180_000);

  it("refuses with exit 2 and a sentence a server that trickles, one that sends 400 MB, one that declares it, and a file over 32 MB", async () => {
    const sent = { huge: 0 };
    const server = createHttpServer((request, response: ServerResponse) => {
      if (request.url === "/slow") {
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"openapi": "3.0.2", ');
        const trickle = setInterval(() => response.write(" "), 500);
        response.on("close", () => clearInterval(trickle));
      } else if (request.url === "/declared") {
        response.writeHead(200, { "content-type": "application/json", "content-length": String(400 * 1024 * 1024) });
        response.write("{");
      } else {
        response.writeHead(200, { "content-type": "application/json" });
        const chunk = Buffer.alloc(64 * 1024, " ");
        const send = () => {
          while (sent.huge < 400 * 1024 * 1024 && !response.destroyed) {
            sent.huge += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", send);
          }
          response.end();
        };
        send();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
    const base = `http://localhost:${(server.address() as { port: number }).port}`;
    const big = join(folder, "big.json");
    writeFileSync(big, Buffer.alloc(33 * 1024 * 1024, " "));
    try {
      const [slow, huge, declared, file] = await Promise.all([
        specDiff(`${base}/slow`),
        specDiff(`${base}/huge`),
        specDiff(`${base}/declared`),
        specDiff(big),
      ]);
      for (const run of [slow, huge, declared, file]) {
        expect(run.stdout).toBe("");
        expect(run.stderr.trim().split("\n")).toHaveLength(1);
        expect(run.status).toBe(2);
      }
      expect(slow.stderr.trim()).toBe(
        `${base}/slow did not send the document within 15 seconds: try again later, or download the document and pass its path.`,
      );
      const tooLarge = "is larger than 32 MB, more than any OpenAPI document of the marketplace";
      expect(huge.stderr).toContain(`${base}/huge ${tooLarge}`);
      expect(declared.stderr).toContain(`${base}/declared ${tooLarge}`);
      expect(file.stderr).toContain(`big.json ${tooLarge}`);
      // Read as a stream and stopped at the bound: the server never sent the rest of its 400 MB.
      expect(sent.huge).toBeLessThan(100 * 1024 * 1024);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 180_000);
});
