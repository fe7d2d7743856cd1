import { describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_SELLERS } from "../store/seed.js";
import { DEFAULT_OPTIONS } from "../state.js";
import {
  ADA,
  DEMO_API_KEY,
  advanceClock,
  apiKeyOf,
  authorizeInBrowser,
  callApi,
  createSeller,
  http,
  issueLegacyToken,
  issueTokensFor,
  obtainTokensInBrowser,
  registerApp,
  requestToken,
  sandboxControl,
  startTestSandbox,
  storedListing,
  type HttpResult,
  type JsonBody,
  textQuestion,
  writeAdaQuestions,
} from "../../test/harness/sandbox.js";
import { useSeededSandbox } from "../../test/harness/use-sandbox.js";

const sandbox = useSeededSandbox();

const RATE_HEADERS = ["x-limit-per-second", "x-remaining-this-second", "x-limit-per-day", "x-remaining-today"];

function setRateLimits(keystring: string, perSecond: number, perDay: number) {
  return sandboxControl(sandbox.url, "/rate-limits", { keystring, per_second: perSecond, per_day: perDay });
}

function addFault(fault: Record<string, unknown>) {
  return sandboxControl(sandbox.url, "/faults", fault);
}

const ping = () => callApi(sandbox.url, "openapi-ping");

async function requestLog(): Promise<JsonBody[]> {
  const result = await sandboxControl(sandbox.url, "/requests");
  expect(result.status).toBe(200);
  return result.body.requests;
}

