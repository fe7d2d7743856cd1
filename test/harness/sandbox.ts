import { createHash, randomBytes } from "node:crypto";
import { startSandbox, type RunningSandbox } from "../../sandbox/server.js";
import { DEMO_APP, DEMO_SELLERS } from "../../sandbox/store/seed.js";
import type { SandboxOptions } from "../../sandbox/state.js";

// Helpers for any suite that drives a real sandbox over HTTP (the sandbox's own tests, the dashboard's).

export const DEMO_API_KEY = `${DEMO_APP.keystring}:${DEMO_APP.shared_secret}`;
export const DEMO_REDIRECT_URI: string = DEMO_APP.redirect_uris[0];
export const ADA = DEMO_SELLERS.ada;

/** The question the seed gives Ada's first listing, as the API reads it. */
export const SEED_QUESTION = {
  question_id: 10_000_000_011,
  question_type: "text_input",
  question_text: "Personalization",
  instructions: "Enter the name to engrave, up to 12 letters.",
  required: true,
  max_allowed_characters: 12,
  max_allowed_files: null,
  options: null,
  add_on_price: null,
};

/** RFC 7636 appendix B: the spec's PKCE test vector. */
export const RFC7636_VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
export const RFC7636_CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

// Bodies are checked with expect(); an open type keeps those assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = any;

export type HttpResult<T = JsonBody> = { status: number; headers: Headers; body: T; text: string };

export type TokenResponse = {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope?: string;
};

export type PkcePair = { verifier: string; challenge: string };

/**
 * An in-memory sandbox on a free port unless told otherwise, pinned to the migration period the suites were written
 * for (`phase: undefined` follows the sandbox clock, as `npm start` does).
 */
export function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, db: ":memory:", phase: "migration", ...options });
}

export function pkcePair(verifier = randomBytes(32).toString("base64url")): PkcePair {
  return { verifier, challenge: createHash("sha256").update(verifier, "ascii").digest("base64url") };
}

async function toResult(response: Response): Promise<HttpResult> {
  const text = await response.text();
  const json = /json/i.test(response.headers.get("content-type") ?? "");
  return { status: response.status, headers: response.headers, body: json && text ? JSON.parse(text) : text, text };
}

/** fetch that never follows redirects, so a test sees every Location. */
export async function http(url: string, init: RequestInit = {}): Promise<HttpResult> {
  return toResult(await fetch(url, { redirect: "manual", ...init }));
}

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

