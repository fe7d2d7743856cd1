import { describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_SELLERS } from "./store/seed.js";
import {
  ADA,
  apiKeyOf,
  callApi,
  createSeller,
  issueTokensFor,
  registerApp,
  type HttpResult,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

const sandbox = useSeededSandbox();

const MISSING_KEY = { error: "Missing or invalid API key" };
const MALFORMED_KEY = { error: "Invalid API key: should be in the format 'keystring:shared_secret'." };

async function adaToken(scopes = ["shops_r", "listings_r", "listings_w"]) {
  return (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes })).access_token;
}

function expectError(result: HttpResult, status: number, body: Record<string, string>) {
  expect(result.status).toBe(status);
  expect(result.body).toEqual(body);
}

describe("x-api-key (docs/marketplace.md §5.2)", () => {
  it("answers 401 when the header is missing", async () => {
    expectError(await callApi(sandbox.url, "openapi-ping", { apiKey: null }), 401, MISSING_KEY);
  });

  it("answers 401 when the keystring is unknown", async () => {
    expectError(await callApi(sandbox.url, "openapi-ping", { apiKey: "unknownkey:secret" }), 401, MISSING_KEY);
  });

  it("answers 401 when an unknown keystring comes without a secret", async () => {
    expectError(await callApi(sandbox.url, "openapi-ping", { apiKey: "unknownkey" }), 401, MISSING_KEY);
  });

  it("answers 403 when the keystring comes without the shared secret", async () => {
    expectError(await callApi(sandbox.url, "openapi-ping", { apiKey: DEMO_APP.keystring }), 403, MALFORMED_KEY);
  });

  it("answers 403 when the shared secret is wrong", async () => {
    expectError(
      await callApi(sandbox.url, "openapi-ping", { apiKey: `${DEMO_APP.keystring}:wrong-secret` }),
      403,
      MALFORMED_KEY,
    );
  });

  it("answers 403 when the shared secret is empty", async () => {
    expectError(await callApi(sandbox.url, "openapi-ping", { apiKey: `${DEMO_APP.keystring}:` }), 403, MALFORMED_KEY);
  });

  it("requires the key on endpoints that also need a token", async () => {
    expectError(await callApi(sandbox.url, "users/me", { apiKey: null, token: await adaToken() }), 401, MISSING_KEY);
  });

  it("requires the key on unknown /v3/application paths too", async () => {
    expectError(await callApi(sandbox.url, "no-such-endpoint", { apiKey: null }), 401, MISSING_KEY);
  });
});

describe("bearer tokens on resource endpoints (docs/marketplace.md §5.3, §7.7)", () => {
  it("answers 403 to a bearer without the numeric user prefix", async () => {
    const token = await adaToken();
    const unprefixed = token.split(".")[1] ?? "";
    expectError(await callApi(sandbox.url, "users/me", { token: unprefixed }), 403, {
      error: "No user was provided as part of the bearer token.",
    });
  });

  it("answers 403 to a bearer with a non-numeric prefix", async () => {
    expectError(await callApi(sandbox.url, "users/me", { token: "ada.abcdef" }), 403, {
      error: "No user was provided as part of the bearer token.",
    });
  });

  it("answers 401 invalid_token when the token is missing", async () => {
    const result = await callApi(sandbox.url, "users/me");
    expect(result.status).toBe(401);
    expect(result.body.error).toBe("invalid_token");
    expect(result.body.error_description).toMatch(/^An OAuth 2\.0 access token is required/);
  });

  it("answers 401 invalid_token to an unknown token with a numeric prefix", async () => {
    expectError(await callApi(sandbox.url, "users/me", { token: "50001.not-a-real-token" }), 401, {
      error: "invalid_token",
      error_description: "access token is invalid",
    });
  });

  it("answers 401 when the numeric prefix names another user", async () => {
    const token = await adaToken();
    const forged = `${DEMO_SELLERS.bo.user_id}.${token.split(".")[1]}`;
    expectError(await callApi(sandbox.url, "users/me", { token: forged }), 401, {
      error: "invalid_token",
      error_description: "access token is invalid",
    });
  });

  it("answers 403 insufficient_scope when the token lacks the endpoint's scope", async () => {
    const token = await adaToken(["listings_r"]);
    expectError(await callApi(sandbox.url, "users/me", { token }), 403, {
      error: "insufficient_scope",
      error_description: "Insufficient scope",
    });
  });

  it("answers 401 to a token issued to another app", async () => {
    const other = await registerApp(sandbox.url, { redirect_uris: ["https://www.example.com/cb"] });
    const token = (
      await issueTokensFor(sandbox.url, { keystring: other.keystring, user_id: ADA.user_id, scopes: ["shops_r"] })
    ).access_token;
    expectError(await callApi(sandbox.url, "users/me", { token }), 401, {
      error: "invalid_token",
      error_description: "access token is invalid",
    });
    expect((await callApi(sandbox.url, "users/me", { token, apiKey: apiKeyOf(other) })).status).toBe(200);
  });

  it("refuses an OAuth 2.0 token on a v2 path (docs/marketplace.md §5.6.2)", async () => {
    const token = await adaToken();
    const result = await callApi(sandbox.url, "/v2/users/__SELF__", { token });
    expect(result.status).toBe(401);
    expect(result.body).toEqual({
      error: "invalid_token",
      error_description:
        "v2 endpoints do not accept OAuth 2.0 tokens; call the /v3/ endpoint or use an OAuth 1.0 token (docs/marketplace.md §5.6).",
    });
  });

  it("answers 404 on a v2 path without an OAuth 2.0 token", async () => {
    const result = await callApi(sandbox.url, "/v2/users/__SELF__");
    expect(result.status).toBe(404);
    expect(result.body.error).toContain("v2 paths exist here only to refuse OAuth 2.0 tokens");
  });
});

