import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./ports";
import { keyring, open, sealKey, tokenContext } from "../lib/tokens/token-seal";

/** The sandbox's control API (docs/sandbox.md "Control API"), as the browser tests use it. */
export async function control<T = unknown>(
  path: string,
  body?: unknown,
  method = body === undefined ? "GET" : "POST",
): Promise<T> {
  const response = await fetch(`${E2E.sandboxUrl}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Whether the sandbox answers at all (false during an outage started with `/outage`). */
export const sandboxAnswers = () =>
  fetch(`${E2E.sandboxUrl}/`).then(
    () => true,
    () => false,
  );

export type Phase = "migration" | "post-deprecation" | "multi-question" | "add-on-resend" | "webhooks";

/** Puts the sandbox in one of the marketplace's periods (docs/marketplace.md §9; `--phase`). */
export const setPhase = (phase: Phase) => control("/phase", { phase });

/** Every test of the file (or describe block) runs with the sandbox in `phase`, and leaves it in the migration period. */
export function inPhase(phase: Phase) {
  test.beforeEach(() => setPhase(phase));
  test.afterEach(() => setPhase("migration"));
}

export type TestSeller = { user_id: number; shop_id: number; email: string; password: string; listing_ids: number[] };

export const newSeller = (listings = 3) => control<TestSeller>("/sellers", { listings });

export function dashboardApp(): { keystring: string; shared_secret: string; name: string } {
  return JSON.parse(readFileSync(E2E.appFile, "utf8"));
}

/** The dashboard's app gets `perSecond` requests a second from the sandbox (1,000, the tests' default, lifts the limit). */
export const limitDashboardApp = (perSecond: number) =>
  control("/rate-limits", { keystring: dashboardApp().keystring, per_second: perSecond, per_day: 1_000_000 });

export type LoggedRequest = {
  id: number;
  method: string;
  path: string;
  status: number;
  grant_type: string | null;
  client_auth: string | null;
  code_verifier: boolean | null;
  bearer_user: number | null;
  app: string | null;
};

export async function requestsSince(id: number) {
  return (await control<{ requests: LoggedRequest[] }>(`/requests?since=${id}`)).requests;
}

export async function lastRequestId() {
  const { requests } = await control<{ requests: LoggedRequest[] }>("/requests");
  return requests.at(-1)?.id ?? 0;
}

/**
 * Signs the seller in for a test whose subject comes after it: the same OAuth flow (the dashboard's sign-in form, the
 * marketplace's sign-in and consent forms, the callback with PKCE and state) sent over HTTP with the page's cookies,
 * then the browser opens where it lands (0.3–0.8 s less than rendering the three pages, on a quiet machine).
 * `signInThroughPages` is the browser's way, for the tests whose subject is the sign-in, its requests or its sessions.
 */
export async function signIn(
  page: Page,
  seller: { email: string; password: string },
  options: { from?: string; uncheck?: string[] } = {},
) {
  const http = page.context().request;
  const from = new URL(options.from ?? "/sign-in", E2E.dashboardUrl);
  const signInForm = hiddenFields(await (await http.get(from.href)).text());
  expect(signInForm.map(([name]) => name).join(" "), "the dashboard's sign-in form").toMatch(/\$ACTION_ID_/);
  // The button's form as a browser without JavaScript sends it: multipart, to the page, with React's action field.
  const marketplace = await http.post(from.href, {
    multipart: Object.fromEntries(signInForm),
    headers: { origin: from.origin },
  });
  const signedIn = await http.post(`${E2E.sandboxUrl}/oauth/sign-in`, {
    form: {
      ...Object.fromEntries(hiddenFields(await marketplace.text())),
      email: seller.email,
      password: seller.password,
    },
  });
  const consent = await signedIn.text();
  expect(consent, "the marketplace's consent page").toMatch(/Allow .* to access your account/);
  const unchecked = (label: string) => (options.uncheck ?? []).some((scope) => new RegExp(scope).test(label));
  const scopes = [
    ...consent.matchAll(/<label><input type="checkbox" name="scope" value="(\w+)" checked \/>(.*?)<\/label>/g),
  ]
    .filter(([, , label]) => !unchecked(label!.replace(/<[^>]+>/g, "")))
    .map(([, scope]) => ["scope", scope!]);
  const allowed = await http.post(`${E2E.sandboxUrl}/oauth/consent`, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams([...hiddenFields(consent), ...scopes, ["decision", "allow"]]).toString(),
    maxRedirects: 0,
  });
  const callbackUrl = allowed.headers().location!;
  const callback = await http.get(callbackUrl, { maxRedirects: 0 });
  await page.goto(new URL(callback.headers().location ?? "/sign-in", callbackUrl).href);
}

/** A page's hidden form fields, in order, with HTML's entities read back. */
function hiddenFields(html: string): [string, string][] {
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return [...html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\s*\/?>/g)].map(
    ([, name, value]) => [unescape(name!), unescape(value ?? "")],
  );
}

/** The whole sign-in in the browser: the dashboard's button, the marketplace's sign-in and consent pages, back to the dashboard. */
export async function signInThroughPages(
  page: Page,
  seller: { email: string; password: string },
  options: { from?: string; uncheck?: string[] } = {},
) {
  await page.goto(options.from ?? "/sign-in");
  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await allowOnMarketplace(page, seller, options);
}

/** The marketplace's part of a sign-in, from its sign-in form to "Allow access" (the browser is already on its page or on its way). */
export async function allowOnMarketplace(
  page: Page,
  seller: { email: string; password: string },
  options: { uncheck?: string[] } = {},
) {
  await page.getByLabel("Email").fill(seller.email);
  await page.getByLabel("Password").fill(seller.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: /Allow .* to access your account/ })).toBeVisible();
  for (const scope of options.uncheck ?? []) await page.getByRole("checkbox", { name: new RegExp(scope) }).uncheck();
  await page.getByRole("button", { name: "Allow access" }).click();
}

export const FULL_SCOPES = ["listings_r", "listings_w", "shops_r"];

/** A token of the dashboard's own app for `userId`, issued by the control API, to arrange listings through the public API. */
export async function marketplaceToken(userId: number, scopes = FULL_SCOPES) {
  return (
    await control<{ access_token: string }>("/tokens", { keystring: dashboardApp().keystring, user_id: userId, scopes })
  ).access_token;
}

/** One call to the marketplace API as the dashboard's app, with `x-api-key` and the bearer token. */
export async function marketplaceCall(
  token: string,
  method: string,
  path: string,
  body?: { json?: unknown; form?: Record<string, string> },
) {
  const app = dashboardApp();
  const headers: Record<string, string> = {
    "x-api-key": `${app.keystring}:${app.shared_secret}`,
    authorization: `Bearer ${token}`,
  };
  if (body?.json !== undefined) headers["content-type"] = "application/json";
  if (body?.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
  const response = await fetch(`${E2E.sandboxUrl}${path}`, {
    method,
    headers,
    body:
      body?.json !== undefined
        ? JSON.stringify(body.json)
        : body?.form !== undefined
          ? new URLSearchParams(body.form)
          : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** Where a listing's questions are written (updateListingPersonalization, docs/marketplace.md §4.3). */
export const personalizationPath = (seller: TestSeller, listingId: number) =>
  `/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization`;

export type Fault = { status?: number; retry_after?: number; delay_ms?: number; times?: number };

/** Makes the marketplace answer the writes (POST) or clears (DELETE) of a listing's questions with `fault`. */
export const faultQuestionWrites = (seller: TestSeller, listingId: number, fault: Fault, method = "POST") =>
  control("/faults", { method, path: personalizationPath(seller, listingId), ...fault });

export type QuestionInput = { instructions: string | null; required: boolean; max_allowed_characters: number };

/** Gives a listing one text question through updateListingPersonalization, as another client of the marketplace would. */
export async function putQuestion(seller: TestSeller, listingId: number, question: QuestionInput) {
  const token = await marketplaceToken(seller.user_id);
  await marketplaceCall(token, "POST", personalizationPath(seller, listingId), {
    json: {
      personalization_questions: [{ question_type: "text_input", question_text: "Personalization", ...question }],
    },
  });
}

/** The seller changes the listing's questions in the marketplace's own Shop Manager (the sandbox's control API). */
export const inShopManager = (listingId: number, questions: unknown[]) =>
  control(`/listings/${listingId}`, { personalization_questions: questions }, "PATCH");

/** A Shop Manager edit that leaves one required text question with these instructions. */
export const shopManagerEdit = (listingId: number, instructions: string, max_allowed_characters = 30) =>
  inShopManager(listingId, [
    {
      question_type: "text_input",
      question_text: "Personalization",
      instructions,
      required: true,
      max_allowed_characters,
    },
  ]);

/** Another client of the marketplace writes several questions, as only today's period allows (docs/marketplace.md §9.4). */
export async function putQuestions(seller: TestSeller, listingId: number, questions: unknown[]) {
  await marketplaceCall(
    await marketplaceToken(seller.user_id),
    "POST",
    `/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization?supports_multiple_personalization_questions=true`,
    { json: { personalization_questions: questions } },
  );
}

export type StoredListing = {
  listing_id: number;
  shop_id: number;
  title: string;
  state: string;
  is_personalizable: boolean;
  personalization: { personalization_questions: (QuestionInput & { question_type: string; question_text: string })[] };
};

/** What the sandbox has stored for a listing, whoever owns it. */
export const storedListing = (listingId: number) => control<StoredListing>(`/listings/${listingId}`);

type StoredTokens = { access_token: string; refresh_token: string };

/** The seller's tokens as the dashboard stores them (sealed, never in the browser), opened; undefined once they are gone. */
export function dashboardTokens(userId: number): StoredTokens | undefined {
  const db = new Database(E2E.dashboardDb, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT access_token, refresh_token FROM seller_tokens WHERE user_id = ?").get(userId) as
      StoredTokens | undefined;
    if (!row) return undefined;
    const ring = keyring(sealKey(readFileSync(E2E.tokenKeyFile, "utf8")));
    return {
      access_token: open(ring, row.access_token, tokenContext(userId, "access_token")),
      refresh_token: open(ring, row.refresh_token, tokenContext(userId, "refresh_token")),
    };
  } finally {
    db.close();
  }
}
