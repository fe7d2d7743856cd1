import { describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_SELLERS } from "./store/seed.js";
import {
  ADA,
  DEMO_REDIRECT_URI,
  RFC7636_CHALLENGE,
  RFC7636_VERIFIER,
  advanceClock,
  apiKeyOf,
  authorizeInBrowser,
  callApi,
  issueLegacyToken,
  issueTokensFor,
  obtainTokensInBrowser,
  pkcePair,
  registerApp,
  requestToken,
  sandboxControl,
  type HttpResult,
  type PkcePair,
  exchangeCode,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

const sandbox = useSeededSandbox();

const NINETY_DAYS = 90 * 24 * 3600;

/** A fresh code for Ada with the given PKCE pair and scopes. */
async function freshCode(pkce: PkcePair = pkcePair(), scope = "listings_r listings_w shops_r") {
  const { redirect } = await authorizeInBrowser(sandbox.url, { pkce, params: { scope } });
  return redirect.searchParams.get("code") ?? "";
}

const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  exchangeCode(sandbox.url, code, verifier, { redirect_uri: DEMO_REDIRECT_URI, ...extra });

function refresh(refreshToken: string, clientId: string = DEMO_APP.keystring) {
  return requestToken(sandbox.url, { grant_type: "refresh_token", client_id: clientId, refresh_token: refreshToken });
}

function getMe(token: string) {
  return callApi(sandbox.url, "users/me", { token });
}

function expectOAuthError(result: HttpResult, error: string, description: string) {
  expect(result.status).toBe(400);
  expect(result.body).toEqual({ error, error_description: description });
  expect(result.headers.get("cache-control")).toBe("no-store");
}

describe("authorization_code grant with PKCE (docs/marketplace.md §4.4, §5.4)", () => {
  it("derives the RFC 7636 appendix B challenge from its verifier", () => {
    expect(pkcePair(RFC7636_VERIFIER).challenge).toBe(RFC7636_CHALLENGE);
  });

  it("exchanges a code made with the RFC 7636 challenge for the RFC 7636 verifier", async () => {
    const code = await freshCode({ verifier: RFC7636_VERIFIER, challenge: RFC7636_CHALLENGE });
    const result = await exchange(code, RFC7636_VERIFIER);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      access_token: expect.stringMatching(/^50001\.[A-Za-z0-9_-]{20,}$/),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^50001\.[A-Za-z0-9_-]{20,}$/),
      scope: "listings_r listings_w shops_r",
    });
    expect(result.body.access_token).not.toBe(result.body.refresh_token);
    expect(result.headers.get("cache-control")).toBe("no-store");
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("issues a working access token that names its user", async () => {
    const tokens = await obtainTokensInBrowser(sandbox.url);
    const me = await getMe(tokens.access_token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user_id: ADA.user_id, shop_id: ADA.shop_id });
  });

  it("refuses a verifier that does not hash to the challenge", async () => {
    const code = await freshCode();
    expectOAuthError(await exchange(code, pkcePair().verifier), "invalid_grant", "code_verifier does not match");
  });

  it("accepts verifiers of exactly 43 and exactly 128 characters", async () => {
    for (const verifier of ["a".repeat(43), `${"Az09._~-".repeat(16)}`]) {
      const pkce = pkcePair(verifier);
      const result = await exchange(await freshCode(pkce), pkce.verifier);
      expect(result.status).toBe(200);
    }
  });

  const malformed: Array<[string, string]> = [
    ["42 characters (too short)", "a".repeat(42)],
    ["129 characters (too long)", "a".repeat(129)],
    ["a forbidden character (+)", `${"a".repeat(42)}+`],
    ["a forbidden character (space)", `${"a".repeat(42)} `],
  ];
  for (const [what, verifier] of malformed) {
    it(`refuses a code_verifier of ${what} with invalid_request`, async () => {
      const code = await freshCode(pkcePair(verifier));
      expectOAuthError(
        await exchange(code, verifier),
        "invalid_request",
        "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '.', '_', '~' and '-'",
      );
    });
  }

  it("refuses a replayed code with invalid_grant and revokes the tokens of the first exchange (RFC 6749 4.1.2)", async () => {
    const pkce = pkcePair();
    const code = await freshCode(pkce);
    const first = await exchange(code, pkce.verifier);
    expect(first.status).toBe(200);
    expect((await getMe(first.body.access_token)).status).toBe(200);

    expectOAuthError(await exchange(code, pkce.verifier), "invalid_grant", "code has been used previously");

    const me = await getMe(first.body.access_token);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: "invalid_token", error_description: "access token is invalid" });
    expectOAuthError(await refresh(first.body.refresh_token), "invalid_grant", "refresh_token is revoked");
  });

  it("revokes tokens refreshed from a code when that code is replayed", async () => {
    const pkce = pkcePair();
    const code = await freshCode(pkce);
    const first = await exchange(code, pkce.verifier);
    const refreshed = await refresh(first.body.refresh_token);
    expect(refreshed.status).toBe(200);
    await exchange(code, pkce.verifier);
    expect((await getMe(refreshed.body.access_token)).status).toBe(401);
    expectOAuthError(await refresh(refreshed.body.refresh_token), "invalid_grant", "refresh_token is revoked");
  });

  it("refuses a code after its 10 minutes", async () => {
    const pkce = pkcePair();
    const code = await freshCode(pkce);
    await advanceClock(sandbox.url, 600);
    expectOAuthError(await exchange(code, pkce.verifier), "invalid_grant", "code is expired");
  });

  it("accepts a code well within its 10 minutes", async () => {
    const pkce = pkcePair();
    const code = await freshCode(pkce);
    await advanceClock(sandbox.url, 540);
    expect((await exchange(code, pkce.verifier)).status).toBe(200);
  });

  it("refuses a redirect_uri that differs from the authorization request's", async () => {
    const pkce = pkcePair();
    const code = await freshCode(pkce);
    expectOAuthError(
      await exchange(code, pkce.verifier, { redirect_uri: `${DEMO_REDIRECT_URI}/` }),
      "invalid_grant",
      "redirect_uri does not match",
    );
  });

  it("skips the redirect_uri check when redirect_uri is omitted", async () => {
    const pkce = pkcePair();
    const code = await freshCode(pkce);
    const result = await requestToken(sandbox.url, {
      grant_type: "authorization_code",
      client_id: DEMO_APP.keystring,
      code,
      code_verifier: pkce.verifier,
    });
    expect(result.status).toBe(200);
    expect(result.body.scope).toBe("listings_r listings_w shops_r");
  });

  it("refuses an unknown client_id with invalid_client", async () => {
    const pkce = pkcePair();
    const code = await freshCode(pkce);
    expectOAuthError(
      await exchange(code, pkce.verifier, { client_id: "no-such-app" }),
      "invalid_client",
      "client_id is unknown",
    );
  });

  it("refuses a code presented by another app", async () => {
    const other = await registerApp(sandbox.url, { redirect_uris: [DEMO_REDIRECT_URI] });
    const pkce = pkcePair();
    const code = await freshCode(pkce);
    expectOAuthError(
      await exchange(code, pkce.verifier, { client_id: other.keystring }),
      "invalid_grant",
      "code is invalid",
    );
  });

  it("refuses an unknown code", async () => {
    expectOAuthError(await exchange("not-a-code", pkcePair().verifier), "invalid_grant", "code is invalid");
  });

  it("accepts a JSON body as the live quickstart sends it", async () => {
    const pkce = pkcePair();
    const code = await freshCode(pkce);
    const result = await requestToken(
      sandbox.url,
      {
        grant_type: "authorization_code",
        client_id: DEMO_APP.keystring,
        code,
        code_verifier: pkce.verifier,
        redirect_uri: DEMO_REDIRECT_URI,
      },
      { json: true },
    );
    expect(result.status).toBe(200);
    expect(result.body.token_type).toBe("Bearer");
  });

  it("refuses a body that is neither form-encoded nor a JSON object", async () => {
    const result = await fetch(`${sandbox.url}/v3/public/oauth/token`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "grant_type=authorization_code",
    });
    expect(result.status).toBe(400);
    expect(await result.json()).toEqual({
      error: "invalid_request",
      error_description: "the body must be application/x-www-form-urlencoded (or a JSON object) of string parameters",
    });
  });
});