describe("rate limits (docs/marketplace.md §12)", () => {
  it("sends the four headers on every /v3/application response to a known key, whatever the status", async () => {
    const token = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r", "listings_w"] }))
      .access_token;
    const responses: HttpResult[] = [
      await ping(),
      await callApi(sandbox.url, `listings/${1_000_000_001}`),
      await callApi(sandbox.url, "listings/active?limit=0"),
      await callApi(sandbox.url, "users/me"),
      await callApi(sandbox.url, "users/me", { token }),
      await callApi(sandbox.url, "no-such-endpoint"),
      await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
        token,
        form: { title: "T", description: "D", quantity: "1", price: "2" },
      }),
      await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?includes=personalization`, { token }),
      await writeAdaQuestions(sandbox.url, token, 1_000_000_001, [
        textQuestion({ instructions: "Initials.", required: false, max_allowed_characters: 3 }),
      ]),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 200, 400, 401, 403, 404, 201, 200, 201]);
    for (const response of responses)
      for (const header of RATE_HEADERS) expect(response.headers.get(header), header).toMatch(/^\d+$/);
  });

  it("reports the app's limits and counts down what remains today", async () => {
    const first = await ping();
    const second = await ping();
    expect(first.headers.get("x-limit-per-second")).toBe("1000");
    expect(first.headers.get("x-limit-per-day")).toBe("1000000");
    expect(first.headers.get("x-remaining-today")).toBe("999999");
    expect(second.headers.get("x-remaining-today")).toBe("999998");
  });

  it("answers 429 with retry-after once the daily limit is used up, with the headers", async () => {
    expect((await setRateLimits(DEMO_APP.keystring, 100, 3)).body).toEqual({
      keystring: DEMO_APP.keystring,
      per_second: 100,
      per_day: 3,
    });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await ping()).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await ping();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(refused.body).toEqual({
      error: `This application has used its 3 requests for today. Try again in ${retryAfter} seconds.`,
    });
    expect(refused.headers.get("x-limit-per-day")).toBe("3");
    expect(refused.headers.get("x-remaining-today")).toBe("0");
  });

  it("applies new limits to an app that was just calling (the sandbox keeps apps in memory)", async () => {
    expect((await ping()).headers.get("x-limit-per-day")).toBe(String(DEFAULT_OPTIONS.perDay));
    await setRateLimits(DEMO_APP.keystring, 100, 2);
    expect((await ping()).headers.get("x-limit-per-day")).toBe("2");
    expect((await ping()).status).toBe(429);
  });

  it("lets the app call again once the rolling day has passed", async () => {
    await setRateLimits(DEMO_APP.keystring, 100, 1);
    expect((await ping()).status).toBe(200);
    expect((await ping()).status).toBe(429);
    await advanceClock(sandbox.url, 86_400);
    expect((await ping()).status).toBe(200);
  });

  it("answers 429 with retry-after 1 past the per-second limit", async () => {
    await setRateLimits(DEMO_APP.keystring, 1, 1000);
    // Twenty requests at once cannot all fall into different seconds, so at most a few get through.
    const results = await Promise.all(Array.from({ length: 20 }, () => ping()));
    const refused = results.filter((result) => result.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(results.filter((result) => result.status === 200).length).toBeLessThan(20);
    for (const result of refused) {
      expect(result.headers.get("retry-after")).toBe("1");
      expect(result.headers.get("x-limit-per-second")).toBe("1");
      expect(result.body).toEqual({
        error: "This application is limited to 1 requests per second. Try again in 1 second.",
      });
    }
  });

  it("counts each application separately", async () => {
    const other = await registerApp(sandbox.url, { redirect_uris: ["https://www.example.com/cb"] });
    await setRateLimits(DEMO_APP.keystring, 100, 1);
    await ping();
    expect((await ping()).status).toBe(429);
    const result = await callApi(sandbox.url, "openapi-ping", { apiKey: apiKeyOf(other) });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ application_id: other.app_id });
  });

  it("answers 404 when setting limits for an unknown keystring", async () => {
    const result = await setRateLimits("nope", 1, 1);
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ error: "keystring: no such app." });
  });

  it("refuses a limit below 1", async () => {
    const result = await setRateLimits(DEMO_APP.keystring, 0, 10);
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(/^per_second: /);
  });

  it("starts a sandbox with the limits given to startSandbox", async () => {
    const limited = await startTestSandbox({ perSecond: 7, perDay: 70 });
    try {
      const result = await callApi(limited.url, "openapi-ping");
      expect(result.headers.get("x-limit-per-second")).toBe("7");
      expect(result.headers.get("x-limit-per-day")).toBe("70");
    } finally {
      await limited.close();
    }
  });
});

describe("fault API (POST /__sandbox/faults)", () => {
  it("fails the next `times` matching requests with the given status, then lets them through", async () => {
    const added = await addFault({ path: "/v3/application/openapi-ping", status: 503, times: 2 });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ faults: [{ path: "/v3/application/openapi-ping", status: 503, times: 2 }] });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push(await ping());
    expect(statuses.map((result) => result.status)).toEqual([503, 503, 200]);
    expect(statuses[0]?.body).toEqual({ error: "Injected fault (sandbox fault API)" });
    expect((await sandboxControl(sandbox.url, "/faults")).body).toEqual({ faults: [] });
  });

  it("with after_write, carries the write out and loses its answer: the caller sees the status, the store has the write", async () => {
    const seller = await createSeller(sandbox.url, { listings: 1 });
    const [listingId] = seller.listing_ids as [number];
    const token = (await issueTokensFor(sandbox.url, { user_id: seller.user_id, scopes: ["listings_r", "listings_w"] }))
      .access_token;
    const path = `/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization`;
    await addFault({ method: "POST", path, status: 504, after_write: true });
    const question = { question_type: "text_input", question_text: "Personalization", instructions: "Lost answer" };
    const written = await callApi(sandbox.url, path.replace("/v3/application/", ""), {
      token,
      json: { personalization_questions: [{ ...question, required: false, max_allowed_characters: 9 }] },
    });
    expect(written.status).toBe(504);
    expect((await storedListing(sandbox.url, listingId)).personalization.personalization_questions).toMatchObject([
      question,
    ]);
  });

  it("with a share, faults about that share of the matching requests and lets the rest through", async () => {
    await addFault({ path: "/v3/application/openapi-ping", status: 503, times: 1000, share: 0.3 });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1) statuses.push((await ping()).status);
    const faulted = statuses.filter((status) => status === 503).length;
    expect(faulted).toBeGreaterThan(30);
    expect(faulted).toBeLessThan(90);
    expect(statuses.filter((status) => status !== 503).every((status) => status === 200)).toBe(true);
    await sandboxControl(sandbox.url, "/faults", undefined, "DELETE");
  });

  it("injects a 429 with the given retry-after", async () => {
    await addFault({ path: "/v3/application/openapi-ping", status: 429, retry_after: 7 });
    const result = await ping();
    expect(result.status).toBe(429);
    expect(result.headers.get("retry-after")).toBe("7");
    expect(result.body).toEqual({ error: "Too many requests (injected by the sandbox fault API)" });
  });

  it("matches by method", async () => {
    await addFault({ method: "post", path: "/v3/public/oauth/token", status: 500 });
    expect((await http(`${sandbox.url}/v3/public/oauth/token`)).status).toBe(404);
    const result = await requestToken(sandbox.url, {
      grant_type: "refresh_token",
      client_id: DEMO_APP.keystring,
      refresh_token: "x",
    });
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ error: "Injected fault (sandbox fault API)" });
  });

  it("matches a path prefix ending in *", async () => {
    await addFault({ path: "/v3/application/listings/*", status: 502 });
    expect((await ping()).status).toBe(200);
    expect((await callApi(sandbox.url, `listings/${1_000_000_001}`)).status).toBe(502);
  });

  it("delays a request by delay_ms and then answers it normally", async () => {
    await addFault({ path: "/v3/application/openapi-ping", delay_ms: 30 });
    expect((await sandboxControl(sandbox.url, "/faults")).body.faults).toEqual([
      { path: "/v3/application/openapi-ping", delay_ms: 30, times: 1 },
    ]);
    const result = await ping();
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ application_id: 1 });
    expect((await sandboxControl(sandbox.url, "/faults")).body).toEqual({ faults: [] });
  });

  it("combines a delay with a status", async () => {
    await addFault({ path: "/v3/application/openapi-ping", delay_ms: 10, status: 504 });
    expect((await ping()).status).toBe(504);
  });

  it("never applies to the control API itself", async () => {
    await addFault({ status: 500 });
    expect((await sandboxControl(sandbox.url, "/clock")).status).toBe(200);
    expect((await ping()).status).toBe(500);
  });

  it("refuses a fault with neither status nor delay_ms", async () => {
    const result = await addFault({ path: "/x" });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: "status: give a status, a delay_ms, or both." });
  });

  it("clears pending faults on DELETE", async () => {
    await addFault({ status: 500, times: 5 });
    expect((await sandboxControl(sandbox.url, "/faults", undefined, "DELETE")).body).toEqual({ faults: [] });
    expect((await ping()).status).toBe(200);
  });
});

describe("request log (GET /__sandbox/requests)", () => {
  it("records method, path, status, api key, bearer user, grant type and client auth", async () => {
    const tokens = await obtainTokensInBrowser(sandbox.url);
    await callApi(sandbox.url, "users/me", { token: tokens.access_token });
    await callApi(sandbox.url, "openapi-ping", { apiKey: null });
    const log = await requestLog();

    expect(log.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      "GET /oauth/connect 200",
      "POST /oauth/sign-in 303",
      "GET /oauth/consent 200",
      "POST /oauth/consent 302",
      "POST /v3/public/oauth/token 200",
      "GET /v3/application/users/me 200",
      "GET /v3/application/openapi-ping 401",
    ]);
    expect(log[4]).toMatchObject({
      api_key: false,
      app: DEMO_APP.name,
      bearer_user: ADA.user_id,
      grant_type: "authorization_code",
      client_auth: "none",
      code_verifier: true,
      error: null,
    });
    expect(log[5]).toMatchObject({
      api_key: true,
      app: DEMO_APP.name,
      bearer_user: ADA.user_id,
      grant_type: null,
      client_auth: null,
    });
    expect(log[6]).toMatchObject({ api_key: false, app: null, bearer_user: null, error: "Missing or invalid API key" });
    for (const entry of log)
      expect(entry).toEqual(expect.objectContaining({ id: expect.any(Number), time: expect.any(String) }));
  });

  it("tells how the client authenticated at the token endpoint", async () => {
    await requestToken(sandbox.url, {
      grant_type: "refresh_token",
      client_id: DEMO_APP.keystring,
      refresh_token: "x",
      client_secret: DEMO_APP.shared_secret,
    });
    await http(`${sandbox.url}/v3/public/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${DEMO_APP.keystring}:${DEMO_APP.shared_secret}`).toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        client_id: DEMO_APP.keystring,
        refresh_token: "x",
      }).toString(),
    });
    const log = await requestLog();
    expect(log.map((entry) => [entry.status, entry.grant_type, entry.client_auth, entry.error])).toEqual([
      [400, "refresh_token", "client_secret", "invalid_grant: refresh_token is invalid"],
      [400, "refresh_token", "basic", "invalid_grant: refresh_token is invalid"],
    ]);
  });

  it("never holds a token, code, verifier, secret, password or form token", async () => {
    const { redirect, pkce, session } = await authorizeInBrowser(sandbox.url, {
      params: { state: "log-state-secret" },
    });
    const code = redirect.searchParams.get("code") ?? "";
    const tokens = (
      await requestToken(sandbox.url, {
        grant_type: "authorization_code",
        client_id: DEMO_APP.keystring,
        code,
        code_verifier: pkce.verifier,
      })
    ).body;
    const refreshed = (
      await requestToken(sandbox.url, {
        grant_type: "refresh_token",
        client_id: DEMO_APP.keystring,
        refresh_token: tokens.refresh_token,
        client_secret: DEMO_APP.shared_secret,
      })
    ).body;
    const legacy = await issueLegacyToken(sandbox.url, { user_id: ADA.user_id, scopes: ["shops_rw"] });
    const exchanged = (
      await requestToken(sandbox.url, {
        grant_type: "token_exchange",
        client_id: DEMO_APP.keystring,
        legacy_token: legacy,
      })
    ).body;
    await callApi(sandbox.url, "users/me", { token: refreshed.access_token });
    await callApi(sandbox.url, "users/me", { token: "notnumeric.secret-looking-value" });
    await callApi(sandbox.url, "openapi-ping", { apiKey: `${DEMO_APP.keystring}:wrong-secret-value` });
    await callApi(sandbox.url, "scopes", { form: { token: exchanged.access_token } });

    const log = JSON.stringify(await requestLog());
    const home = (await http(`${sandbox.url}/`)).text;
    const secrets = [
      tokens.access_token,
      tokens.refresh_token,
      refreshed.access_token,
      refreshed.refresh_token,
      exchanged.access_token,
      exchanged.refresh_token,
      code,
      pkce.verifier,
      pkce.challenge,
      session.csrf,
      session.interaction,
      legacy,
      DEMO_APP.shared_secret,
      DEMO_API_KEY,
      ADA.password,
      "log-state-secret",
      "secret-looking-value",
      "wrong-secret-value",
    ];
    for (const secret of secrets) expect(log, "request log").not.toContain(secret);
    for (const secret of secrets.filter(
      (value) => value !== DEMO_APP.shared_secret && value !== ADA.password && value !== DEMO_API_KEY,
    ))
      expect(home, "home page").not.toContain(secret);
    expect(JSON.parse(log)).toHaveLength(11);
  });

  it("leaves control API calls out and filters by since", async () => {
    await ping();
    const [first] = await requestLog();
    await advanceClock(sandbox.url, 1);
    await ping();
    const since = await sandboxControl(sandbox.url, `/requests?since=${first.id}`);
    expect(since.body.requests.map((entry: JsonBody) => entry.path)).toEqual(["/v3/application/openapi-ping"]);
    expect((await requestLog()).every((entry) => !entry.path.startsWith("/__sandbox"))).toBe(true);
  });

  it("empties on DELETE", async () => {
    await ping();
    expect((await sandboxControl(sandbox.url, "/requests", undefined, "DELETE")).body).toEqual({ requests: [] });
    expect(await requestLog()).toEqual([]);
  });
});

describe("control API for tests", () => {
  it("reset brings back the seed data, the clock and the default limits", async () => {
    const token = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_w"] })).access_token;
    await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${1_000_000_001}/personalization`, {
      method: "DELETE",
      token,
    });
    await setRateLimits(DEMO_APP.keystring, 1, 1);
    const clock = await advanceClock(sandbox.url, 1000);
    const reset = await sandboxControl(sandbox.url, "/reset", {});
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ reset: true });
    expect((await storedListing(sandbox.url, 1_000_000_001)).is_personalizable).toBe(true);
    expect((await sandboxControl(sandbox.url, "/clock")).body.now).toBeLessThan(clock.now);
    expect((await ping()).headers.get("x-limit-per-day")).toBe("1000000");
    expect((await callApi(sandbox.url, "users/me", { token })).status).toBe(401);
  });

  it("registers an app whose credentials work at once", async () => {
    const result = await sandboxControl(sandbox.url, "/apps", {
      name: "Label printer",
      redirect_uris: ["https://labels.example.com/cb"],
    });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      app_id: expect.any(Number),
      name: "Label printer",
      keystring: expect.stringMatching(/^[a-z0-9]+$/),
      shared_secret: expect.any(String),
      redirect_uris: ["https://labels.example.com/cb"],
    });
    expect((await callApi(sandbox.url, "openapi-ping", { apiKey: apiKeyOf(result.body) })).body).toEqual({
      application_id: result.body.app_id,
    });
  });

  it("refuses an app without redirect URIs", async () => {
    const result = await sandboxControl(sandbox.url, "/apps", { name: "x", redirect_uris: [] });
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(/^redirect_uris: /);
  });

  it("creates a seller with a shop and active listings who can sign in", async () => {
    const seller = await createSeller(sandbox.url, { listings: 3 });
    expect(seller).toEqual({
      user_id: expect.any(Number),
      shop_id: expect.any(Number),
      email: expect.stringMatching(/@example\.com$/),
      password: expect.any(String),
      listing_ids: [expect.any(Number), expect.any(Number), expect.any(Number)],
    });
    const shop = await callApi(sandbox.url, `shops/${seller.shop_id}/listings/active`);
    expect(shop.body.count).toBe(3);
    const { redirect } = await authorizeInBrowser(sandbox.url, { seller });
    expect(redirect.searchParams.get("code")).toBeTruthy();
  });

  it("refuses a seller whose email is taken", async () => {
    const result = await sandboxControl(sandbox.url, "/sellers", { email: DEMO_SELLERS.bo.email.toUpperCase() });
    expect(result.status).toBe(409);
    expect(result.body).toEqual({ error: `email: ${DEMO_SELLERS.bo.email.toUpperCase()} is already taken.` });
  });

  it("refuses tokens for an unknown app, an unknown user or an unknown scope", async () => {
    expect(
      (await sandboxControl(sandbox.url, "/tokens", { keystring: "nope", user_id: ADA.user_id, scopes: [] })).body,
    ).toEqual({ error: "keystring: no such app." });
    expect(
      (await sandboxControl(sandbox.url, "/tokens", { keystring: DEMO_APP.keystring, user_id: 1, scopes: [] })).body,
    ).toEqual({ error: "user_id: no such user." });
    const scope = await sandboxControl(sandbox.url, "/tokens", {
      keystring: DEMO_APP.keystring,
      user_id: ADA.user_id,
      scopes: ["shops_rw"],
    });
    expect(scope.status).toBe(400);
    expect(scope.body).toEqual({ error: "scopes: unknown scope shops_rw." });
  });

  it("refuses a legacy token with a scope that v2 never had", async () => {
    const result = await sandboxControl(sandbox.url, "/legacy-tokens", {
      keystring: DEMO_APP.keystring,
      user_id: ADA.user_id,
      scopes: ["shops_r_w"],
    });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: "scopes: shops_r_w is not a v2 scope." });
  });

  it("moves the clock forward only", async () => {
    const before = (await sandboxControl(sandbox.url, "/clock")).body.now;
    const after = await advanceClock(sandbox.url, 3600);
    expect(after.now).toBeGreaterThanOrEqual(before + 3600);
    expect((await sandboxControl(sandbox.url, "/clock", { advance_seconds: -5 })).status).toBe(400);
  });

  it("removes a listing as the marketplace would from 2026-09-21, once, and a PATCH with a state brings it back", async () => {
    const listingId = 1_000_000_002;
    const remove = (id: number) => sandboxControl(sandbox.url, `/listings/${id}/remove`, {});
    const early = {
      error:
        "The marketplace has no removed state before 2026-09-21: move the clock to that date or pin the phase eu-guarantees first.",
    };
    expect(await remove(listingId)).toMatchObject({ status: 409, body: early });
    await sandboxControl(sandbox.url, "/phase", { phase: null });
    await sandboxControl(sandbox.url, "/clock", { at: "2026-09-20T23:59:59Z" });
    expect(await remove(listingId)).toMatchObject({ status: 409, body: early });
    expect((await storedListing(sandbox.url, listingId)).state).toBe("active");
    await sandboxControl(sandbox.url, "/clock", { at: "2026-09-21T00:00:00Z" });
    const removed = await remove(listingId);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ listing_id: listingId, state: "removed" });
    expect((await remove(listingId)).body.last_modified_timestamp).toBe(removed.body.last_modified_timestamp);
    expect((await remove(999)).body).toEqual({ error: "No such listing." });
    expect((await remove(999)).status).toBe(404);
    const back = await sandboxControl(sandbox.url, `/listings/${listingId}`, { state: "active" }, "PATCH");
    expect(back.body.state).toBe("active");
  });

  it("answers an unknown control path with a JSON 404", async () => {
    const result = await sandboxControl(sandbox.url, "/nothing");
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ error: "No control endpoint GET /__sandbox/nothing." });
  });

  it("shows the demo app, the sellers' credentials and recent requests on the home page", async () => {
    await ping();
    const home = await http(`${sandbox.url}/`);
    expect(home.status).toBe(200);
    expect(home.text).toContain(DEMO_APP.keystring);
    for (const seller of Object.values(DEMO_SELLERS)) {
      expect(home.text).toContain(seller.email);
      expect(home.text).toContain(seller.password);
    }
    expect(home.text).toContain("<code>GET /v3/application/openapi-ping</code>");
  });
});