describe("account endpoints (docs/marketplace.md §11.7)", () => {
  it("getMe returns user_id and shop_id for a seller with a shop", async () => {
    const result = await callApi(sandbox.url, "users/me", { token: await adaToken(["shops_r"]) });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ user_id: ADA.user_id, shop_id: ADA.shop_id });
  });

  it("getMe leaves shop_id out for a user without a shop", async () => {
    const token = (await issueTokensFor(sandbox.url, { user_id: DEMO_SELLERS.cy.user_id, scopes: ["shops_r"] }))
      .access_token;
    const result = await callApi(sandbox.url, "users/me", { token });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ user_id: DEMO_SELLERS.cy.user_id });
  });

  it("getShop returns the shop without a token", async () => {
    const result = await callApi(sandbox.url, `shops/${ADA.shop_id}`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      shop_id: ADA.shop_id,
      user_id: ADA.user_id,
      shop_name: ADA.shop_name,
      title: expect.any(String),
      url: expect.stringContaining(ADA.shop_name),
      currency_code: "USD",
      listing_active_count: 15,
    });
  });

  it("getShop answers 404 for an unknown shop", async () => {
    expectError(await callApi(sandbox.url, "shops/99999999"), 404, { error: "Shop 99999999 does not exist." });
  });

  it("getShopByOwnerUserId returns the user's shop", async () => {
    const result = await callApi(sandbox.url, `users/${DEMO_SELLERS.bo.user_id}/shops`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      shop_id: DEMO_SELLERS.bo.shop_id,
      user_id: DEMO_SELLERS.bo.user_id,
      shop_name: DEMO_SELLERS.bo.shop_name,
      listing_active_count: 240,
    });
  });

  it("getShopByOwnerUserId answers 404 for a user without a shop", async () => {
    expectError(await callApi(sandbox.url, `users/${DEMO_SELLERS.cy.user_id}/shops`), 404, {
      error: `User ${DEMO_SELLERS.cy.user_id} has no shop.`,
    });
  });

  it("getShopByOwnerUserId answers 404 for a seller created without a shop", async () => {
    const seller = await createSeller(sandbox.url, { shop: false });
    expect(seller.shop_id).toBeNull();
    expect((await callApi(sandbox.url, `users/${seller.user_id}/shops`)).status).toBe(404);
  });

  it("tokenScopes lists the scopes of an access token", async () => {
    const token = await adaToken(["listings_r", "shops_r"]);
    const result = await callApi(sandbox.url, "scopes", { form: { token } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ scopes: ["listings_r", "shops_r"] });
  });

  it("tokenScopes answers an empty list for an unknown token", async () => {
    const result = await callApi(sandbox.url, "scopes", { form: { token: "50001.unknown" } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ scopes: [] });
  });

  it("tokenScopes answers 400 without a token field", async () => {
    expectError(await callApi(sandbox.url, "scopes", { form: {} }), 400, { error: "token: is required." });
  });

  it("ping returns the application id of the key", async () => {
    const result = await callApi(sandbox.url, "openapi-ping");
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ application_id: 1 });
  });

  it("answers an unknown /v3/application path with a JSON 404", async () => {
    const result = await callApi(sandbox.url, "no-such-endpoint");
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ error: "No endpoint GET /v3/application/no-such-endpoint in the sandbox." });
  });
});
