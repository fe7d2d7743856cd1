import { describe, expect, it } from "vitest";
import { PHASES } from "./phases.js";
import { DEMO_APP } from "./store/seed.js";
import {
  ADA,
  callApi,
  http,
  issueLegacyToken,
  issueTokensFor,
  obtainTokensInBrowser,
  requestToken,
  sandboxControl,
  type HttpResult,
  type JsonBody,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";
import { liveOasAt, liveOperation, type LiveOas, type Parameter } from "../test/harness/live-oas.js";
import { PHASE_STARTS, phaseReached } from "./phases.js";
import type { OpenApiDocument } from "./api/routes.js";

// Every answer of the operations of docs/marketplace.md §4.1-§4.4 (and getMe, getShop, createReceiptShipment) against the live OAS's response schemas and
// parameter rules, in every phase the sandbox plays (state.ts PHASES, however many there are), each against the document
// as it stood on the phase's first day (§18).
const sandbox = useSeededSandbox();

const WITH_QUESTION = 1_000_000_001;
const WITHOUT_QUESTION = 1_000_000_002;
const LEGACY_KEYS = ["personalization_is_required", "personalization_char_count_max", "personalization_instructions"];
const ASSOCIATION_KEYS = [
  "shipping_profile",
  "user",
  "shop",
  "images",
  "videos",
  "inventory",
  "translations",
  "personalization",
  "buyer_price",
];
const SCOPES = ["listings_r", "listings_w", "shops_r", "transactions_r"];

const adaToken = async () => (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: SCOPES })).access_token;

/** Listings anywhere in an answer: a page's results, one listing, an inventory's listing. */
function listingsIn(body: JsonBody): JsonBody[] {
  if (Array.isArray(body?.results)) return body.results;
  if (body?.listing) return [body.listing];
  return typeof body?.listing_id === "number" ? [body] : [];
}

/** The answer is the status and the body the live OAS documents, and no listing carries a field the OAS lacks. */
function expectLive(live: LiveOas, operationId: string, result: HttpResult, status: number) {
  expect(result.status, `${operationId}: ${result.text.slice(0, 300)}`).toBe(status);
  expect(live.schemaErrors(operationId, status, result.body), operationId).toBeNull();
  for (const listing of listingsIn(result.body)) {
    const unknown = Object.keys(listing).filter(
      (key) => !live.shopListingFields.includes(key) && !ASSOCIATION_KEYS.includes(key) && !LEGACY_KEYS.includes(key),
    );
    expect(unknown, `${operationId}: fields the OAS does not list`).toEqual([]);
  }
}

function expectLiveError(live: LiveOas, result: HttpResult, status: number, error?: string) {
  expect(result.status, result.text).toBe(status);
  expect(live.componentErrors("ErrorSchema", result.body)).toBeNull();
  if (error !== undefined) expect(result.body.error).toBe(error);
}

/** docs/marketplace.md §2.4 (the token endpoint is not in the live OAS). */
function expectTokenResponse(body: JsonBody, withScope: boolean) {
  expect(body).toEqual({
    access_token: expect.stringMatching(/^\d+\..+/),
    token_type: "Bearer",
    expires_in: 3600,
    refresh_token: expect.stringMatching(/^\d+\..+/),
    ...(withScope ? { scope: expect.any(String) } : {}),
  });
}

/** The reads of docs/marketplace.md §4.2 and §4.3, each with its required parameters filled in. */
const READS: Record<string, { path: string; token?: boolean }> = {
  getListing: { path: `listings/${WITH_QUESTION}` },
  getListingsByListingIds: { path: `listings/batch?listing_ids=${WITH_QUESTION},${WITHOUT_QUESTION}` },
  getListingsByShop: { path: `shops/${ADA.shop_id}/listings`, token: true },
  findAllListingsActive: { path: "listings/active" },
  findAllActiveListingsByShop: { path: `shops/${ADA.shop_id}/listings/active` },
  getFeaturedListingsByShop: { path: `shops/${ADA.shop_id}/listings/featured` },
  getListingsByShopSectionId: { path: `shops/${ADA.shop_id}/shop-sections/listings?shop_section_ids=80001,80002` },
  getListingsByShopReceipt: { path: `shops/${ADA.shop_id}/receipts/60001/listings`, token: true },
  getListingsByShopReturnPolicy: { path: `shops/${ADA.shop_id}/policies/return/90001/listings`, token: true },
  getListingInventory: { path: `listings/${WITH_QUESTION}/inventory`, token: true },
  getListingPersonalization: { path: `listings/${WITH_QUESTION}/personalization` },
  getMe: { path: "users/me", token: true },
  getShop: { path: `shops/${ADA.shop_id}` },
  getShopByOwnerUserId: { path: `users/${ADA.user_id}/shops` },
  ping: { path: "openapi-ping" },
};