export function formInit(
  method: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

// ---- control API (/__sandbox/...)

export function sandboxControl(
  base: string,
  path: string,
  body?: unknown,
  method = body === undefined ? "GET" : "POST",
) {
  return http(`${base}/__sandbox${path}`, body === undefined ? { method } : jsonInit(method, body));
}

/** The marketplace removes a listing (docs/marketplace.md §18): it then reads with `state: "removed"`. */
export async function removeListing(base: string, listingId: number) {
  await controlOk(base, `/listings/${listingId}/remove`, {});
}

export async function resetSandbox(base: string) {
  const result = await sandboxControl(base, "/reset", {});
  if (result.status !== 200) throw new Error(`POST /__sandbox/reset answered ${result.status}: ${result.text}`);
}

/** A control call's answer, or an error naming the call when it was refused (POST with a body, GET without). */
export async function controlOk<T>(base: string, path: string, body?: unknown): Promise<T> {
  const result = await sandboxControl(base, path, body);
  const call = `${body === undefined ? "GET" : "POST"} /__sandbox${path}`;
  if (result.status >= 300) throw new Error(`${call} answered ${result.status}: ${result.text.slice(0, 200)}`);
  return result.body as T;
}

export type RegisteredApp = {
  app_id: number;
  name: string;
  keystring: string;
  shared_secret: string;
  redirect_uris: string[];
};

export function registerApp(base: string, app: { name?: string; redirect_uris: string[] }) {
  return controlOk<RegisteredApp>(base, "/apps", { name: app.name ?? "Test app", redirect_uris: app.redirect_uris });
}

export const apiKeyOf = (app: { keystring: string; shared_secret: string }) => `${app.keystring}:${app.shared_secret}`;

export type CreatedSeller = {
  user_id: number;
  shop_id: number | null;
  email: string;
  password: string;
  listing_ids: number[];
};

export function createSeller(
  base: string,
  seller: { email?: string; password?: string; listings?: number; shop?: boolean } = {},
) {
  return controlOk<CreatedSeller>(base, "/sellers", seller);
}

/** Tokens as if the user had consented (POST /__sandbox/tokens); the demo app unless a keystring is given. */
export function issueTokensFor(base: string, grant: { user_id: number; scopes: string[]; keystring?: string }) {
  return controlOk<TokenResponse>(base, "/tokens", {
    keystring: grant.keystring ?? DEMO_APP.keystring,
    user_id: grant.user_id,
    scopes: grant.scopes,
  });
}

export async function issueLegacyToken(base: string, grant: { user_id: number; scopes: string[]; keystring?: string }) {
  const body = await controlOk<{ legacy_token: string }>(base, "/legacy-tokens", {
    keystring: grant.keystring ?? DEMO_APP.keystring,
    user_id: grant.user_id,
    scopes: grant.scopes,
  });
  return body.legacy_token;
}

export function advanceClock(base: string, seconds: number) {
  return controlOk<{ now: number }>(base, "/clock", { advance_seconds: seconds });
}

/** The stored listing with its personalization, bypassing the API's visibility rules. */
export async function storedListing(base: string, listingId: number) {
  const result = await sandboxControl(base, `/listings/${listingId}`);
  if (result.status !== 200)
    throw new Error(`GET /__sandbox/listings/${listingId} answered ${result.status}: ${result.text}`);
  return result.body;
}

// ---- API (/v3/application/...)

export type ApiCall = {
  method?: string;
  token?: string;
  /** Defaults to the demo app's key; null sends no x-api-key header. */
  apiKey?: string | null;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
};

/** Calls `/v3/application/<path>` (or any path starting with `/`) with the demo app's credentials. */
export function callApi(base: string, path: string, call: ApiCall = {}) {
  const headers: Record<string, string> = { ...call.headers };
  const apiKey = call.apiKey === undefined ? DEMO_API_KEY : call.apiKey;
  if (apiKey !== null) headers["x-api-key"] = apiKey;
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body = call.body;
  if (call.json !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers["content-type"] ??= "application/x-www-form-urlencoded";
    body = new URLSearchParams(call.form).toString();
  }
  const url = path.startsWith("/") ? `${base}${path}` : `${base}/v3/application/${path}`;
  return http(url, { method: call.method ?? (body === undefined ? "GET" : "POST"), headers, body });
}

/** A text question as a write sends it, under the title the seed and the dashboard give one. */
export const textQuestion = (fields: { instructions: string; required: boolean; max_allowed_characters: number }) => ({
  question_type: "text_input",
  question_text: "Personalization",
  ...fields,
});

/** updateListingPersonalization for one of Ada's listings (docs/marketplace.md §4.3): `questions` replace what it asks. */
export const writeAdaQuestions = (base: string, token: string, listingId: number, questions: unknown[]) =>
  callApi(base, `shops/${ADA.shop_id}/listings/${listingId}/personalization`, {
    token,
    json: { personalization_questions: questions },
  });

/** POST /v3/public/oauth/token, form-encoded unless `json` is set. */
export function requestToken(base: string, params: Record<string, string>, options: { json?: boolean } = {}) {
  return http(`${base}/v3/public/oauth/token`, options.json ? jsonInit("POST", params) : formInit("POST", params));
}

/** The authorization code grant (RFC 6749 §4.1.3) for the demo app; `extra` adds fields or overrides them. */
export const exchangeCode = (base: string, code: string, verifier: string, extra: Record<string, string> = {}) =>
  requestToken(base, {
    grant_type: "authorization_code",
    client_id: DEMO_APP.keystring,
    code,
    code_verifier: verifier,
    ...extra,
  });

// ---- authorization flow (/oauth/...)

export type AuthorizationParams = Record<string, string | undefined>;

/** A valid authorization request for the demo app; an override of undefined drops the parameter. */
export function authorizationParams(pkce: PkcePair, overrides: AuthorizationParams = {}): AuthorizationParams {
  return {
    response_type: "code",
    client_id: DEMO_APP.keystring,
    redirect_uri: DEMO_REDIRECT_URI,
    scope: "listings_r listings_w shops_r",
    state: randomBytes(12).toString("base64url"),
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
    ...overrides,
  };
}

export function connectUrl(base: string, params: AuthorizationParams) {
  // Below the base's own path, which a sandbox space has (/spaces/{id}).
  const url = new URL(`${base.replace(/\/$/, "")}/oauth/connect`);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1] ?? ""] = (match[2] ?? "")
      .replaceAll("&quot;", '"')
      .replaceAll("&#39;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  }
  return fields;
}

/** `name=value` of a Set-Cookie header, ready for a Cookie header. */
export function cookieFrom(headers: Headers, name: string): string | undefined {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .find((pair) => pair.startsWith(`${name}=`));
}

export type BrowserSession = { page: HttpResult<string>; interaction: string; csrf: string; cookie: string };

