import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { personalizationWriteSchema } from "../lib/personalization/schema.js";
import { API_ROUTES, createApp } from "./app.js";
import { multiQuestionWriteSchema } from "./api/multi-question.js";
import { defineRoute, openApiPath, reply, type OpenApiDocument } from "./api/routes.js";
import { SandboxState, DEFAULT_OPTIONS } from "./state.js";
import {
  ADA,
  callApi,
  DEMO_API_KEY,
  http,
  issueTokensFor,
  sandboxControl,
  textQuestion,
  writeAdaQuestions,
} from "../test/harness/sandbox.js";
import { openApiDocumentAt } from "./openapi/overlays.js";
import { DEMO_SELLERS } from "./store/seed.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

const sandbox = useSeededSandbox();

const METHODS = ["get", "post", "put", "patch", "delete"];
const WITH_QUESTION = 1_000_000_001;

async function document(): Promise<OpenApiDocument> {
  const result = await http(`${sandbox.url}/openapi.json`);
  expect(result.status).toBe(200);
  expect(result.headers.get("content-type")).toMatch(/^application\/json/);
  return result.body as OpenApiDocument;
}

function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
}

const routeOf = (operationId: string) => {
  const route = API_ROUTES.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(`no route ${operationId}`);
  return route;
};

describe("GET /openapi.json", () => {
  it("is an OpenAPI 3 document: info, paths, unique operationIds, declared path parameters, known security schemes", async () => {
    const doc = await document();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.any(String) }));
    expect(doc.servers[0]?.url).toBe(sandbox.url);
    const seen = new Set<string>();
    for (const { path, method, operation } of operations(doc)) {
      expect(path).toMatch(/^\//);
      expect(METHODS).toContain(method);
      expect(seen.has(operation.operationId), operation.operationId).toBe(false);
      seen.add(operation.operationId);
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
      for (const status of Object.keys(operation.responses)) expect(status).toMatch(/^[1-5]\d\d$/);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = operation.parameters.filter((parameter) => parameter.in === "path");
      expect(declared.map((parameter) => parameter.name).sort()).toEqual(templated);
      for (const parameter of declared) expect(parameter.required).toBe(true);
      for (const requirement of operation.security)
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
    }
  });

  it("names every marketplace operation the sandbox implements", async () => {
    const ids = operations(await document()).map(({ operation }) => operation.operationId);
    for (const id of [
      "oauthToken",
      "ping",
      "getMe",
      "getShop",
      "getShopByOwnerUserId",
      "tokenScopes",
      "getListing",
      "getListingInventory",
      "getListingsByListingIds",
      "findAllListingsActive",
      "getListingsByShop",
      "findAllActiveListingsByShop",
      "getFeaturedListingsByShop",
      "getListingsByShopSectionId",
      "getListingsByShopReceipt",
      "getListingsByShopReturnPolicy",
      "createDraftListing",
      "updateListing",
      "getListingPersonalization",
      "updateListingPersonalization",
      "deleteListingPersonalization",
      "createReceiptShipment",
    ]) {
      expect(ids).toContain(id);
    }
    // docs/marketplace.md §17: nothing under /v3/ that the live API lacks.
    expect(ids).not.toContain("getPersonalizationCapabilities");
  });

  it("describes every /v3 route the server answers on, and no other", async () => {
    const doc = await document();
    const served = createApp(new SandboxState(DEFAULT_OPTIONS))
      .routes.filter((route) => route.path.startsWith("/v3/") && route.method !== "ALL" && !route.path.endsWith("*"))
      .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`);
    const documented = operations(doc).map(({ path, method }) => `${method} ${path}`);
    expect(new Set(served)).toEqual(new Set(documented));
  });

  it("documents the personalization write as the shared schema of lib/personalization/schema.ts or the multi-question one", async () => {
    const doc = await document();
    const post = doc.paths["/v3/application/shops/{shop_id}/listings/{listing_id}/personalization"]
      ?.post as unknown as {
      requestBody: { content: Record<string, { schema: unknown }> };
      parameters: { name: string; in: string }[];
      security: unknown;
      responses: Record<string, unknown>;
    };
    const documented = (schema: z.core.$ZodType) => {
      const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
        io: "input",
        target: "openapi-3.0",
        unrepresentable: "any",
      });
      return rest;
    };
    expect(post.requestBody.content["application/json"]?.schema).toEqual({
      anyOf: [documented(personalizationWriteSchema), documented(multiQuestionWriteSchema)],
    });
    expect(post.parameters).toContainEqual(
      expect.objectContaining({ name: "supports_multiple_personalization_questions", in: "query" }),
    );
    expect(Object.keys(post.responses)).toContain("409");
    expect(post.security).toEqual([{ apiKey: [], oauth2: ["listings_w"] }]);
  });

  it("documents the paging limits getListingsByShop enforces", async () => {
    const doc = await document();
    const parameters = doc.paths["/v3/application/shops/{shop_id}/listings"]?.get?.parameters ?? [];
    expect(parameters.find((parameter) => parameter.name === "limit")).toMatchObject({
      in: "query",
      required: false,
      schema: { type: "integer", minimum: 1, maximum: 100, default: 25 },
    });
    expect(parameters.find((parameter) => parameter.name === "includes")).toMatchObject({
      in: "query",
      style: "form",
      explode: false,
      schema: { type: "array", items: { type: "string", enum: expect.arrayContaining(["Images", "Personalization"]) } },
    });
    const refused = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?limit=101`, {
      token: (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r"] })).access_token,
    });
    expect(refused.status).toBe(400);
  });
});

