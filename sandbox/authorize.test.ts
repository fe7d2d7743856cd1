import { describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_SELLERS } from "./store/seed.js";
import {
  ADA,
  DEMO_REDIRECT_URI,
  advanceClock,
  authorizationParams,
  authorizeInBrowser,
  connectUrl,
  http,
  openConsentPage,
  openSignInPage,
  pkcePair,
  registerApp,
  startTestSandbox,
  submitConsent,
  submitSignIn,
  type FormTampering,
  type HttpResult,
  exchangeCode,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";
import { WITHDRAWN_SCOPES } from "./scopes.js";

const sandbox = useSeededSandbox();

const REGISTERED = "https://www.example.com/cb";

async function appWith(redirectUris: string[]) {
  return registerApp(sandbox.url, { name: "Example Shop Tools", redirect_uris: redirectUris });
}

function connect(params: Record<string, string | undefined>) {
  return http(connectUrl(sandbox.url, params));
}

function expectErrorPage(result: HttpResult, title: string) {
  expect(result.status).toBe(400);
  expect(result.headers.get("location")).toBeNull();
  expect(result.headers.get("content-type")).toMatch(/^text\/html/);
  expect(result.text).toContain(`<h1>${title}</h1>`);
  expect(result.text).toContain("You were not sent back to the application.");
}

function expectPageHeaders(result: HttpResult) {
  expect(result.headers.get("cache-control")).toBe("no-store");
  expect(result.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(result.headers.get("x-frame-options")).toBe("DENY");
}

function redirectParams(result: HttpResult) {
  expect(result.status).toBe(302);
  const location = new URL(result.headers.get("location") ?? "");
  return { target: `${location.origin}${location.pathname}`, params: Object.fromEntries(location.searchParams) };
}

describe("GET /oauth/connect: faults shown to the user, never redirected (docs/marketplace.md §5.5.3, §7.2)", () => {
  it("refuses an unknown client_id with a 400 page", async () => {
    expectErrorPage(
      await connect(authorizationParams(pkcePair(), { client_id: "no-such-app" })),
      "Unknown application",
    );
  });

  it("refuses a missing client_id with a 400 page", async () => {
    expectErrorPage(await connect(authorizationParams(pkcePair(), { client_id: undefined })), "Unknown application");
  });

  it("checks client_id before every redirectable fault", async () => {
    const result = await connect({ client_id: "no-such-app", redirect_uri: DEMO_REDIRECT_URI });
    expectErrorPage(result, "Unknown application");
  });

  it("accepts the redirect_uri exactly as registered", async () => {
    const app = await appWith([REGISTERED]);
    const result = await connect(
      authorizationParams(pkcePair(), { client_id: app.keystring, redirect_uri: REGISTERED }),
    );
    expect(result.status).toBe(200);
    expect(result.text).toContain("<h1>Sign in to the marketplace</h1>");
  });

  const variants: Array<[string, string | undefined]> = [
    ["http instead of https", "http://www.example.com/cb"],
    ["a different scheme case", "HTTPS://www.example.com/cb"],
    ["a trailing slash", "https://www.example.com/cb/"],
    ["a trailing question mark", "https://www.example.com/cb?"],
    ["a missing www", "https://example.com/cb"],
    ["a different path (unregistered)", "https://www.example.com/other"],
    ["a different host case", "https://WWW.example.com/cb"],
    ["no redirect_uri at all", undefined],
  ];
  for (const [difference, uri] of variants) {
    it(`refuses a redirect_uri with ${difference} with a 400 page`, async () => {
      const app = await appWith([REGISTERED]);
      expectErrorPage(
        await connect(authorizationParams(pkcePair(), { client_id: app.keystring, redirect_uri: uri })),
        "Redirect address not registered",
      );
    });
  }

  it("checks the redirect_uri before every redirectable fault", async () => {
    const app = await appWith([REGISTERED]);
    const result = await connect({
      client_id: app.keystring,
      redirect_uri: "https://example.com/cb",
      response_type: "token",
    });
    expectErrorPage(result, "Redirect address not registered");
  });

  it("refuses a registered http:// redirect_uri on a non-loopback host", async () => {
    const app = await appWith(["http://www.example.com/cb"]);
    const result = await connect(
      authorizationParams(pkcePair(), { client_id: app.keystring, redirect_uri: "http://www.example.com/cb" }),
    );
    expectErrorPage(result, "Redirect address must use https");
    expect(result.text).toContain("http:// is allowed only for localhost, 127.0.0.1 and [::1]");
  });

  for (const uri of [
    "http://localhost:3000/api/auth/callback/marketplace",
    "http://127.0.0.1:8123/cb",
    "http://[::1]:9000/cb",
  ]) {
    it(`allows the loopback redirect_uri ${uri} outside strict mode`, async () => {
      const app = await appWith([uri]);
      const result = await connect(authorizationParams(pkcePair(), { client_id: app.keystring, redirect_uri: uri }));
      expect(result.status).toBe(200);
      expect(result.text).toContain('name="csrf"');
    });
  }

  it("refuses a loopback-host lookalike over http", async () => {
    const app = await appWith(["http://localhost.example.com/cb"]);
    const result = await connect(
      authorizationParams(pkcePair(), { client_id: app.keystring, redirect_uri: "http://localhost.example.com/cb" }),
    );
    expectErrorPage(result, "Redirect address must use https");
  });

  it("refuses http://localhost in strict mode", async () => {
    const strict = await startTestSandbox({ strictHttps: true });
    try {
      const result = await http(connectUrl(strict.url, authorizationParams(pkcePair())));
      expectErrorPage(result, "Redirect address must use https");
      expect(result.text).not.toContain("http:// is allowed");
    } finally {
      await strict.close();
    }
  });

  it("accepts https in strict mode", async () => {
    const strict = await startTestSandbox({ strictHttps: true });
    try {
      const app = await registerApp(strict.url, { redirect_uris: [REGISTERED] });
      const result = await http(
        connectUrl(strict.url, authorizationParams(pkcePair(), { client_id: app.keystring, redirect_uri: REGISTERED })),
      );
      expect(result.status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it("sends no-store and anti-framing headers on the error page", async () => {
    expectPageHeaders(await connect(authorizationParams(pkcePair(), { client_id: "no-such-app" })));
  });
});

describe("GET /oauth/connect: faults redirected to the app with error, error_description and state (docs/marketplace.md §2.5, §7.1)", () => {
  const faults: Array<[string, Record<string, string | undefined>, string, string]> = [
    ["response_type is missing", { response_type: undefined }, "invalid_request", "response_type is required"],
    [
      "response_type is not code",
      { response_type: "token" },
      "unsupported_response_type",
      "response_type must be code",
    ],
    ["scope is missing", { scope: undefined }, "invalid_request", "scope is required"],
    ["scope names an unknown scope", { scope: "listings_r treasury_r" }, "invalid_scope", "unknown scope: treasury_r"],
    ...WITHDRAWN_SCOPES.map((withdrawn): [string, Record<string, string>, string, string] => [
      `scope names ${withdrawn}, withdrawn on 2026-08-12 (docs/marketplace.md §15)`,
      { scope: `listings_r ${withdrawn}` },
      "invalid_scope",
      `scope ${withdrawn} is no longer granted (withdrawn on 2026-08-12)`,
    ]),
    ["code_challenge is missing", { code_challenge: undefined }, "invalid_request", "code_challenge is required"],
    [
      "code_challenge_method is missing",
      { code_challenge_method: undefined },
      "invalid_request",
      "code_challenge_method must be S256",
    ],
    [
      "code_challenge_method is plain",
      { code_challenge_method: "plain" },
      "invalid_request",
      "code_challenge_method must be S256",
    ],
    [
      "code_challenge_method is lower-case s256",
      { code_challenge_method: "s256" },
      "invalid_request",
      "code_challenge_method must be S256",
    ],
  ];
  for (const [fault, overrides, error, description] of faults) {
    it(`redirects with ${error} when ${fault}, echoing state`, async () => {
      const result = await connect(authorizationParams(pkcePair(), { state: "xyz-state.1", ...overrides }));
      const { target, params } = redirectParams(result);
      expect(target).toBe(DEMO_REDIRECT_URI);
      expect(params).toEqual({ error, error_description: description, state: "xyz-state.1" });
    });
  }

  it("redirects with invalid_request when state is present but empty, echoing the empty state", async () => {
    const { params } = redirectParams(await connect(authorizationParams(pkcePair(), { state: "" })));
    expect(params).toEqual({
      error: "invalid_request",
      error_description: "state must not be empty when present",
      state: "",
    });
  });

  it("sends no state in an error redirect when none was sent", async () => {
    const { params } = redirectParams(
      await connect(authorizationParams(pkcePair(), { state: undefined, response_type: undefined })),
    );
    expect(params).toEqual({ error: "invalid_request", error_description: "response_type is required" });
  });

  it("checks the faults in order: response_type, scope, code_challenge, method, state", async () => {
    const first = await connect(
      authorizationParams(pkcePair(), {
        response_type: "token",
        scope: undefined,
        code_challenge: undefined,
        state: "",
      }),
    );
    expect(redirectParams(first).params.error_description).toBe("response_type must be code");
    const second = await connect(authorizationParams(pkcePair(), { scope: "nope", code_challenge: undefined }));
    expect(redirectParams(second).params.error_description).toBe("unknown scope: nope");
    const third = await connect(
      authorizationParams(pkcePair(), { code_challenge: undefined, code_challenge_method: "plain" }),
    );
    expect(redirectParams(third).params.error_description).toBe("code_challenge is required");
  });

  it("accepts the scope list space-separated as %20", async () => {
    const url = connectUrl(sandbox.url, authorizationParams(pkcePair(), { scope: "listings_r shops_r" }));
    expect(url).toContain("scope=listings_r+shops_r");
    const result = await http(url.replace("scope=listings_r+shops_r", "scope=listings_r%20shops_r"));
    expect(result.status).toBe(200);
  });

  it("keeps the registered redirect_uri's own query parameters on an error redirect", async () => {
    const app = await appWith(["https://www.example.com/cb?tenant=7"]);
    const result = await connect(
      authorizationParams(pkcePair(), {
        client_id: app.keystring,
        redirect_uri: "https://www.example.com/cb?tenant=7",
        scope: undefined,
        state: "s1",
      }),
    );
    const { target, params } = redirectParams(result);
    expect(target).toBe("https://www.example.com/cb");
    expect(params).toEqual({
      tenant: "7",
      error: "invalid_request",
      error_description: "scope is required",
      state: "s1",
    });
  });
});

describe("sign-in and consent pages driven over HTTP", () => {
  it("runs connect, sign-in and consent and redirects with a code and the exact state for a granted subset", async () => {
    const pkce = pkcePair();
    const params = authorizationParams(pkce, { scope: "listings_r listings_w shops_r", state: "a b/c+d=é" });
    const session = await openSignInPage(sandbox.url, params);
    expect(session.page.status).toBe(200);
    expect(session.page.text).toContain(`<strong>${DEMO_APP.name}</strong> wants to connect to your account.`);
    expect(session.page.text).toContain('<label for="email">Email</label>');
    expect(session.page.text).toContain('<label for="password">Password</label>');
    expect(session.interaction).not.toBe("");
    expect(session.csrf).not.toBe("");
    expect(session.cookie).toBe(`sandbox_interaction=${session.interaction}`);
    const setCookie = session.page.headers.getSetCookie()[0] ?? "";
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");

    const signedIn = await submitSignIn(sandbox.url, session, { email: ADA.email, password: ADA.password });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe(
      `/oauth/consent?interaction=${encodeURIComponent(session.interaction)}`,
    );

    const consent = await openConsentPage(sandbox.url, session, signedIn.headers.get("location") ?? "");
    expect(consent.status).toBe(200);
    expect(consent.text).toContain(`<h1>Allow ${DEMO_APP.name} to access your account?</h1>`);
    expect(consent.text).toContain(`<strong>${ADA.email}</strong>`);
    for (const [scope, words] of [
      ["listings_r", "Read your inactive and expired (non-public) listings"],
      ["listings_w", "Create and edit your listings"],
      ["shops_r", "See your shop&#39;s description, messages and sections, even if not public"],
    ]) {
      expect(consent.text).toContain(
        `<input type="checkbox" name="scope" value="${scope}" checked /> ${words} <code>${scope}</code>`,
      );
    }
    expect(consent.text).toContain(
      '<button class="primary" type="submit" name="decision" value="allow">Allow access</button>',
    );
    expect(consent.text).toContain('<button type="submit" name="decision" value="deny">Deny</button>');

    const decided = await submitConsent(sandbox.url, session, "allow", ["listings_r", "shops_r"]);
    const { target, params: returned } = redirectParams(decided);
    expect(target).toBe(DEMO_REDIRECT_URI);
    expect(Object.keys(returned).sort()).toEqual(["code", "state"]);
    expect(returned.state).toBe("a b/c+d=é");

    const tokens = await exchangeCode(sandbox.url, returned.code ?? "", pkce.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope).toBe("listings_r shops_r");
  });

  it("redirects with a code and no state when the request carried none", async () => {
    const { redirect } = await authorizeInBrowser(sandbox.url, { params: { state: undefined } });
    expect([...redirect.searchParams.keys()]).toEqual(["code"]);
  });

  it("redirects with access_denied and the state when the user denies", async () => {
    const { redirect } = await authorizeInBrowser(sandbox.url, { decision: "deny", params: { state: "deny-state" } });
    expect(`${redirect.origin}${redirect.pathname}`).toBe(DEMO_REDIRECT_URI);
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      error: "access_denied",
      error_description: "The user denied access to the application.",
      state: "deny-state",
    });
  });

  it("redirects with access_denied when the user allows but unchecks every scope", async () => {
    const { redirect } = await authorizeInBrowser(sandbox.url, { grant: [], params: { state: "s" } });
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      error: "access_denied",
      error_description: "The user granted none of the requested scopes.",
      state: "s",
    });
  });

  it("ignores a checked scope that was never requested", async () => {
    const { redirect, pkce } = await authorizeInBrowser(sandbox.url, {
      params: { scope: "listings_r" },
      grant: ["listings_r", "transactions_w"],
    });
    const tokens = await exchangeCode(sandbox.url, redirect.searchParams.get("code") ?? "", pkce.verifier);
    expect(tokens.body.scope).toBe("listings_r");
  });

  it("lets a seller with no shop sign in too", async () => {
    const { redirect } = await authorizeInBrowser(sandbox.url, { seller: DEMO_SELLERS.cy });
    expect(redirect.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers a wrong password with 401, an alert, and the email kept in the form", async () => {
    const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const refused = await submitSignIn(sandbox.url, session, { email: ADA.email, password: "wrong-password" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("location")).toBeNull();
    expect(refused.text).toContain(
      '<p role="alert" class="alert" id="sign-in-error">That email and password do not match a marketplace account. Check them and try again.</p>',
    );
    expect(refused.text).toContain(`value="${ADA.email}"`);
    expect(refused.text).toContain('aria-describedby="sign-in-error"');
    expectPageHeaders(refused);
    const retried = await submitSignIn(sandbox.url, session, { email: ADA.email, password: ADA.password });
    expect(retried.status).toBe(303);
  });

  it("answers an unknown email with the same 401", async () => {
    const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const refused = await submitSignIn(sandbox.url, session, { email: "nobody@example.com", password: "x" });
    expect(refused.status).toBe(401);
    expect(refused.text).toContain("That email and password do not match a marketplace account.");
  });

  it("matches the email case-insensitively", async () => {
    const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const signedIn = await submitSignIn(sandbox.url, session, {
      email: ADA.email.toUpperCase(),
      password: ADA.password,
    });
    expect(signedIn.status).toBe(303);
  });

  it("refuses a sign-in after the interaction is 30 minutes old", async () => {
    const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    await advanceClock(sandbox.url, 1800);
    const refused = await submitSignIn(sandbox.url, session, { email: ADA.email, password: ADA.password });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("<h1>This sign-in has expired</h1>");
  });

  it("refuses the consent page to a browser without the interaction cookie", async () => {
    const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const signedIn = await submitSignIn(sandbox.url, session, { email: ADA.email, password: ADA.password });
    const result = await http(new URL(signedIn.headers.get("location") ?? "", sandbox.url).toString());
    expectErrorPage(result, "No sign-in in progress");
  });

  it("refuses the consent page before sign-in", async () => {
    const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const result = await openConsentPage(sandbox.url, session, `/oauth/consent?interaction=${session.interaction}`);
    expectErrorPage(result, "No sign-in in progress");
  });

  it("sends no-store and anti-framing headers on the sign-in, consent and error pages", async () => {
    const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    expectPageHeaders(session.page);
    const signedIn = await submitSignIn(sandbox.url, session, { email: ADA.email, password: ADA.password });
    expectPageHeaders(await openConsentPage(sandbox.url, session, signedIn.headers.get("location") ?? ""));
    expectPageHeaders(
      await submitConsent(sandbox.url, session, "allow", ["listings_r"], { fields: { csrf: "forged" } }),
    );
  });
});

describe("CSRF on the sign-in and consent forms (double-submit token bound to the interaction cookie)", () => {
  function expectCsrfRefusal(result: HttpResult) {
    expect(result.status).toBe(403);
    expect(result.headers.get("location")).toBeNull();
    expect(result.text).toContain("<h1>This form could not be accepted</h1>");
    expectPageHeaders(result);
  }

  const forgeries: Array<[string, FormTampering]> = [
    ["without the csrf field", { fields: { csrf: undefined } }],
    ["with a wrong csrf field", { fields: { csrf: "forged-token" } }],
    ["without the interaction cookie", { cookie: null }],
  ];

  for (const [how, tampering] of forgeries) {
    it(`refuses a sign-in form ${how} with 403 and signs nobody in`, async () => {
      const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
      const refused = await submitSignIn(sandbox.url, session, { email: ADA.email, password: ADA.password }, tampering);
      expectCsrfRefusal(refused);
      const consent = await openConsentPage(sandbox.url, session, `/oauth/consent?interaction=${session.interaction}`);
      expectErrorPage(consent, "No sign-in in progress");
    });

    it(`refuses a consent form ${how} with 403 and issues no code`, async () => {
      const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
      await submitSignIn(sandbox.url, session, { email: ADA.email, password: ADA.password });
      const refused = await submitConsent(sandbox.url, session, "allow", ["listings_r"], tampering);
      expectCsrfRefusal(refused);
      expect(sandbox.state.db.prepare("SELECT COUNT(*) FROM codes").pluck().get()).toBe(0);
      const genuine = await submitConsent(sandbox.url, session, "allow", ["listings_r"]);
      expect(genuine.status).toBe(302);
      expect(new URL(genuine.headers.get("location") ?? "").searchParams.get("code")).toBeTruthy();
    });
  }

  it("refuses a form whose cookie belongs to another interaction", async () => {
    const victim = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const attacker = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    const refused = await submitSignIn(
      sandbox.url,
      victim,
      { email: ADA.email, password: ADA.password },
      { cookie: attacker.cookie },
    );
    expectCsrfRefusal(refused);
  });

  it("refuses a consent form posted again after the decision (interaction used up)", async () => {
    const session = await openSignInPage(sandbox.url, authorizationParams(pkcePair()));
    await submitSignIn(sandbox.url, session, { email: ADA.email, password: ADA.password });
    const first = await submitConsent(sandbox.url, session, "allow", ["listings_r"]);
    expect(first.status).toBe(302);
    expect(first.headers.getSetCookie().join(";")).toContain("sandbox_interaction=;");
    expectCsrfRefusal(await submitConsent(sandbox.url, session, "allow", ["listings_r"]));
    expect(sandbox.state.db.prepare("SELECT COUNT(*) FROM codes").pluck().get()).toBe(1);
  });
});