const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

function read(operationId: string, token: string, query = "") {
  const call = READS[operationId];
  if (!call) throw new Error(`no read ${operationId}`);
  return callApi(sandbox.url, query ? withQuery(call.path, query) : call.path, call.token ? { token } : {});
}

const queryParameters = (live: LiveOas, operationId: string) =>
  (live.operation(operationId).operation.parameters ?? []).filter((parameter) => parameter.in === "query");

const enumRefusal = (value: string, values: readonly string[]) =>
  `Invalid value (${value}) for enum(${values.join(", ")})`;

for (const phase of PHASES) {
  describe(`in the ${phase} phase`, () => {
    const live = liveOasAt(PHASE_STARTS[phase]);
    const enterPhase = async () => {
      expect((await sandboxControl(sandbox.url, "/phase", { phase })).status).toBe(200);
      return adaToken();
    };

    it("answers every read as the live OAS documents it, with every field of ShopListing and Shop", async () => {
      const token = await enterPhase();
      for (const operationId of Object.keys(READS)) expectLive(live, operationId, await read(operationId, token), 200);
      const withAll = await read("getListing", token, "includes=Images,Shop,User,Translations,Videos,BuyerPrice");
      expectLive(live, "getListing", withAll, 200);
      expect(Object.keys(withAll.body.shop).sort()).toEqual([...live.shopFields].sort());
      const legacyShown = LEGACY_KEYS.every((key) => key in withAll.body);
      expect(legacyShown || LEGACY_KEYS.every((key) => !(key in withAll.body))).toBe(true);
    });

    it("answers the personalization and listing writes as the live OAS documents them", async () => {
      const token = await enterPhase();
      const personalization = `shops/${ADA.shop_id}/listings/${WITHOUT_QUESTION}/personalization`;
      const question = {
        question_type: "text_input",
        question_text: "Personalization",
        instructions: "Initials to engrave.",
        required: false,
        max_allowed_characters: 3,
      };
      const written = await callApi(sandbox.url, personalization, {
        token,
        json: { personalization_questions: [question] },
      });
      expectLive(live, "updateListingPersonalization", written, 201);
      expectLive(
        live,
        "getListingPersonalization",
        await callApi(sandbox.url, `listings/${WITHOUT_QUESTION}/personalization`),
        200,
      );
      const deleted = await callApi(sandbox.url, personalization, { method: "DELETE", token });
      expect([deleted.status, deleted.text]).toEqual([204, ""]);

      const draft = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
        token,
        form: { quantity: "2", title: "Conformance draft", description: "Made to check.", price: "12.50" },
      });
      expectLive(live, "createDraftListing", draft, 201);
      const updated = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${draft.body.listing_id}`, {
        method: "PATCH",
        token,
        form: { title: "Conformance draft, renamed" },
      });
      expectLive(live, "updateListing", updated, 200);
      expect(updated.body.last_modified_timestamp).toBeGreaterThan(draft.body.last_modified_timestamp);
    });

    it("answers createReceiptShipment and its refusals as the live OAS documents them", async () => {
      const readOnly = await enterPhase();
      const token = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: [...SCOPES, "transactions_w"] }))
        .access_token;
      const open = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?was_paid=true&was_shipped=false&limit=1`, {
        token,
      });
      const tracking = `shops/${ADA.shop_id}/receipts/${open.body.results[0].receipt_id}/tracking`;
      const shipped = await callApi(sandbox.url, tracking, {
        token,
        json: { tracking_code: "9400111899223856789012", carrier_name: "usps" },
      });
      expectLive(live, "createReceiptShipment", shipped, 200);
      expect(shipped.body).toMatchObject({ is_shipped: true, shipments: [{ carrier_name: "usps" }] });
      expectLiveError(
        live,
        await callApi(sandbox.url, tracking, { token: readOnly, json: {} }),
        403,
        "insufficient_scope",
      );
      expectLiveError(live, await callApi(sandbox.url, tracking, { token, json: { carrier_name: "usps" } }), 400);
    });

    it("shows a listing the marketplace removed as the phase's OAS documents it, from the phase that has the state", async () => {
      const token = await enterPhase();
      const removed = await sandboxControl(sandbox.url, `/listings/${WITHOUT_QUESTION}/remove`, {});
      const stateEnum = (live.document.components.schemas.ShopListing?.properties?.state as { enum: string[] }).enum;
      expect(stateEnum.includes("removed")).toBe(phaseReached(phase, "eu-guarantees"));
      if (!stateEnum.includes("removed")) {
        expect(removed.status).toBe(409);
        return;
      }
      expect(removed.status).toBe(200);
      const listing = await callApi(sandbox.url, `listings/${WITHOUT_QUESTION}`, { token });
      expectLive(live, "getListing", listing, 200);
      expect(listing.body.state).toBe("removed");
      const found = await read("getListingsByShop", token, "state=removed");
      expectLive(live, "getListingsByShop", found, 200);
      expect(found.body.count).toBe(1);
    });

    it("answers refusals with the live OAS's ErrorSchema", async () => {
      const token = await enterPhase();
      expectLiveError(live, await callApi(sandbox.url, "listings/999"), 404);
      expectLiveError(live, await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/1/listings`, { token }), 404);
      expectLiveError(live, await callApi(sandbox.url, "users/me", { token, apiKey: null }), 401);
      expectLiveError(live, await read("getListingsByShop", token, "state=gone"), 400);
    });

    it("issues tokens as docs/marketplace.md §2.4 writes them, for every grant", async () => {
      await enterPhase();
      const granted = await obtainTokensInBrowser(sandbox.url);
      expectTokenResponse(granted, true);
      const refreshed = await requestToken(sandbox.url, {
        grant_type: "refresh_token",
        client_id: DEMO_APP.keystring,
        refresh_token: granted.refresh_token,
      });
      expect(refreshed.status).toBe(200);
      expectTokenResponse(refreshed.body, true);
      const legacy = await issueLegacyToken(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r"] });
      const exchanged = await requestToken(sandbox.url, {
        grant_type: "token_exchange",
        client_id: DEMO_APP.keystring,
        legacy_token: legacy,
      });
      expect(exchanged.status).toBe(200);
      expectTokenResponse(exchanged.body, false);
    });

    it("checks every enum, integer and number query parameter of the live OAS as the live API does", async () => {
      const token = await enterPhase();
      for (const operationId of Object.keys(READS)) {
        for (const parameter of queryParameters(live, operationId))
          await expectParameterRules(live, operationId, parameter, token);
      }
    });
  });
}

async function expectParameterRules(live: LiveOas, operationId: string, parameter: Parameter, token: string) {
  const { name, schema } = parameter;
  const label = `${operationId} ${name}`;
  const values = schema.enum ?? schema.items?.enum;
  if (values) {
    for (const value of values) {
      const answer = await read(operationId, token, `${name}=${value}`);
      expect(answer.status, `${label}=${value}: ${answer.text.slice(0, 200)}`).toBe(200);
      expectLive(live, operationId, answer, 200);
    }
    const refused = await read(operationId, token, `${name}=Nonsense`);
    expect([refused.status, refused.body], label).toEqual([400, { error: enumRefusal("Nonsense", values) }]);
  }
  if (schema.type === "array" && schema.items?.enum) {
    const every = await read(operationId, token, `${name}=${schema.items.enum.join(",")}`);
    expectLive(live, operationId, every, 200);
    const [first, second = first] = schema.items.enum;
    const bracketed = await read(operationId, token, `${name}[]=${first}&${name}[]=${second}`);
    const joined = await read(operationId, token, `${name}=${first},${second}`);
    expect(bracketed.status, label).toBe(200);
    expect(bracketed.body, label).toEqual(joined.body);
  }
  if (schema.type === "integer") {
    const refused = await read(operationId, token, `${name}=twelve`);
    expect([refused.status, refused.body], label).toEqual([400, { error: `Expected int value for ${name}` }]);
  }
  if (schema.type === "number") {
    const refused = await read(operationId, token, `${name}=cheap`);
    expect([refused.status, refused.body], label).toEqual([400, { error: `Expected float value for ${name}` }]);
  }
}

describe("the sandbox's own /openapi.json", () => {
  it("declares only paths, methods and query parameters the live OAS has, for the operations it shares", async () => {
    const declared = (await http(`${sandbox.url}/openapi.json`)).body as OpenApiDocument;
    let shared = 0;
    for (const [path, item] of Object.entries(declared.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        let live;
        try {
          live = liveOperation(operation.operationId);
        } catch {
          continue;
        }
        shared += 1;
        expect(`${method} ${path}`, operation.operationId).toBe(`${live.method} ${live.path}`);
        const liveNames = (live.operation.parameters ?? []).map((parameter) => parameter.name);
        for (const parameter of operation.parameters as { name: string }[])
          expect(liveNames, `${operation.operationId} declares ${parameter.name}`).toContain(parameter.name);
      }
    }
    expect(shared).toBeGreaterThanOrEqual(19);
  });
});