describe("token endpoint: missing parameters and unsupported grants", () => {
  const missing: Array<[string, Record<string, string>, string]> = [
    [
      "grant_type",
      { client_id: DEMO_APP.keystring, code: "c", code_verifier: RFC7636_VERIFIER },
      "grant_type is required",
    ],
    [
      "client_id",
      { grant_type: "authorization_code", code: "c", code_verifier: RFC7636_VERIFIER },
      "client_id is required",
    ],
    [
      "code",
      { grant_type: "authorization_code", client_id: DEMO_APP.keystring, code_verifier: RFC7636_VERIFIER },
      "code is required",
    ],
    [
      "code_verifier",
      { grant_type: "authorization_code", client_id: DEMO_APP.keystring, code: "c" },
      "code_verifier is required",
    ],
    ["refresh_token", { grant_type: "refresh_token", client_id: DEMO_APP.keystring }, "refresh_token is required"],
    ["legacy_token", { grant_type: "token_exchange", client_id: DEMO_APP.keystring }, "legacy_token is required"],
  ];
  for (const [parameter, params, description] of missing) {
    it(`refuses a request without ${parameter} with invalid_request`, async () => {
      expectOAuthError(await requestToken(sandbox.url, params), "invalid_request", description);
    });
  }

  it("refuses an unsupported grant_type", async () => {
    expectOAuthError(
      await requestToken(sandbox.url, { grant_type: "password", client_id: DEMO_APP.keystring }),
      "unsupported_grant_type",
      "grant_type password is not supported",
    );
  });

  it("refuses client_credentials and inherited object keys as grant types", async () => {
    expectOAuthError(
      await requestToken(sandbox.url, { grant_type: "client_credentials", client_id: DEMO_APP.keystring }),
      "unsupported_grant_type",
      "grant_type client_credentials is not supported",
    );
    expectOAuthError(
      await requestToken(sandbox.url, { grant_type: "toString", client_id: DEMO_APP.keystring }),
      "unsupported_grant_type",
      "grant_type toString is not supported",
    );
  });
});

