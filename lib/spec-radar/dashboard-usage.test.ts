import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocumentAt } from "../../sandbox/openapi/overlays.js";
import { dashboardUsage, MARKETPLACE_CLIENT, routeComments, WIRE_MODULES } from "./dashboard-usage.js";
import { operationsOf, routeKey } from "./operations.js";

const clientSources = readdirSync(MARKETPLACE_CLIENT)
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
  .map((file) => ({ file, lines: readFileSync(join(MARKETPLACE_CLIENT, file), "utf8").split("\n") }));
const operations = [...operationsOf(openApiDocumentAt()).values()];
const usage = dashboardUsage();

describe("what the dashboard's marketplace client uses, read from lib/marketplace", () => {
  it("holds every wire schema file of the client", () => {
    expect(Object.keys(WIRE_MODULES)).toEqual(
      clientSources.map(({ file }) => file).filter((file) => file.endsWith("wire.ts")),
    );
  });

  it("reads a route from every comment in the client that names a method and a /v3/ path", () => {
    const written = clientSources.flatMap(({ file, lines }) =>
      lines.flatMap((line, index) =>
        /\/\/.*\b(GET|POST|PUT|PATCH|DELETE)\b.*\/v3\//.test(line) ? [`${file}:${index + 1}`] : [],
      ),
    );
    expect(routeComments().map(({ file, line }) => `${file}:${line}`)).toEqual(written);
  });

  it("finds each route comment's operation in the document the sandbox implements", () => {
    const known = new Set(operations.map((operation) => routeKey(operation.method, operation.path)));
    for (const route of routeComments())
      expect(known.has(routeKey(route.method, route.path)), `${route.file}:${route.line}`).toBe(true);
  });

  it("has a route comment for every operation the client calls by name", () => {
    const called = clientSources.flatMap(({ lines }) =>
      lines.flatMap((line) => [...line.matchAll(/\boperation: "(\w+)"/g)].map((match) => match[1]!)),
    );
    expect(called.length).toBeGreaterThan(10);
    for (const id of called) {
      const operation = operations.find((candidate) => candidate.id === id);
      expect(operation, id).toBeDefined();
      expect(usage.has(routeKey(operation!.method, operation!.path)), id).toBe(true);
    }
  });

  it("reads the response fields from the zod wire schemas a route names, and the request fields from its body's type", () => {
    const read = usage.get(routeKey("GET", "/v3/application/listings/{listing_id}"))!;
    expect(read.responseFields).toContain("listing_id");
    expect(read.responseFields).toContain("personalization.personalization_questions[].options[].option_id");
    expect(read.responseFields).not.toContain("description");
    expect(read.requestFields).toEqual(new Set());
    const write = usage.get(routeKey("POST", "/v3/application/shops/{shop_id}/listings/{listing_id}/personalization"))!;
    expect(write.requestFields).toContain("personalization_questions[].question_type");
    expect(write.requestFields).toContain("personalization_questions[].options[].label");
    expect(write.requestFields).not.toContain("is_personalizable");
  });
});
