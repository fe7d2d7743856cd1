import { describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_SELLERS } from "./store/seed.js";
import {
  ADA,
  DEMO_REDIRECT_URI,
  apiKeyOf,
  authorizationParams,
  authorizeInBrowser,
  callApi,
  connectUrl,
  http,
  issueTokensFor,
  openConsentPage,
  openSignInPage,
  pkcePair,
  registerApp,
  requestToken,
  storedListing,
  submitConsent,
  submitSignIn,
  type HttpResult,
  type PkcePair,
  textQuestion,
  writeAdaQuestions,
  exchangeCode,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

// Attacks, the sandbox's side. The plain refusals are pinned in authorize.test.ts, token.test.ts and
// api-access.test.ts; here each attack is also checked for what it must not change: no token issued or revoked,
// no code spent, no sign-in recorded, no listing written.

const sandbox = useSeededSandbox();

const ADA_LISTING = 1_000_000_001;
const REGISTERED = "https://www.example.com/cb";

/** Every grant the sandbox holds: tokens (and whether revoked), codes (and whether spent), interactions (and who signed in). */
function authState() {
  const db = sandbox.state.db;
  return {
    tokens: db.prepare("SELECT token_hash, revoked FROM tokens ORDER BY token_hash").all(),
    codes: db.prepare("SELECT code_hash, used_at FROM codes ORDER BY code_hash").all(),
    interactions: db.prepare("SELECT interaction_id, user_id FROM interactions ORDER BY interaction_id").all(),
  };
}

function expectOAuthError(result: HttpResult, error: string, description: string) {
  expect(result.status).toBe(400);
  expect(result.body).toEqual({ error, error_description: description });
}

async function freshCode(options: { pkce?: PkcePair; clientId?: string; redirectUri?: string } = {}) {
  const pkce = options.pkce ?? pkcePair();
  const { redirect } = await authorizeInBrowser(sandbox.url, {
    pkce,
    params: {
      client_id: options.clientId ?? DEMO_APP.keystring,
      redirect_uri: options.redirectUri ?? DEMO_REDIRECT_URI,
    },
  });
  return { code: redirect.searchParams.get("code") ?? "", pkce };
}

const exchange = (code: string, verifier: string, extra?: Record<string, string>) =>
  exchangeCode(sandbox.url, code, verifier, extra);

const getMe = (token: string) => callApi(sandbox.url, "users/me", { token });

describe("authorization-code replay (RFC 6749 4.1.2, docs/marketplace.md §4.4)", () => {
  it("refuses a replay that also carries a wrong verifier, issues nothing, and still revokes the first exchange's tokens", async () => {
    const { code, pkce } = await freshCode();
    const first = await exchange(code, pkce.verifier);
    expect(first.status).toBe(200);
    const issued = authState().tokens.length;

    expectOAuthError(await exchange(code, pkcePair().verifier), "invalid_grant", "code has been used previously");

    expect(authState().tokens).toHaveLength(issued);
    expect((await getMe(first.body.access_token)).status).toBe(401);
  });

  it("lets only one of two simultaneous exchanges of a code through, and then revokes what that one got", async () => {
    const { code, pkce } = await freshCode();
    const results = await Promise.all([exchange(code, pkce.verifier), exchange(code, pkce.verifier)]);

    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
    const refused = results.find((result) => result.status === 400);
    expect(refused?.body).toEqual({ error: "invalid_grant", error_description: "code has been used previously" });
    const winner = results.find((result) => result.status === 200);
    expect(authState().tokens).toEqual([
      expect.objectContaining({ revoked: 1 }),
      expect.objectContaining({ revoked: 1 }),
    ]);
    expect((await getMe(winner?.body.access_token)).status).toBe(401);
  });
});

describe("PKCE on a stolen code (docs/marketplace.md §5.4, RFC 7636): refused, nothing issued, and the code still works for its client", () => {
  const guesses: Array<[string, (pkce: PkcePair) => string, string, string]> = [
    ["another well-formed verifier", () => pkcePair().verifier, "invalid_grant", "code_verifier does not match"],
    [
      "the challenge itself, as the plain method would send it",
      (pkce) => pkce.challenge,
      "invalid_grant",
      "code_verifier does not match",
    ],
    [
      "the verifier in upper case",
      (pkce) => pkce.verifier.toUpperCase(),
      "invalid_grant",
      "code_verifier does not match",
    ],
    [
      "the right verifier cut to 42 characters",
      (pkce) => pkce.verifier.padEnd(43, "A").slice(0, 42),
      "invalid_request",
      "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '.', '_', '~' and '-'",
    ],
    [
      "the right verifier grown to 129 characters",
      (pkce) => pkce.verifier.padEnd(129, "A"),
      "invalid_request",
      "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '.', '_', '~' and '-'",
    ],
    [
      "the right verifier with a '+' (base64, not base64url)",
      (pkce) => `${pkce.verifier.slice(0, -1)}+`,
      "invalid_request",
      "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '.', '_', '~' and '-'",
    ],
    [
      "the right verifier with '=' padding",
      (pkce) => `${pkce.verifier}=`,
      "invalid_request",
      "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '.', '_', '~' and '-'",
    ],
    [
      "the right verifier with a non-ASCII letter",
      (pkce) => `${pkce.verifier.slice(0, -1)}é`,
      "invalid_request",
      "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '.', '_', '~' and '-'",
    ],
    [
      "the right verifier with a NUL byte",
      (pkce) => `${pkce.verifier}\u0000`,
      "invalid_request",
      "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '.', '_', '~' and '-'",
    ],
    ["an empty verifier", () => "", "invalid_request", "code_verifier is required"],
  ];

  for (const [guess, verifierOf, error, description] of guesses) {
    it(`refuses ${guess} with ${error}`, async () => {
      const { code, pkce } = await freshCode();
      const before = authState();
      expectOAuthError(await exchange(code, verifierOf(pkce)), error, description);
      expect(authState()).toEqual(before);
      expect((await exchange(code, pkce.verifier)).status).toBe(200);
    });
  }

  for (const method of ["plain", "PLAIN", "s256", ""]) {
    it(`refuses code_challenge_method=${JSON.stringify(method)} at /oauth/connect and keeps no interaction`, async () => {
      const before = authState();
      const result = await http(
        connectUrl(sandbox.url, authorizationParams(pkcePair(), { code_challenge_method: method, state: "s" })),
      );
      expect(result.status).toBe(302);
      expect(Object.fromEntries(new URL(result.headers.get("location") ?? "").searchParams)).toEqual({
        error: "invalid_request",
        error_description: "code_challenge_method must be S256",
        state: "s",
      });
      expect(result.headers.getSetCookie()).toEqual([]);
      expect(authState()).toEqual(before);
    });
  }
});

describe("redirect URIs (docs/marketplace.md §5.5.2-§5.5.4): every variant refused at both steps, nothing kept", () => {
  const variants: Array<[string, string]> = [
    ["http instead of https", "http://www.example.com/cb"],
    ["an upper-case scheme", "HTTPS://www.example.com/cb"],
    ["a trailing slash", "https://www.example.com/cb/"],
    ["a trailing question mark", "https://www.example.com/cb?"],
    ["a missing www", "https://example.com/cb"],
    ["an unregistered path", "https://www.example.com/other"],
    ["a path in another case", "https://www.example.com/CB"],
  ];

  for (const [difference, uri] of variants) {
    it(`shows an error page for ${difference} at /oauth/connect, redirects nowhere and keeps no interaction`, async () => {
      const app = await registerApp(sandbox.url, { redirect_uris: [REGISTERED] });
      const before = authState();
      const result = await http(
        connectUrl(sandbox.url, authorizationParams(pkcePair(), { client_id: app.keystring, redirect_uri: uri })),
      );
      expect(result.status).toBe(400);
      expect(result.headers.get("location")).toBeNull();
      expect(result.text).toContain("<h1>Redirect address not registered</h1>");
      expect(result.headers.getSetCookie()).toEqual([]);
      expect(authState()).toEqual(before);
    });

    it(`refuses ${difference} at the token step with invalid_grant, issues nothing, and leaves the code to the exact URI`, async () => {
      const app = await registerApp(sandbox.url, { redirect_uris: [REGISTERED] });
      const { code, pkce } = await freshCode({ clientId: app.keystring, redirectUri: REGISTERED });
      const before = authState();
      expectOAuthError(
        await exchange(code, pkce.verifier, { client_id: app.keystring, redirect_uri: uri }),
        "invalid_grant",
        "redirect_uri does not match",
      );
      expect(authState()).toEqual(before);
      expect((await exchange(code, pkce.verifier, { client_id: app.keystring, redirect_uri: REGISTERED })).status).toBe(
        200,
      );
    });
  }

  it("refuses a redirect_uri that is registered, but for another app", async () => {
    const theirs = await registerApp(sandbox.url, { redirect_uris: ["https://evil.example/cb"] });
    const before = authState();
    const result = await http(
      connectUrl(sandbox.url, authorizationParams(pkcePair(), { redirect_uri: theirs.redirect_uris[0] })),
    );
    expect(result.status).toBe(400);
    expect(result.headers.get("location")).toBeNull();
    expect(result.text).toContain("<h1>Redirect address not registered</h1>");
    expect(authState()).toEqual(before);
  });

  it("refuses a registered http:// redirect_uri on a host that is not loopback, and keeps no interaction", async () => {
    const app = await registerApp(sandbox.url, { redirect_uris: ["http://www.example.com/cb"] });
    const before = authState();
    const result = await http(
      connectUrl(
        sandbox.url,
        authorizationParams(pkcePair(), { client_id: app.keystring, redirect_uri: "http://www.example.com/cb" }),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.headers.get("location")).toBeNull();
    expect(result.text).toContain("<h1>Redirect address must use https</h1>");
    expect(authState()).toEqual(before);
  });
});

describe("CSRF on the sign-in and consent forms: a token from another sign-in does not fit", () => {
  it("refuses a sign-in form carrying the csrf token of the attacker's own sign-in, and signs nobody in", async () => {
    const victim = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const attacker = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const before = authState();
    const refused = await submitSignIn(
      sandbox.url,
      victim,
      { email: DEMO_SELLERS.bo.email, password: DEMO_SELLERS.bo.password },
      { fields: { csrf: attacker.csrf } },
    );
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("<h1>This form could not be accepted</h1>");
    expect(authState()).toEqual(before);
  });

  it("refuses a consent form carrying the csrf token of another sign-in, and issues no code", async () => {
    const victim = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    await submitSignIn(sandbox.url, victim, { email: ADA.email, password: ADA.password });
    const attacker = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const before = authState();
    const refused = await submitConsent(sandbox.url, victim, "allow", ["listings_r", "listings_w"], {
      fields: { csrf: attacker.csrf },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("location")).toBeNull();
    expect(authState()).toEqual(before);
  });
});

describe("clickjacking: no sandbox page may be framed", () => {
  it("sends frame-ancestors 'none' and X-Frame-Options DENY on the home, sign-in, wrong-password, consent, forged-form and error pages", async () => {
    const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const wrongPassword = await submitSignIn(sandbox.url, session, { email: ADA.email, password: "wrong" });
    const signedIn = await submitSignIn(sandbox.url, session, { email: ADA.email, password: ADA.password });
    const pages: Record<string, HttpResult> = {
      home: await http(`${sandbox.url}/`),
      "sign-in": session.page,
      "wrong password": wrongPassword,
      consent: await openConsentPage(sandbox.url, session, signedIn.headers.get("location") ?? ""),
      "forged form": await submitConsent(sandbox.url, session, "allow", ["listings_r"], { cookie: null }),
      "unknown app": await http(connectUrl(sandbox.url, authorizationParams(pkcePair(), { client_id: "no-such-app" }))),
    };
    for (const [name, page] of Object.entries(pages)) {
      expect({ name, type: page.headers.get("content-type") }).toEqual({
        name,
        type: expect.stringMatching(/^text\/html/),
      });
      expect({ name, csp: page.headers.get("content-security-policy") }).toEqual({
        name,
        csp: expect.stringContaining("frame-ancestors 'none'"),
      });
      expect({ name, xfo: page.headers.get("x-frame-options") }).toEqual({ name, xfo: "DENY" });
    }
  });
});

describe("a token minted for a different app's keystring (docs/marketplace.md §7.7)", () => {
  async function otherAppTokens() {
    const other = await registerApp(sandbox.url, { redirect_uris: [REGISTERED] });
    return {
      other,
      tokens: await issueTokensFor(sandbox.url, {
        keystring: other.keystring,
        user_id: ADA.user_id,
        scopes: ["listings_r", "listings_w", "shops_r"],
      }),
    };
  }

  for (const method of ["POST", "DELETE"]) {
    it(`refuses it on ${method} personalization under the demo app's key with 401, and the listing stays as it was`, async () => {
      const { tokens } = await otherAppTokens();
      const before = await storedListing(sandbox.url, ADA_LISTING);
      const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${ADA_LISTING}/personalization`, {
        method,
        token: tokens.access_token,
        ...(method === "POST"
          ? {
              json: {
                personalization_questions: [
                  {
                    question_type: "text_input",
                    question_text: "Personalization",
                    instructions: "Taken over",
                    required: true,
                    max_allowed_characters: 5,
                  },
                ],
              },
            }
          : {}),
      });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ error: "invalid_token", error_description: "access token is invalid" });
      expect(await storedListing(sandbox.url, ADA_LISTING)).toEqual(before);
    });
  }

  it("refuses its refresh token for the demo app's client_id without spending it", async () => {
    const { other, tokens } = await otherAppTokens();
    const before = authState();
    expectOAuthError(
      await requestToken(sandbox.url, {
        grant_type: "refresh_token",
        client_id: DEMO_APP.keystring,
        refresh_token: tokens.refresh_token,
      }),
      "invalid_grant",
      "refresh_token is invalid",
    );
    expect(authState()).toEqual(before);
    expect(
      (
        await requestToken(sandbox.url, {
          grant_type: "refresh_token",
          client_id: other.keystring,
          refresh_token: tokens.refresh_token,
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a code issued to the other app for the demo app's client_id without spending it", async () => {
    const other = await registerApp(sandbox.url, { redirect_uris: [REGISTERED] });
    const { code, pkce } = await freshCode({ clientId: other.keystring, redirectUri: REGISTERED });
    const before = authState();
    expectOAuthError(await exchange(code, pkce.verifier), "invalid_grant", "code is invalid");
    expect(authState()).toEqual(before);
    expect((await exchange(code, pkce.verifier, { client_id: other.keystring })).status).toBe(200);
  });

  it("works under its own app's key, so the refusals above are about the app and not the token", async () => {
    const { other, tokens } = await otherAppTokens();
    expect(
      (await callApi(sandbox.url, "users/me", { token: tokens.access_token, apiKey: apiKeyOf(other) })).status,
    ).toBe(200);
  });
});

describe("v2 paths with an OAuth 2.0 token (docs/marketplace.md §5.6.2, §9.1)", () => {
  for (const method of ["GET", "POST", "PUT", "DELETE"]) {
    it(`refuses ${method} with 401 invalid_token and writes nothing`, async () => {
      const { access_token: token } = await issueTokensFor(sandbox.url, {
        user_id: ADA.user_id,
        scopes: ["listings_r", "listings_w", "shops_r"],
      });
      const before = await storedListing(sandbox.url, ADA_LISTING);
      const result = await callApi(sandbox.url, `/v2/shops/${ADA.shop_id}/listings/${ADA_LISTING}/personalization`, {
        method,
        token,
        ...(method === "GET" ? {} : { json: { personalization_questions: [] } }),
      });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({
        error: "invalid_token",
        error_description:
          "v2 endpoints do not accept OAuth 2.0 tokens; call the /v3/ endpoint or use an OAuth 1.0 token (docs/marketplace.md §5.6).",
      });
      expect(await storedListing(sandbox.url, ADA_LISTING)).toEqual(before);
    });
  }
});

describe("invisible and direction-changing characters in instructions (docs/marketplace.md §2.1 allows them; only the dashboard refuses them)", () => {
  it("stores instructions holding NUL, a tab and a right-to-left override exactly as sent", async () => {
    const { access_token: token } = await issueTokensFor(sandbox.url, {
      user_id: ADA.user_id,
      scopes: ["listings_r", "listings_w", "shops_r"],
    });
    const instructions = "Name\u0000 to\tengrave \u202Eevil\u202C";
    const question = textQuestion({ instructions, required: true, max_allowed_characters: 20 });
    const result = await writeAdaQuestions(sandbox.url, token, ADA_LISTING, [question]);
    expect(result.status).toBe(201);
    expect(
      (await storedListing(sandbox.url, ADA_LISTING)).personalization.personalization_questions[0].instructions,
    ).toBe(instructions);
  });
});