describe("refresh_token grant (docs/marketplace.md §3.2, §4.4)", () => {
  it("returns a new pair with the same scope, and the used refresh token stops working at once", async () => {
    const first = await obtainTokensInBrowser(sandbox.url, { params: { scope: "listings_r shops_r" } });
    const refreshed = await refresh(first.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({
      access_token: expect.stringMatching(/^50001\./),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^50001\./),
      scope: "listings_r shops_r",
    });
    expect(refreshed.body.access_token).not.toBe(first.access_token);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect((await getMe(refreshed.body.access_token)).status).toBe(200);

    expectOAuthError(await refresh(first.refresh_token), "invalid_grant", "refresh_token is revoked");
    const again = await refresh(refreshed.body.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.scope).toBe("listings_r shops_r");
  });

  it("ignores a scope parameter on refresh: the scope of the initial grant stays", async () => {
    const first = await obtainTokensInBrowser(sandbox.url, { params: { scope: "listings_r shops_r" } });
    const refreshed = await requestToken(sandbox.url, {
      grant_type: "refresh_token",
      client_id: DEMO_APP.keystring,
      refresh_token: first.refresh_token,
      scope: "listings_r listings_w",
    });
    expect(refreshed.body.scope).toBe("listings_r shops_r");
  });

  it("keeps a refresh token valid just short of 90 days", async () => {
    const first = await obtainTokensInBrowser(sandbox.url);
    await advanceClock(sandbox.url, NINETY_DAYS - 3600);
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it("refuses a refresh token after 90 days", async () => {
    const first = await obtainTokensInBrowser(sandbox.url);
    await advanceClock(sandbox.url, NINETY_DAYS);
    expectOAuthError(await refresh(first.refresh_token), "invalid_grant", "refresh_token is expired");
  });

  it("refuses a refresh token presented by another app", async () => {
    const other = await registerApp(sandbox.url, { redirect_uris: [DEMO_REDIRECT_URI] });
    const first = await obtainTokensInBrowser(sandbox.url);
    expectOAuthError(await refresh(first.refresh_token, other.keystring), "invalid_grant", "refresh_token is invalid");
  });

  it("refuses an access token used as a refresh token", async () => {
    const first = await obtainTokensInBrowser(sandbox.url);
    expectOAuthError(await refresh(first.access_token), "invalid_grant", "refresh_token is invalid");
  });
});

describe("scopes narrowed by the marketplace (docs/marketplace.md §15)", () => {
  const narrow = (withdraw: string[], userId: number = ADA.user_id) =>
    sandboxControl(sandbox.url, "/narrow-scopes", { user_id: userId, withdraw });
  const scopesOf = async (accessToken: string) =>
    (await callApi(sandbox.url, "scopes", { form: { token: accessToken } })).body.scopes as string[];

  it("answers the next refresh with fewer scopes, while the access token in hand keeps its own", async () => {
    const first = await obtainTokensInBrowser(sandbox.url);
    expect(first.scope).toBe("listings_r listings_w shops_r");
    const narrowed = await narrow(["listings_w"]);
    expect([narrowed.status, narrowed.body]).toEqual([
      200,
      { user_id: ADA.user_id, withdrawn: ["listings_w"], grants: 1 },
    ]);
    expect(await scopesOf(first.access_token)).toEqual(["listings_r", "listings_w", "shops_r"]);

    const refreshed = await refresh(first.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.scope).toBe("listings_r shops_r");
    expect(await scopesOf(refreshed.body.access_token)).toEqual(["listings_r", "shops_r"]);
    const write = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/1000000001/personalization`, {
      method: "DELETE",
      token: refreshed.body.access_token,
    });
    expect([write.status, write.body.error]).toEqual([403, "insufficient_scope"]);
    expect((await getMe(refreshed.body.access_token)).status).toBe(200);
    expect((await refresh(refreshed.body.refresh_token)).body.scope).toBe("listings_r shops_r");
  });

  it("narrows only the grants of the user it names", async () => {
    const ada = await obtainTokensInBrowser(sandbox.url);
    await narrow(["shops_r"], DEMO_SELLERS.bo.user_id);
    expect((await refresh(ada.refresh_token)).body.scope).toBe("listings_r listings_w shops_r");
  });

  it("refuses an unknown user or scope, and a request that withdraws nothing", async () => {
    expect((await narrow(["listings_w"], 1)).body).toEqual({ error: "user_id: no such user." });
    expect((await narrow(["favorites_r"])).body).toEqual({ error: "withdraw: unknown scope favorites_r." });
    expect((await narrow([])).status).toBe(400);
  });
});

describe("token_exchange grant (docs/marketplace.md §5.6)", () => {
  async function exchangeLegacy(scopes: string[]) {
    const legacyToken = await issueLegacyToken(sandbox.url, { user_id: ADA.user_id, scopes });
    return requestToken(sandbox.url, {
      grant_type: "token_exchange",
      client_id: DEMO_APP.keystring,
      legacy_token: legacyToken,
    });
  }

  async function scopesOf(accessToken: string) {
    const result = await callApi(sandbox.url, "scopes", { form: { token: accessToken } });
    expect(result.status).toBe(200);
    return result.body.scopes as string[];
  }

  // favorites_rw, cart_rw and recommend_rw split into scopes withdrawn on 2026-08-12 (docs/marketplace.md §15).
  const mappings: Array<[string, string[]]> = [
    ["shops_rw", ["shops_r", "shops_w"]],
    ["favorites_rw", []],
    ["cart_rw", []],
    ["recommend_rw", []],
  ];
  for (const [v2, v3] of mappings) {
    it(`splits the v2 scope ${v2} into ${v3.join(" and ") || "nothing still granted"}`, async () => {
      const result = await exchangeLegacy([v2]);
      expect(result.status).toBe(200);
      expect(await scopesOf(result.body.access_token)).toEqual(v3);
    });
  }

  it("answers like the other grants but without a scope field", async () => {
    const result = await exchangeLegacy(["shops_rw", "listings_r"]);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      access_token: expect.stringMatching(/^50001\.[A-Za-z0-9_-]+$/),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^50001\.[A-Za-z0-9_-]+$/),
    });
    expect(result.body).not.toHaveProperty("scope");
    expect(result.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps the scopes the v2 token already had and drops the discontinued and unimplemented ones", async () => {
    const result = await exchangeLegacy([
      "listings_r",
      "listings_w",
      "shops_rw",
      "treasury_r",
      "activity_r",
      "collection_rw",
    ]);
    expect(await scopesOf(result.body.access_token)).toEqual(["listings_r", "listings_w", "shops_r", "shops_w"]);
  });

  it("issues a token that works on v3 endpoints with the mapped scopes", async () => {
    const result = await exchangeLegacy(["shops_rw"]);
    const me = await getMe(result.body.access_token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user_id: ADA.user_id, shop_id: ADA.shop_id });
  });

  it("refuses an unknown legacy token", async () => {
    expectOAuthError(
      await requestToken(sandbox.url, {
        grant_type: "token_exchange",
        client_id: DEMO_APP.keystring,
        legacy_token: "nope",
      }),
      "invalid_grant",
      "legacy_token is invalid",
    );
  });

  it("refuses a legacy token of another app", async () => {
    const other = await registerApp(sandbox.url, { redirect_uris: [DEMO_REDIRECT_URI] });
    const legacyToken = await issueLegacyToken(sandbox.url, { user_id: ADA.user_id, scopes: ["shops_rw"] });
    expectOAuthError(
      await requestToken(sandbox.url, {
        grant_type: "token_exchange",
        client_id: other.keystring,
        legacy_token: legacyToken,
      }),
      "invalid_grant",
      "legacy_token is invalid",
    );
  });
});

describe("access token lifetime and revocation", () => {
  it("formats tokens as <user_id>.<random> for every seller", async () => {
    const tokens = await obtainTokensInBrowser(sandbox.url, { seller: DEMO_SELLERS.bo });
    expect(tokens.access_token.split(".")[0]).toBe(String(DEMO_SELLERS.bo.user_id));
    expect(tokens.refresh_token.split(".")[0]).toBe(String(DEMO_SELLERS.bo.user_id));
    expect(tokens.expires_in).toBe(3600);
  });

  it("keeps an access token working before its hour is up", async () => {
    const tokens = await obtainTokensInBrowser(sandbox.url);
    await advanceClock(sandbox.url, 3000);
    expect((await getMe(tokens.access_token)).status).toBe(200);
  });

  it("refuses an access token after 3600 seconds with 401 access token is expired", async () => {
    const tokens = await obtainTokensInBrowser(sandbox.url);
    await advanceClock(sandbox.url, 3600);
    const me = await getMe(tokens.access_token);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: "invalid_token", error_description: "access token is expired" });
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it("kills every token of the user on /__sandbox/revoke, as a password change does", async () => {
    const browser = await obtainTokensInBrowser(sandbox.url);
    const issued = await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["shops_r"] });
    const bo = await issueTokensFor(sandbox.url, { user_id: DEMO_SELLERS.bo.user_id, scopes: ["shops_r"] });
    const revoked = await sandboxControl(sandbox.url, "/revoke", { user_id: ADA.user_id });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ revoked: 4 });
    for (const token of [browser.access_token, issued.access_token]) {
      const me = await getMe(token);
      expect(me.status).toBe(401);
      expect(me.body).toEqual({ error: "invalid_token", error_description: "access token is invalid" });
    }
    expectOAuthError(await refresh(browser.refresh_token), "invalid_grant", "refresh_token is revoked");
    expect((await getMe(bo.access_token)).status).toBe(200);
  });

  it("stores tokens and codes only as hashes", async () => {
    const pkce = pkcePair();
    const code = await freshCode(pkce);
    const tokens = (await exchange(code, pkce.verifier)).body;
    const stored = JSON.stringify([
      sandbox.state.db.prepare("SELECT * FROM tokens").all(),
      sandbox.state.db.prepare("SELECT * FROM codes").all(),
    ]);
    for (const secret of [tokens.access_token, tokens.refresh_token, tokens.access_token.split(".")[1], code])
      expect(stored).not.toContain(secret);
  });

  it("issues tokens from /__sandbox/tokens that the API accepts, for any registered app", async () => {
    const other = await registerApp(sandbox.url, { redirect_uris: ["https://www.example.com/cb"] });
    const tokens = await issueTokensFor(sandbox.url, {
      keystring: other.keystring,
      user_id: ADA.user_id,
      scopes: ["shops_r"],
    });
    expect(tokens.scope).toBe("shops_r");
    const me = await callApi(sandbox.url, "users/me", { token: tokens.access_token, apiKey: apiKeyOf(other) });
    expect(me.status).toBe(200);
  });
});