describe("answers match the documented response schemas", () => {
  it("getListing, getListingsByShop with includes=personalization, updateListingPersonalization", async () => {
    const token = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r", "listings_w"] }))
      .access_token;
    const listing = await callApi(sandbox.url, `listings/${WITH_QUESTION}?includes=personalization`);
    expect(listing.status).toBe(200);
    routeOf("getListing").responses[200]?.schema?.parse(listing.body);

    const page = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?includes=personalization&limit=25`, {
      token,
    });
    expect(page.status).toBe(200);
    expect(page.body.results.length).toBeGreaterThan(1);
    routeOf("getListingsByShop").responses[200]?.schema?.parse(page.body);

    const written = await writeAdaQuestions(sandbox.url, token, WITH_QUESTION, [
      textQuestion({ instructions: "Name to engrave.", required: true, max_allowed_characters: 20 }),
    ]);
    expect(written.status).toBe(201);
    routeOf("updateListingPersonalization").responses[201]?.schema?.parse(written.body);
  });
});

describe("the document cannot drift from the routes", () => {
  const echo = defineRoute({
    method: "get",
    path: "/v3/application/echo/:word",
    operationId: "echoWord",
    summary: "A route added only in this test",
    tags: ["Test"],
    access: { token: "none" },
    params: z.object({ word: z.string().regex(/^[a-z]+$/, "Word must be lowercase letters.") }),
    query: z.object({
      times: z
        .string()
        .regex(/^\d$/, "times must be one digit.")
        .transform(Number)
        .pipe(z.number().meta({ type: "integer" }))
        .default(1),
    }),
    responses: { 200: reply("The word, repeated.", z.object({ words: z.array(z.string()) })) },
    handler: (c, { params, query }) => {
      const input = query();
      return input instanceof Response
        ? input
        : c.json({ words: Array.from({ length: input.times }, () => params.word) });
    },
  });
  const app = createApp(new SandboxState(DEFAULT_OPTIONS), [...API_ROUTES, echo]);
  const apiKey = { "x-api-key": DEMO_API_KEY };

  it("a route added to the registry is served and described by the same declaration", async () => {
    const doc = (await (await app.request("/openapi.json")).json()) as OpenApiDocument;
    const operation = doc.paths["/v3/application/echo/{word}"]?.get;
    expect(operation?.operationId).toBe("echoWord");
    expect(operation?.parameters).toEqual([
      { name: "word", in: "path", required: true, schema: { type: "string", pattern: "^[a-z]+$" } },
      { name: "times", in: "query", required: false, schema: { type: "integer", default: 1 } },
    ]);
    expect(operation?.security).toEqual([{ apiKey: [] }]);
    expect(operations(doc).length).toBe(API_ROUTES.length + 1);
  });

  it("the added route parses its input with the declared schemas", async () => {
    const ok = await app.request("/v3/application/echo/hi?times=3", { headers: apiKey });
    expect(await ok.json()).toEqual({ words: ["hi", "hi", "hi"] });
    const badQuery = await app.request("/v3/application/echo/hi?times=12", { headers: apiKey });
    expect([badQuery.status, await badQuery.json()]).toEqual([400, { error: "times must be one digit." }]);
    const badPath = await app.request("/v3/application/echo/HI", { headers: apiKey });
    expect([badPath.status, await badPath.json()]).toEqual([404, { error: "Word must be lowercase letters." }]);
  });
});

describe("the document's examples", () => {
  const BO = DEMO_SELLERS.bo;
  type Content = Record<string, { schema: unknown; example?: unknown }>;
  const exampleOf = (doc: OpenApiDocument, path: string, method: string, status: number) =>
    (doc.paths[path]?.[method]?.responses as Record<string, { content?: Content }> | undefined)?.[status]?.content?.[
      "application/json"
    ]?.example;

  it("validate against the schema of the reply they illustrate, and the document carries each of them", async () => {
    const doc = await document();
    let checked = 0;
    for (const route of API_ROUTES) {
      for (const [status, declared] of Object.entries(route.responses)) {
        if (!declared.example) continue;
        const example = declared.example();
        const parsed = declared.schema?.safeParse(example);
        expect(parsed?.success, `${route.operationId} ${status}: ${parsed?.error?.message}`).toBe(true);
        expect(exampleOf(doc, openApiPath(route.path), route.method, Number(status))).toEqual(example);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("are the sandbox's own answers on its seed data: a page of 25 with questions, a listing with its legacy fields, a personalization", async () => {
    const doc = await document();
    const token = (await issueTokensFor(sandbox.url, { user_id: BO.user_id, scopes: ["listings_r"] })).access_token;
    const page = await callApi(sandbox.url, `shops/${BO.shop_id}/listings?limit=25&includes=personalization`, {
      token,
    });
    expect(page.status).toBe(200);
    const example = exampleOf(doc, "/v3/application/shops/{shop_id}/listings", "get", 200) as {
      results: { listing_id: number; personalization_instructions?: unknown }[];
    };
    expect(example.results).toHaveLength(25);
    expect(page.text).toBe(JSON.stringify(example));

    const first = example.results[0]?.listing_id;
    const listing = await callApi(sandbox.url, `listings/${first}`);
    expect(listing.status).toBe(200);
    expect(listing.body).toHaveProperty("personalization_instructions");
    expect(listing.text).toBe(JSON.stringify(exampleOf(doc, "/v3/application/listings/{listing_id}", "get", 200)));

    const personalization = await callApi(sandbox.url, `listings/${WITH_QUESTION}/personalization`);
    expect(personalization.body.personalization_questions).toHaveLength(1);
    expect(personalization.body).toEqual(
      exampleOf(doc, "/v3/application/listings/{listing_id}/personalization", "get", 200),
    );
    expect(
      exampleOf(doc, "/v3/application/shops/{shop_id}/listings/{listing_id}/personalization", "post", 201),
    ).toEqual(personalization.body);
  });
});

describe("GET /openapi/marketplace.json: the marketplace's own document on the sandbox's date (docs/marketplace.md §18)", () => {
  type Live = { components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> } };
  const marketplace = async (query = "") => {
    const result = await http(`${sandbox.url}/openapi/marketplace.json${query}`);
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
    return result;
  };
  const listingFields = (doc: Live) => doc.components.schemas.ShopListing?.properties ?? {};
  const pin = (phase: string | null) => sandboxControl(sandbox.url, "/phase", { phase });

  it("is the vendor's August document in the phases before September 2026", async () => {
    expect((await marketplace()).body).toEqual(openApiDocumentAt("2026-08-31"));
    expect((await marketplace()).body).toEqual(
      JSON.parse(readFileSync(new URL("./etsy-oas-3.0.0.json", import.meta.url), "utf8")),
    );
  });

  it("follows the pinned phase: the legacy fields go on 2026-09-06, the guarantees and removed come on 2026-09-21", async () => {
    await pin("listing-fields-refused");
    const refused = (await marketplace()).body as Live;
    expect(refused).toEqual(openApiDocumentAt("2026-09-06"));
    expect(listingFields(refused)).not.toHaveProperty("ecgt_garan_years");
    await pin("webhooks");
    const latest = (await marketplace()).body as Live;
    expect(listingFields(latest)).toHaveProperty("ecgt_garan_years");
    expect(listingFields(latest).state?.enum).toContain("removed");
  });

  it("follows the clock when no phase is pinned, and answers any day asked for", async () => {
    await pin(null);
    await sandboxControl(sandbox.url, "/clock", { at: "2026-09-20T12:00:00Z" });
    expect((await marketplace()).body).toEqual(openApiDocumentAt("2026-09-20"));
    await sandboxControl(sandbox.url, "/clock", { at: "2026-09-21T00:00:00Z" });
    expect((await marketplace()).body).toEqual(openApiDocumentAt("2026-09-21"));
    expect((await marketplace("?date=2026-08-01")).body).toEqual(openApiDocumentAt("2026-08-01"));
  });

  it("refuses a date it cannot read with 400", async () => {
    const refused = await marketplace("?date=yesterday");
    expect([refused.status, refused.body]).toEqual([
      400,
      { error: "date: give a day as YYYY-MM-DD, e.g. 2026-09-21." },
    ]);
  });
});