/** GET /oauth/connect like a browser: the sign-in page, its hidden form fields and the interaction cookie. */
export async function openSignInPage(base: string, params: AuthorizationParams): Promise<BrowserSession> {
  const page = await http(connectUrl(base, params));
  const fields = hiddenFields(page.text);
  return {
    page,
    interaction: fields.interaction ?? "",
    csrf: fields.csrf ?? "",
    cookie: cookieFrom(page.headers, "sandbox_interaction") ?? "",
  };
}

/** What a forged or broken form changes: fields replaced (undefined drops one), another cookie or none (null). */
export type FormTampering = { fields?: Record<string, string | undefined>; cookie?: string | null };

/** POST /oauth/sign-in with the page's hidden fields and cookie. */
export function submitSignIn(
  base: string,
  session: BrowserSession,
  credentials: { email: string; password: string },
  tampering: FormTampering = {},
) {
  const body = formBody({ interaction: session.interaction, csrf: session.csrf, ...credentials, ...tampering.fields });
  return postBrowserForm(
    `${base}/oauth/sign-in`,
    body,
    tampering.cookie === undefined ? session.cookie : tampering.cookie,
  );
}

/** POST /oauth/consent: `allow` with the checked scopes, or `deny`. */
export function submitConsent(
  base: string,
  session: BrowserSession,
  decision: "allow" | "deny",
  scopes: string[],
  tampering: FormTampering = {},
) {
  const body = formBody({ interaction: session.interaction, csrf: session.csrf, decision, ...tampering.fields });
  for (const scope of scopes) body.append("scope", scope);
  return postBrowserForm(
    `${base}/oauth/consent`,
    body,
    tampering.cookie === undefined ? session.cookie : tampering.cookie,
  );
}

function formBody(fields: Record<string, string | undefined>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, value);
  return body;
}

function postBrowserForm(url: string, body: URLSearchParams, cookie: string | null) {
  return http(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: body.toString(),
  });
}

export function openConsentPage(base: string, session: BrowserSession, location: string) {
  return http(new URL(location, base).toString(), { headers: { cookie: session.cookie } });
}

export type AuthorizationOutcome = {
  redirect: URL;
  pkce: PkcePair;
  params: AuthorizationParams;
  session: BrowserSession;
};

/**
 * The whole browser journey over HTTP: connect, sign in, consent. Returns the redirect back to the app
 * (with `code` and `state`, or `error`). `grant` defaults to every requested scope.
 */
export async function authorizeInBrowser(
  base: string,
  options: {
    seller?: { email: string; password: string };
    params?: AuthorizationParams;
    decision?: "allow" | "deny";
    grant?: string[];
    pkce?: PkcePair;
  } = {},
): Promise<AuthorizationOutcome> {
  const pkce = options.pkce ?? pkcePair();
  const params = authorizationParams(pkce, options.params);
  const session = await openSignInPage(base, params);
  if (session.page.status !== 200)
    throw new Error(`GET /oauth/connect answered ${session.page.status}: ${session.page.text.slice(0, 300)}`);
  const seller = options.seller ?? ADA;
  const signedIn = await submitSignIn(base, session, { email: seller.email, password: seller.password });
  const location = signedIn.headers.get("location");
  if (signedIn.status !== 303 || !location) throw new Error(`POST /oauth/sign-in answered ${signedIn.status}`);
  const consent = await openConsentPage(base, session, location);
  if (consent.status !== 200) throw new Error(`GET ${location} answered ${consent.status}`);
  const grant = options.grant ?? (params.scope ?? "").split(" ").filter(Boolean);
  const decided = await submitConsent(base, session, options.decision ?? "allow", grant);
  const redirect = decided.headers.get("location");
  if (decided.status !== 302 || !redirect) throw new Error(`POST /oauth/consent answered ${decided.status}`);
  return { redirect: new URL(redirect), pkce, params, session };
}

/** Authorization code flow end to end, then the code exchanged for tokens. */
export async function obtainTokensInBrowser(
  base: string,
  options: Parameters<typeof authorizeInBrowser>[1] = {},
): Promise<TokenResponse> {
  const { redirect, pkce, params } = await authorizeInBrowser(base, options);
  const code = redirect.searchParams.get("code");
  if (!code) throw new Error(`The consent redirect carried no code: ${redirect.toString()}`);
  const exchanged = await exchangeCode(base, code, pkce.verifier, {
    client_id: params.client_id ?? "",
    redirect_uri: params.redirect_uri ?? "",
  });
  if (exchanged.status !== 200) throw new Error(`token exchange answered ${exchanged.status}: ${exchanged.text}`);
  return exchanged.body as TokenResponse;
}
