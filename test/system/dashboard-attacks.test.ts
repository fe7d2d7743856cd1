import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { callServerAction } from "../harness/server-action";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { DEMO_SELLERS } from "../../sandbox/store/seed";
import { hiddenFields, sandboxControl, storedListing } from "../harness/sandbox";
import { freePort, startDashboard, type DashboardProcess } from "../harness/dashboard-process";
import { rssMb } from "../../bench/processes";
import { chunkedUpload } from "../harness/chunked-upload";

/** What a server action answers once the dashboard's own session has ended (the seller's sign-in, not the marketplace's). */
const SIGN_IN_ENDED =
  "Your sign-in to this dashboard has ended (the marketplace is fine), so nothing was changed. Sign in again; what you typed is kept.";

// Attacks, the dashboard's side: the built dashboard (`next start`) against an in-memory sandbox, driven over plain
// HTTP like a browser that an attacker tampers with. Every refusal is checked for what it did not change.

const ADA = DEMO_SELLERS.ada;
const BO = DEMO_SELLERS.bo;
const ADA_LISTING = 1_000_000_001;
const BO_LISTING = 2_000_000_001;
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
const EVIL_CALLBACKS = [
  "https://evil.example/",
  "//evil.example/",
  "/\\evil.example/",
  "/\t/evil.example/",
  "/.//evil.example/",
];

let sandbox: RunningSandbox;
let dashboard: DashboardProcess;
let httpsDashboard: DashboardProcess;
let scratch: string;

/** The production set-up: sellers reach it over https:// (a TLS proxy in front), so AUTH_URL is https. */
async function startDashboardBehindTls(port: number): Promise<DashboardProcess> {
  const publicUrl = `https://localhost:${port}`;
  const response = await fetch(`${sandbox.url}/__sandbox/apps`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Dashboard behind TLS",
      redirect_uris: [`${publicUrl}/api/auth/callback/marketplace`],
    }),
  });
  const app = (await response.json()) as DashboardProcess["app"];
  return startDashboard({
    port,
    sandboxUrl: sandbox.url,
    app,
    publicUrl,
    dashboardDb: join(scratch, "behind-tls.db"),
    stdio: "ignore",
  });
}

beforeAll(async () => {
  if (!existsSync(join(DIST_DIR, "BUILD_ID")))
    throw new Error(`No production build in ${DIST_DIR}: run \`npx next build\` first (npm test does).`);
  scratch = mkdtempSync(join(tmpdir(), "dashboard-attacks-"));
  // Written for the migration period, as the harness's sandboxes are (test/harness/sandbox.ts).
  sandbox = await startSandbox({ port: 0, db: ":memory:", phase: "migration" });
  const [port, tlsPort] = [await freePort(), await freePort()];
  [dashboard, httpsDashboard] = await Promise.all([
    // Learns the marketplace's period from its answers, so a test can switch the sandbox to the multi-question period and back.
    startDashboard({
      port,
      sandboxUrl: sandbox.url,
      dashboardDb: join(scratch, "dashboard.db"),
      stdio: "ignore",
      env: { MARKETPLACE_PERSONALIZATION: "auto" },
    }),
    startDashboardBehindTls(tlsPort),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([dashboard?.stop(), httpsDashboard?.stop()]);
  await sandbox?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// ---- a browser over fetch: one cookie jar per origin, every Set-Cookie kept for inspection

class Browser {
  private jars = new Map<string, Map<string, string>>();
  readonly setCookies: string[] = [];

  cookieHeader(origin: string) {
    return [...(this.jars.get(origin) ?? [])].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  cookieNames(origin: string) {
    return [...(this.jars.get(origin)?.keys() ?? [])];
  }

  /** A copy, as an attacker who saved this browser's cookies would hold it. */
  clone() {
    const copy = new Browser();
    for (const [origin, jar] of this.jars) copy.jars.set(origin, new Map(jar));
    return copy;
  }

  async go(url: string, init: RequestInit = {}) {
    const origin = new URL(url).origin;
    const headers = { ...(init.headers as Record<string, string>), cookie: this.cookieHeader(origin) };
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    for (const cookie of response.headers.getSetCookie()) {
      this.setCookies.push(cookie);
      const [pair = ""] = cookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value === "" || /max-age=0/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
}

const formPost = (fields: Array<[string, string]>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/** POST /api/auth/signin/marketplace as next-auth's own sign-in form does; returns the marketplace's /oauth/connect URL. */
async function startAtAuthApi(browser: Browser, base: string, callbackUrl: string) {
  const { csrfToken } = (await (await browser.go(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
  const started = await browser.go(
    `${base}/api/auth/signin/marketplace`,
    formPost([
      ["csrfToken", csrfToken],
      ["callbackUrl", callbackUrl],
    ]),
  );
  return connectLocation(started);
}

/** The sign-in page's form submitted without JavaScript (a multipart post of the server action), optionally forged. */
async function startAtSignInPage(browser: Browser, pageUrl: string, forgedCallbackUrl?: string) {
  const page = await (await browser.go(pageUrl)).text();
  const actionField = /name="(\$ACTION_ID_[0-9a-f]+)"/.exec(page)?.[1];
  const callbackUrl = /name="callbackUrl" value="([^"]*)"/.exec(page)?.[1];
  if (!actionField || callbackUrl === undefined) throw new Error(`no sign-in form on ${pageUrl}`);
  const form = new FormData();
  form.set(actionField, "");
  form.set("callbackUrl", forgedCallbackUrl ?? callbackUrl.replaceAll("&amp;", "&"));
  return {
    renderedCallbackUrl: callbackUrl,
    connectUrl: connectLocation(await browser.go(pageUrl, { method: "POST", body: form })),
  };
}

function connectLocation(response: Response) {
  const location = response.headers.get("location") ?? "";
  if (!location.startsWith(`${sandbox.url}/oauth/connect?`))
    throw new Error(`sign-in did not go to the marketplace (${response.status}, ${location})`);
  return location;
}

/** The seller signs in on the marketplace and allows every scope; returns the redirect back to the dashboard. */
async function consentAtMarketplace(
  browser: Browser,
  connectUrl: string,
  seller: { email: string; password: string } = ADA,
) {
  const signInPage = hiddenFields(await (await browser.go(connectUrl)).text());
  const signedIn = await browser.go(
    `${sandbox.url}/oauth/sign-in`,
    formPost([
      ["interaction", signInPage.interaction ?? ""],
      ["csrf", signInPage.csrf ?? ""],
      ["email", seller.email],
      ["password", seller.password],
    ]),
  );
  const consentPage = await (await browser.go(`${sandbox.url}${signedIn.headers.get("location")}`)).text();
  const consent = hiddenFields(consentPage);
  const scopes = [...consentPage.matchAll(/name="scope" value="([^"]+)"/g)].map((match): [string, string] => [
    "scope",
    match[1] ?? "",
  ]);
  const allowed = await browser.go(
    `${sandbox.url}/oauth/consent`,
    formPost([
      ["interaction", consent.interaction ?? ""],
      ["csrf", consent.csrf ?? ""],
      ["decision", "allow"],
      ...scopes,
    ]),
  );
  const callback = new URL(allowed.headers.get("location") ?? "");
  if (!callback.searchParams.get("code")) throw new Error(`the marketplace sent no code: ${callback}`);
  return callback;
}

/** A new browser that started the sign-in at `base` and consented as `seller`, with the redirect back it was given. */
async function consentedBrowser(base: string, seller: { email: string; password: string } = ADA) {
  const browser = new Browser();
  const callback = await consentAtMarketplace(browser, await startAtAuthApi(browser, base, "/listings"), seller);
  return { browser, callback };
}

/** A whole sign-in; returns the browser, signed in to `base`. */
async function signIn(base: string, seller: { email: string; password: string } = ADA) {
  const { browser, callback } = await consentedBrowser(base, seller);
  const landed = await browser.go(sameServer(callback, base));
  expect(landed.status).toBe(302);
  return browser;
}

/** The callback as the dashboard at `base` receives it (the TLS one is reached over plain http in this test). */
const sameServer = (url: URL, base: string) => `${base}${url.pathname}${url.search}`;

const isSession = (name: string) => name.endsWith("authjs.session-token");

type Logged = {
  id: number;
  method: string;
  path: string;
  status: number;
  grant_type: string | null;
  error: string | null;
};

const requestLog = () => sandbox.state.log.list() as Logged[];
const lastRequestId = () => requestLog().at(-1)?.id ?? 0;
const requestsSince = (id: number) => requestLog().filter((entry) => entry.id > id);
const tokenRequestsSince = (id: number) => requestsSince(id).filter((entry) => entry.path === "/v3/public/oauth/token");
/** The editor's save, called over HTTP with `cookie`. */
const updatePersonalization = (
  cookie: string,
  listingId: number,
  question: unknown,
  headers: Record<string, string> = {},
) => callAction("updatePersonalizationAction", [{ listingId, question }], cookie, headers);

/** The listing and the request log as they are now, for a refused call to prove it changed neither. */
async function watchListing(listingId: number) {
  const before = await storedListing(sandbox.url, listingId);
  const since = lastRequestId();
  const expectUnchanged = async () => expect(await storedListing(sandbox.url, listingId)).toEqual(before);
  const expectNothingWritten = async () => {
    expect(requestsSince(since).filter((entry) => entry.path.endsWith("/personalization"))).toEqual([]);
    await expectUnchanged();
  };
  return { since, expectUnchanged, expectNothingWritten };
}

const unusedCodes = () =>
  sandbox.state.db.prepare("SELECT COUNT(*) FROM codes WHERE used_at IS NULL").pluck().get() as number;

function expectStateRefused(response: Response, browser: Browser) {
  expect(response.status).toBe(307);
  expect(response.headers.get("location")).toBe(`${dashboard.url}/sign-in?error=InvalidCheck`);
  expect(browser.cookieNames(dashboard.url).filter(isSession)).toEqual([]);
}

async function expectSignedOut(browser: Browser) {
  const listings = await fetch(`${dashboard.url}/api/listings?state=active&page=1&fresh=1`, {
    headers: { cookie: browser.cookieHeader(dashboard.url) },
  });
  expect(listings.status).toBe(401);
}

/** Calls a server action as the editor page's client does; returns the status and the action's result. */
const callAction = (
  name: string,
  args: unknown[],
  cookie: string,
  headers: Record<string, string> = {},
  body: BodyInit = JSON.stringify(args),
  base = dashboard.url,
) => callServerAction(`${base}/listings/${ADA_LISTING}`, name, args, cookie, { headers, body });

describe("state on the way back to the dashboard's callback (docs/marketplace.md §5.5.1, §7.3): the flow halts, no session, no token request", () => {
  const tamperings: Array<[string, (callback: URL, other: URL) => void]> = [
    ["without state", (callback) => callback.searchParams.delete("state")],
    ["with an empty state", (callback) => callback.searchParams.set("state", "")],
    [
      "with the state altered by one character",
      (callback) => {
        const state = callback.searchParams.get("state") ?? "";
        // Another last character, always: writing "A" over a state that already ends in "A" would change nothing.
        callback.searchParams.set("state", `${state.slice(0, -1)}${state.endsWith("A") ? "B" : "A"}`);
      },
    ],
    [
      "with the state of another sign-in (an attacker's code and state planted in the seller's browser)",
      (callback, other) => {
        callback.searchParams.set("code", other.searchParams.get("code") ?? "");
        callback.searchParams.set("state", other.searchParams.get("state") ?? "");
      },
    ],
  ];

  for (const [how, tamper] of tamperings) {
    it(`refuses a callback ${how} with InvalidCheck, exchanges no code and creates no session`, async () => {
      const { callback: attackersCallback } = await consentedBrowser(dashboard.url, BO);
      const { browser: seller, callback } = await consentedBrowser(dashboard.url);
      tamper(callback, attackersCallback);
      const before = lastRequestId();
      const codesBefore = unusedCodes();

      expectStateRefused(await seller.go(callback.toString()), seller);
      expect(tokenRequestsSince(before)).toEqual([]);
      expect(unusedCodes()).toBe(codesBefore);
      await expectSignedOut(seller);
    });
  }

  it("refuses a callback in a browser that never started a sign-in (login CSRF), with no token request", async () => {
    const { callback } = await consentedBrowser(dashboard.url, BO);
    const victim = new Browser();
    const before = lastRequestId();
    expectStateRefused(await victim.go(callback.toString()), victim);
    expect(tokenRequestsSince(before)).toEqual([]);
  });

  it("shows the seller why on the sign-in page, with a way to start again", async () => {
    const page = await (await fetch(`${dashboard.url}/sign-in?error=InvalidCheck`)).text();
    expect(page).toContain(
      "The sign-in could not be verified (it may have been started in another tab or taken too long). Please sign in again.",
    );
    expect(page).toContain("Sign in with the marketplace");
  });

  it("still signs the seller in when the state comes back untouched", async () => {
    const browser = await signIn(dashboard.url);
    expect(browser.cookieNames(dashboard.url).filter(isSession)).toHaveLength(1);
  });
});

describe("authorization-code replay through the dashboard's callback (RFC 6749 4.1.2)", () => {
  it("refuses the replay, creates no second session, and the tokens of the first exchange stop working", async () => {
    const { browser: seller, callback } = await consentedBrowser(dashboard.url);
    const attacker = seller.clone();
    expect((await seller.go(callback.toString())).status).toBe(302);
    const listings = await fetch(`${dashboard.url}/api/listings?state=active&page=1&fresh=1`, {
      headers: { cookie: seller.cookieHeader(dashboard.url) },
    });
    expect(listings.status).toBe(200);
    const before = lastRequestId();

    const replayed = await attacker.go(callback.toString());
    expect(replayed.status).toBe(302);
    expect(new URL(replayed.headers.get("location") ?? "").pathname).toBe("/sign-in");
    expect(attacker.cookieNames(dashboard.url).filter(isSession)).toEqual([]);
    expect(tokenRequestsSince(before)).toEqual([
      expect.objectContaining({
        grant_type: "authorization_code",
        status: 400,
        error: "invalid_grant: code has been used previously",
      }),
    ]);
    await expectSignedOut(seller);
  });

  it("refuses the replay from a browser without the sign-in's cookies before any token request", async () => {
    const { browser: seller, callback } = await consentedBrowser(dashboard.url);
    expect((await seller.go(callback.toString())).status).toBe(302);
    const stranger = new Browser();
    const before = lastRequestId();
    expectStateRefused(await stranger.go(callback.toString()), stranger);
    expect(tokenRequestsSince(before)).toEqual([]);
  });
});

describe("open redirect through callbackUrl: every redirect after sign-in stays on the dashboard's origin", () => {
  const landsOnDashboard = (response: Response) =>
    new URL(response.headers.get("location") ?? "", dashboard.url).origin;

  for (const evil of EVIL_CALLBACKS) {
    const shown = JSON.stringify(evil);

    it(`GET /api/auth/signin?callbackUrl=${shown} goes to the dashboard's sign-in page, whose form carries /listings`, async () => {
      const browser = new Browser();
      const response = await browser.go(`${dashboard.url}/api/auth/signin?callbackUrl=${encodeURIComponent(evil)}`);
      expect(response.status).toBe(302);
      expect(landsOnDashboard(response)).toBe(dashboard.url);
      const { renderedCallbackUrl, connectUrl } = await startAtSignInPage(
        browser,
        new URL(response.headers.get("location") ?? "", dashboard.url).toString(),
      );
      expect(renderedCallbackUrl).toBe("/listings");
      const landed = await browser.go((await consentAtMarketplace(browser, connectUrl)).toString());
      expect(landed.headers.get("location")).toBe(`${dashboard.url}/listings`);
    });

    it(`POST /api/auth/signin/marketplace with callbackUrl=${shown} lands on the dashboard after sign-in`, async () => {
      const browser = new Browser();
      const landed = await browser.go(
        (await consentAtMarketplace(browser, await startAtAuthApi(browser, dashboard.url, evil))).toString(),
      );
      expect(landed.status).toBe(302);
      expect(landsOnDashboard(landed)).toBe(dashboard.url);
    });

    it(`the sign-in page's form, forged to carry callbackUrl=${shown}, lands on /listings after sign-in`, async () => {
      const browser = new Browser();
      const { connectUrl } = await startAtSignInPage(browser, `${dashboard.url}/sign-in`, evil);
      const landed = await browser.go((await consentAtMarketplace(browser, connectUrl)).toString());
      expect(landed.headers.get("location")).toBe(`${dashboard.url}/listings`);
    });

    it(`the sign-in page sends a signed-in seller with callbackUrl=${shown} to /listings`, async () => {
      const browser = await signIn(dashboard.url);
      const response = await browser.go(`${dashboard.url}/sign-in?callbackUrl=${encodeURIComponent(evil)}`);
      expect(response.status).toBe(307);
      expect(response.headers.get("location")).toBe("/listings");
    });
  }

  it("keeps a same-site callbackUrl with its query through the sign-in page's form", async () => {
    const browser = new Browser();
    const back = "/listings?state=inactive&page=2";
    const { renderedCallbackUrl, connectUrl } = await startAtSignInPage(
      browser,
      `${dashboard.url}/sign-in?callbackUrl=${encodeURIComponent(back)}`,
    );
    expect(renderedCallbackUrl.replaceAll("&amp;", "&")).toBe(back);
    const landed = await browser.go((await consentAtMarketplace(browser, connectUrl)).toString());
    expect(landed.headers.get("location")).toBe(`${dashboard.url}${back}`);
  });
});

describe("server actions called over HTTP with another seller's listing (docs/marketplace.md §7.10)", () => {
  const question = { instructions: "Overwritten by another seller", maxAllowedCharacters: 5, required: true };
  const notYours = `The marketplace refused: Listing ${BO_LISTING} does not belong to shop ${ADA.shop_id}. Check that you are signed in to the shop that owns this listing.`;
  const personalizationWrites = (since: number) =>
    requestsSince(since).filter((entry) => entry.path.endsWith("/personalization") && entry.method !== "GET");

  it("updatePersonalizationAction refuses Bo's listing for Ada and leaves it as it was", async () => {
    const ada = await signIn(dashboard.url);
    const watched = await watchListing(BO_LISTING);
    const { status, result } = await updatePersonalization(ada.cookieHeader(dashboard.url), BO_LISTING, question);
    expect(status).toBe(200);
    expect(result).toEqual({ ok: false, formError: notYours });
    await watched.expectUnchanged();
    expect(personalizationWrites(watched.since).map((entry) => entry.status)).toEqual([403]);
  });

  it("removePersonalizationAction refuses Bo's listing for Ada and leaves it as it was", async () => {
    const ada = await signIn(dashboard.url);
    const watched = await watchListing(BO_LISTING);
    const { status, result } = await callAction(
      "removePersonalizationAction",
      [{ listingId: BO_LISTING }],
      ada.cookieHeader(dashboard.url),
    );
    expect(status).toBe(200);
    expect(result).toEqual({ ok: false, formError: notYours });
    await watched.expectUnchanged();
  });

  describe("updateQuestionSetAction (the multi-question period)", () => {
    const questions = [
      {
        type: "dropdown",
        title: "Font",
        instructions: "",
        required: true,
        options: [{ label: "Serif" }, { label: "Script" }],
      },
    ];
    /** A page view of the seller's listings, from which the dashboard learns the period (no live read says it). */
    const viewListings = (cookie: string) => fetch(`${dashboard.url}/listings`, { headers: { cookie } });
    const multiQuestionPeriod = async <T>(run: () => Promise<T>, cookie?: string) => {
      await sandboxControl(sandbox.url, "/phase", { phase: "multi-question" });
      if (cookie) await viewListings(cookie);
      try {
        return await run();
      } finally {
        await sandboxControl(sandbox.url, "/phase", { phase: "migration" });
      }
    };

    it("refuses Bo's listing for Ada and leaves it as it was", async () => {
      const ada = await signIn(dashboard.url);
      const watched = await watchListing(BO_LISTING);
      const { status, result } = await multiQuestionPeriod(
        () =>
          callAction(
            "updateQuestionSetAction",
            [{ listingId: BO_LISTING, questions }],
            ada.cookieHeader(dashboard.url),
          ),
        ada.cookieHeader(dashboard.url),
      );
      expect(status).toBe(200);
      expect(result).toEqual({ ok: false, formError: notYours });
      await watched.expectUnchanged();
      expect(personalizationWrites(watched.since).map((entry) => entry.status)).toEqual([403]);
    });

    it("refuses a call without a session and sends nothing to the marketplace", async () => {
      const since = lastRequestId();
      const { status, result } = await multiQuestionPeriod(() =>
        callAction("updateQuestionSetAction", [{ listingId: BO_LISTING, questions }], ""),
      );
      expect(status).toBe(200);
      expect(result).toEqual({
        ok: false,
        reauth: true,
        signIn: "session-ended",
        formError: SIGN_IN_ENDED,
      });
      expect(personalizationWrites(since)).toEqual([]);
    });

    it("refuses a question set that breaks a rule before any request, naming the field", async () => {
      const ada = await signIn(dashboard.url);
      const since = lastRequestId();
      const broken = [{ ...questions[0], options: [{ label: "Serif" }, { label: "Serif" }] }];
      const { result } = await multiQuestionPeriod(() =>
        callAction(
          "updateQuestionSetAction",
          [{ listingId: ADA_LISTING, questions: broken }],
          ada.cookieHeader(dashboard.url),
        ),
      );
      expect(result).toMatchObject({
        ok: false,
        formError: "Some fields need attention: see the message next to each one.",
        fieldErrors: { options: "Give each of the choices a different label: two are the same." },
      });
      expect(personalizationWrites(since)).toEqual([]);
    });

    it("outside that period refuses without writing, and says nothing was changed", async () => {
      const ada = await signIn(dashboard.url);
      await viewListings(ada.cookieHeader(dashboard.url));
      const since = lastRequestId();
      const { result } = await callAction(
        "updateQuestionSetAction",
        [{ listingId: ADA_LISTING, questions }],
        ada.cookieHeader(dashboard.url),
      );
      expect(result).toMatchObject({
        ok: false,
        formError: expect.stringMatching(/^Nothing was changed: the marketplace no longer accepts several questions/),
      });
      expect(personalizationWrites(since)).toEqual([]);
    });
  });

  it("refuses the same call without a session and sends nothing to the marketplace", async () => {
    const watched = await watchListing(BO_LISTING);
    const { status, result } = await updatePersonalization("", BO_LISTING, question);
    expect(status).toBe(200);
    expect(result).toEqual({
      ok: false,
      reauth: true,
      signIn: "session-ended",
      formError: SIGN_IN_ENDED,
    });
    expect(personalizationWrites(watched.since)).toEqual([]);
    await watched.expectUnchanged();
  });

  it("refuses a call posted from another origin before running it (CSRF on server actions)", async () => {
    const ada = await signIn(dashboard.url);
    const watched = await watchListing(ADA_LISTING);
    const { status, text, result } = await updatePersonalization(
      ada.cookieHeader(dashboard.url),
      ADA_LISTING,
      question,
      { origin: "https://evil.example" },
    );
    expect(status).toBe(403);
    expect(JSON.parse(text)).toEqual({
      error:
        "This request came from another site, so the dashboard refused it. Open the dashboard itself and try again.",
    });
    expect(result).toBeUndefined();
    expect(personalizationWrites(watched.since)).toEqual([]);
    await watched.expectUnchanged();
  });

  it("still saves the seller's own listing through the same call", async () => {
    const ada = await signIn(dashboard.url);
    const { result } = await updatePersonalization(ada.cookieHeader(dashboard.url), ADA_LISTING, {
      ...question,
      instructions: "Name to engrave",
    });
    expect(result).toMatchObject({ ok: true });
    expect((await storedListing(sandbox.url, ADA_LISTING)).personalization.personalization_questions).toMatchObject([
      { instructions: "Name to engrave", max_allowed_characters: 5, required: true },
    ]);
  });
});

describe("security headers (clickjacking, referrer, sniffing, HSTS)", () => {
  async function pages(base: string) {
    const browser = await signIn(base);
    const cookie = browser.cookieHeader(base);
    const paths: Array<[string, string]> = [
      ["/sign-in", ""],
      ["/", ""],
      ["/listings", ""],
      ["/listings", cookie],
      [`/listings/${ADA_LISTING}`, cookie],
      ["/api/listings?state=active&page=1", cookie],
      ["/api/listings?state=active&page=1", ""],
      ["/api/auth/csrf", ""],
      ["/api/auth/callback/marketplace?code=x&state=y", ""],
      ["/no-such-page", ""],
      ["/favicon.ico", ""],
    ];
    return Promise.all(
      paths.map(async ([path, withCookie]) => ({
        path,
        response: await fetch(`${base}${path}`, { redirect: "manual", headers: { cookie: withCookie } }),
      })),
    );
  }

  it("forbids framing and sets a CSP, referrer-policy and nosniff on every kind of response", async () => {
    for (const { path, response } of await pages(dashboard.url)) {
      const csp = response.headers.get("content-security-policy") ?? "";
      expect({
        path,
        frameAncestors: csp.split("; ").find((directive) => directive.startsWith("frame-ancestors")),
      }).toEqual({ path, frameAncestors: "frame-ancestors 'none'" });
      expect({ path, csp }).toEqual({ path, csp: expect.stringContaining("default-src 'self'") });
      expect({ path, csp }).toEqual({ path, csp: expect.stringContaining("object-src 'none'") });
      expect({ path, xfo: response.headers.get("x-frame-options") }).toEqual({ path, xfo: "DENY" });
      expect({ path, referrer: response.headers.get("referrer-policy") }).toEqual({
        path,
        referrer: "strict-origin-when-cross-origin",
      });
      expect({ path, nosniff: response.headers.get("x-content-type-options") }).toEqual({ path, nosniff: "nosniff" });
      expect({ path, poweredBy: response.headers.get("x-powered-by") }).toEqual({ path, poweredBy: null });
    }
  });

  it("sends no HSTS when AUTH_URL is http (a local run)", async () => {
    for (const { path, response } of await pages(dashboard.url)) {
      expect({ path, hsts: response.headers.get("strict-transport-security") }).toEqual({ path, hsts: null });
    }
  });

  it("sends HSTS for two years with subdomains when the same build runs with an https AUTH_URL", async () => {
    for (const { path, response } of await pages(httpsDashboard.url)) {
      expect({ path, hsts: response.headers.get("strict-transport-security") }).toEqual({
        path,
        hsts: "max-age=63072000; includeSubDomains",
      });
      expect({ path, xfo: response.headers.get("x-frame-options") }).toEqual({ path, xfo: "DENY" });
    }
  });
});

describe("cookies: HttpOnly and SameSite=Lax always, Secure when the dashboard's URL is https", () => {
  const attributes = (cookie: string) =>
    cookie
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());
  const names = (cookies: string[]) =>
    [...new Set(cookies.map((cookie) => cookie.slice(0, cookie.indexOf("="))))].sort();

  const signInCookies = async (url: string) =>
    (await signIn(url)).setCookies.filter((cookie) => cookie.includes("authjs."));
  const expectEveryCookie = (cookies: string[], flags: string[], secure: boolean) => {
    for (const cookie of cookies) {
      expect({ cookie, flags: attributes(cookie) }).toEqual({ cookie, flags: expect.arrayContaining(flags) });
      expect({ cookie, secure: attributes(cookie).includes("secure") }).toEqual({ cookie, secure });
    }
  };

  it("marks every cookie of a sign-in HttpOnly, SameSite=Lax and path /, and not Secure over http", async () => {
    const cookies = await signInCookies(dashboard.url);
    expect(names(cookies)).toEqual([
      "authjs.callback-url",
      "authjs.csrf-token",
      "authjs.pkce.code_verifier",
      "authjs.session-token",
      "authjs.state",
    ]);
    expectEveryCookie(cookies, ["httponly", "samesite=lax", "path=/"], false);
  });

  it("prefixes every cookie __Secure- or __Host- and marks it Secure, HttpOnly and SameSite=Lax when AUTH_URL is https", async () => {
    const cookies = await signInCookies(httpsDashboard.url);
    expect(names(cookies)).toEqual([
      "__Host-authjs.csrf-token",
      "__Secure-authjs.callback-url",
      "__Secure-authjs.pkce.code_verifier",
      "__Secure-authjs.session-token",
      "__Secure-authjs.state",
    ]);
    expectEveryCookie(cookies, ["httponly", "samesite=lax", "secure", "path=/"], true);
  });
});

// ---- sessions and hardening

/** Sign-out as next-auth's own endpoint does it (the header's button calls the same signOut). */
async function signOut(browser: Browser, base = dashboard.url) {
  const { csrfToken } = (await (await browser.go(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
  const response = await browser.go(`${base}/api/auth/signout`, formPost([["csrfToken", csrfToken]]));
  expect(response.status).toBe(302);
}

const listingsStatus = async (browser: Browser, base = dashboard.url) =>
  (await fetch(`${base}/api/listings?state=active&page=1`, { headers: { cookie: browser.cookieHeader(base) } })).status;

const plainTokens = (bytes: string, userId: number) =>
  bytes.match(new RegExp(`${userId}\\.[A-Za-z0-9_-]{16,}`, "g")) ?? [];

describe("server-side sessions: a session ends for every copy of its cookie", () => {
  const question = { instructions: "Written with a copied cookie", maxAllowedCharacters: 9, required: false };

  it("a cookie copied before sign-out stays dead after the seller signs in again elsewhere: 401 on reads, no write from an action", async () => {
    const seller = await signIn(dashboard.url);
    const thief = seller.clone();
    await signOut(seller);
    const elsewhere = await signIn(dashboard.url);
    expect(await listingsStatus(elsewhere)).toBe(200);

    expect(await listingsStatus(thief)).toBe(401);
    const watched = await watchListing(ADA_LISTING);
    const { status, result } = await updatePersonalization(thief.cookieHeader(dashboard.url), ADA_LISTING, question);
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: false, reauth: true });
    await watched.expectNothingWritten();
  });

  it("signing out in one browser leaves the seller's other browser signed in, with the marketplace tokens they share", async () => {
    const laptop = await signIn(dashboard.url);
    const phone = await signIn(dashboard.url);
    await signOut(laptop);
    expect(await listingsStatus(laptop)).toBe(401);
    expect(await listingsStatus(phone)).toBe(200);
    await signOut(phone);
    expect(await listingsStatus(phone)).toBe(401);
  });

  it("'Sign out everywhere' ends every session of the seller, and no other seller's", async () => {
    const laptop = await signIn(dashboard.url);
    const phone = await signIn(dashboard.url);
    const bo = await signIn(dashboard.url, BO);
    const { status, headers } = await callAction(
      "signOutEverywhereAction",
      [],
      laptop.cookieHeader(dashboard.url),
      {},
      "[]",
    );
    expect(status).toBe(200);
    expect(headers.get("x-action-redirect")).toContain(`${dashboard.url}/sign-in?reason=signed-out-everywhere`);
    expect(await listingsStatus(laptop)).toBe(401);
    expect(await listingsStatus(phone)).toBe(401);
    expect(await listingsStatus(bo)).toBe(200);
    const page = await (
      await fetch(`${dashboard.url}/sign-in?callbackUrl=%2Flistings&reason=expired`, {
        headers: { cookie: phone.cookieHeader(dashboard.url) },
      })
    ).text();
    expect(page).toContain(
      "You were signed out because this session was ended (you signed out here or on another device, or chose “Sign out everywhere”).",
    );
  });

  it("a copied cookie cannot sign the seller out everywhere", async () => {
    const seller = await signIn(dashboard.url);
    const thief = seller.clone();
    await signOut(thief);
    await callAction("signOutEverywhereAction", [], thief.cookieHeader(dashboard.url), {}, "[]");
    const other = await signIn(dashboard.url);
    expect(await listingsStatus(seller)).toBe(401);
    expect(await listingsStatus(other)).toBe(200);
  });

  it("ends a session left idle longer than SESSION_IDLE_SECONDS and says why on the sign-in page", async () => {
    const port = await freePort();
    const idle = await startDashboard({
      port,
      sandboxUrl: sandbox.url,
      dashboardDb: join(scratch, "idle.db"),
      stdio: "ignore",
      env: { SESSION_IDLE_SECONDS: "3" },
    });
    try {
      const seller = await signIn(idle.url);
      expect(await listingsStatus(seller, idle.url)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(await listingsStatus(seller, idle.url)).toBe(401);
      const listingsPage = await seller.go(`${idle.url}/listings`);
      expect(listingsPage.headers.get("location")).toMatch(
        /^\/sign-in\?callbackUrl=%2Flistings.*&reason=session-idle$/,
      );
      const page = await (await seller.go(`${idle.url}/sign-in?callbackUrl=%2Flistings&reason=session-idle`)).text();
      expect(page).toContain(
        "You were signed out after 3 seconds without activity. Sign in again to continue; any unsaved changes in this tab will be waiting for you.",
      );
    } finally {
      await idle.stop();
    }
  }, 90_000);
});

describe("tokens sealed at rest", () => {
  it("the dashboard's SQLite files hold no token in plain text and are readable by their owner only", async () => {
    await signIn(dashboard.url);
    const path = join(scratch, "dashboard.db");
    const files = [path, `${path}-wal`, `${path}-shm`].filter((file) => existsSync(file));
    const bytes = files.map((file) => readFileSync(file).toString("latin1")).join("");
    expect(bytes).toContain("seller_tokens");
    expect(plainTokens(bytes, ADA.user_id)).toEqual([]);
    for (const file of files)
      expect({ file, mode: (statSync(file).mode & 0o777).toString(8) }).toEqual({ file, mode: "600" });
  });
});

describe("refused requests answer 4xx with a sentence, never 500", () => {
  const question = { instructions: "Name to engrave", maxAllowedCharacters: 5, required: true };
  const deep = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;
  const oversized = JSON.stringify([
    { listingId: ADA_LISTING, question: { ...question, instructions: "x".repeat(2 * 1024 * 1024) } },
  ]);

  it("answers a server action over the 1 MB limit with 413 and stores nothing", async () => {
    const ada = await signIn(dashboard.url);
    const watched = await watchListing(ADA_LISTING);
    const response = await callAction(
      "updatePersonalizationAction",
      [],
      ada.cookieHeader(dashboard.url),
      {},
      oversized,
    );
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toEqual({
      error: expect.stringContaining("larger than the 1 MB the dashboard accepts"),
    });
    await watched.expectNothingWritten();
  });

  it("answers a webhook delivery over 64 kB with 413 before reading it", async () => {
    const response = await fetch(`${dashboard.url}/api/webhooks/marketplace`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: oversized,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.stringContaining("at most 64 kB") });
  });

  it("answers 300 MB chunked webhook bodies without a signature with 413 before they end, within 20 MB of memory, and answers others meanwhile", async () => {
    const pid = dashboard.process.pid!;
    const endpoint = new URL(`${dashboard.url}/api/webhooks/marketplace`);
    // The route's first request loads its code: that memory is not the body's. (This dashboard has no webhook secret.)
    expect((await fetch(endpoint, { method: "POST", body: "{}" })).status).toBe(404);
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const attacks = Array.from({ length: 3 }, () => chunkedUpload(endpoint, 300 * 1024 * 1024));
    const meanwhile = await fetch(`${dashboard.url}/api/health`);
    const answers = await Promise.all(attacks);
    clearInterval(sampler);
    expect(meanwhile.status).toBe(200);
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.sentBeforeAnswer).toBeLessThan(300 * 1024 * 1024);
      // The dashboard closed the connection rather than take the rest.
      expect(answer.sent).toBeLessThan(300 * 1024 * 1024);
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining("at most 64 kB") });
    }
    console.log(
      "ATTACK",
      before,
      peak,
      answers.map((a) => [a.sentBeforeAnswer, a.sent]),
    );
    expect(peak - before).toBeLessThan(20);
    expect((await fetch(`${dashboard.url}/api/health`)).status).toBe(200);
  });

  it("answers a 256 MB chunked POST to next-auth's endpoints with 413, within 64 MB of memory, and signs in after", async () => {
    const pid = dashboard.process.pid!;
    const endpoint = new URL(`${dashboard.url}/api/auth/signin/marketplace`);
    // The route's first request loads its code: that memory is not the body's.
    await fetch(endpoint, { method: "POST", body: "csrfToken=x" });
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const answer = await chunkedUpload(endpoint, 256 * 1024 * 1024, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    clearInterval(sampler);
    // Next's pass through proxy.ts reads the body to its end (keeping at most its first 10 MB) before the route runs,
    // so the answer comes once it is sent; the route then reads 16 kB of it and next-auth none.
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: "This sign-in request is larger than the 16 kB the dashboard accepts. Start again from the sign-in page.",
    });
    expect(peak - before).toBeLessThan(64);
    await signIn(dashboard.url);
  });

  it("answers a server action streamed without a Content-Length with 411 and stores nothing", async () => {
    const ada = await signIn(dashboard.url);
    const watched = await watchListing(ADA_LISTING);
    const bytes = new TextEncoder().encode(oversized);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const response = await callAction("updatePersonalizationAction", [], ada.cookieHeader(dashboard.url), {}, stream);
    expect(response.status).toBe(411);
    expect(JSON.parse(response.text)).toEqual({ error: expect.stringContaining("no Content-Length") });
    await watched.expectNothingWritten();
  });

  const malformed: Array<[string, string]> = [
    ["a body that is not JSON", "{listingId: 1"],
    ["an empty body", ""],
    ["a body 5,000 levels deep", deep(5000)],
    ["the React reference marker $Q1", JSON.stringify([{ listingId: ADA_LISTING, question: "$Q1" }])],
    ["the React reference marker $h1", JSON.stringify(["$h1"])],
  ];
  for (const [what, body] of malformed) {
    it(`refuses a server action with ${what} with 400 and a sentence, and stores nothing`, async () => {
      const ada = await signIn(dashboard.url);
      const watched = await watchListing(ADA_LISTING);
      const response = await callAction("updatePersonalizationAction", [], ada.cookieHeader(dashboard.url), {}, body);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text)).toEqual({ error: expect.stringContaining("could not read this request") });
      await watched.expectNothingWritten();
    });
  }

  it("answers a server action from the opaque null Origin with 403", async () => {
    const ada = await signIn(dashboard.url);
    const since = lastRequestId();
    const { status, text } = await updatePersonalization(ada.cookieHeader(dashboard.url), ADA_LISTING, question, {
      origin: "null",
    });
    expect(status).toBe(403);
    expect(JSON.parse(text)).toEqual({ error: expect.stringContaining("came from another site") });
    expect(requestsSince(since).filter((entry) => entry.path.endsWith("/personalization"))).toEqual([]);
  });

  it("still runs the action when its Origin is the dashboard's own", async () => {
    const ada = await signIn(dashboard.url);
    const { status, result } = await updatePersonalization(
      ada.cookieHeader(dashboard.url),
      ADA_LISTING,
      { ...question, instructions: "Same origin" },
      { origin: dashboard.url },
    );
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true });
  });

  for (const forged of ["javascript:alert(1)", "not a url", "%E0%A4%A"]) {
    it(`answers the auth callback with a forged callback-url cookie ${JSON.stringify(forged)} with a 400 sign-in error page`, async () => {
      const { browser, callback } = await consentedBrowser(dashboard.url);
      const cookie = `${browser
        .cookieHeader(dashboard.url)
        .split("; ")
        .filter((pair) => !pair.startsWith("authjs.callback-url="))
        .join("; ")}; authjs.callback-url=${forged.startsWith("%") ? forged : encodeURIComponent(forged)}`;
      const response = await fetch(callback.toString(), { redirect: "manual", headers: { cookie } });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(
        "The sign-in could not be completed because one of its cookies was altered. Start again from the sign-in page.",
      );
      expect(response.headers.getSetCookie().some((set) => set.startsWith("authjs.session-token="))).toBe(false);
      for (const path of ["/api/auth/session", "/api/auth/csrf", "/api/auth/providers"]) {
        expect({ path, status: (await fetch(`${dashboard.url}${path}`, { headers: { cookie } })).status }).toEqual({
          path,
          status: 400,
        });
      }
    });
  }
});

describe("a nonce-based CSP", () => {
  const scriptSrc = (response: Response) =>
    (response.headers.get("content-security-policy") ?? "")
      .split("; ")
      .find((directive) => directive.startsWith("script-src")) ?? "";

  it("allows scripts by a fresh nonce per response and 'strict-dynamic', never 'unsafe-inline', on every page", async () => {
    const browser = await signIn(dashboard.url);
    const nonces = new Set<string>();
    for (const [path, cookie] of [
      ["/sign-in", ""],
      ["/no-such-page", ""],
      ["/listings", browser.cookieHeader(dashboard.url)],
      [`/listings/${ADA_LISTING}`, browser.cookieHeader(dashboard.url)],
    ] as const) {
      const response = await fetch(`${dashboard.url}${path}`, { headers: { cookie } });
      const directive = scriptSrc(response);
      expect({ path, directive }).toEqual({
        path,
        directive: expect.stringMatching(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'$/),
      });
      const nonce = /'nonce-([^']+)'/.exec(directive)?.[1] ?? "";
      nonces.add(nonce);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts)
        expect({ path, tag }).toEqual({ path, tag: expect.stringContaining(`nonce="${nonce}"`) });
    }
    expect(nonces.size).toBe(4);
  });
});

describe("invisible and direction-changing characters: the dashboard's actions refuse what its forms refuse", () => {
  const hidden = { instructions: "Name to engrave \u202Edesrever\u0000", maxAllowedCharacters: 9, required: true };
  const sentence =
    "Remove the invisible or direction-changing characters (U+202E RIGHT-TO-LEFT OVERRIDE, U+0000 NULL): buyers would not see them, or they would change the order of what buyers read. Retype the text or paste it as plain text.";

  it("updatePersonalizationAction answers with the field's reason and writes nothing", async () => {
    const ada = await signIn(dashboard.url);
    const watched = await watchListing(ADA_LISTING);
    const { result } = await updatePersonalization(ada.cookieHeader(dashboard.url), ADA_LISTING, hidden);
    expect(result).toEqual({
      ok: false,
      formError: "Some fields need attention: see the message next to each one.",
      fieldErrors: { instructions: sentence },
    });
    await watched.expectNothingWritten();
  });

  it("planChangeAction answers with the field's reason and plans nothing", async () => {
    const ada = await signIn(dashboard.url);
    const plans = () => {
      const db = new Sqlite(join(scratch, "dashboard.db"), { readonly: true });
      const count = db.prepare("SELECT COUNT(*) FROM change_plans").pluck().get();
      db.close();
      return count;
    };
    const plansBefore = plans();
    const { result } = await callAction(
      "planChangeAction",
      [
        {
          selection: { kind: "listings", listingIds: [ADA_LISTING] },
          change: { kind: "text-instructions", instructions: hidden.instructions },
        },
      ],
      ada.cookieHeader(dashboard.url),
    );
    expect(result).toEqual({
      ok: false,
      formError: "Some fields need attention: see the message next to each one.",
      fieldErrors: { instructions: sentence },
    });
    expect(plans()).toBe(plansBefore);
  });

  const rows = (table: string) => {
    const db = new Sqlite(join(scratch, "dashboard.db"), { readonly: true });
    const count = db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();
    db.close();
    return count;
  };

  it("planHealthFixAction answers with the field's reason and plans nothing", async () => {
    const ada = await signIn(dashboard.url);
    const plansBefore = rows("change_plans");
    for (const fix of [
      { finding: "required-without-instructions", fix: "add-instructions", instructions: hidden.instructions },
      { finding: "no-question", fix: "add-question", title: "Name", instructions: hidden.instructions, limit: 20 },
    ]) {
      const { result } = await callAction("planHealthFixAction", [fix], ada.cookieHeader(dashboard.url));
      expect(result).toEqual({
        ok: false,
        formError: "Some fields need attention: see the message next to each one.",
        fieldErrors: { instructions: sentence },
      });
    }
    expect(rows("change_plans")).toBe(plansBefore);
  });

  it("saveTemplateAction answers with the field's reason and keeps no template", async () => {
    const ada = await signIn(dashboard.url);
    const templatesBefore = rows("question_templates");
    const { result } = await callAction(
      "saveTemplateAction",
      [{ name: "Hidden", question: hidden }],
      ada.cookieHeader(dashboard.url),
    );
    expect(result).toEqual({
      ok: false,
      formError: "Some fields need attention: see the message next to each one.",
      fieldErrors: { instructions: sentence },
    });
    expect(rows("question_templates")).toBe(templatesBefore);
  });
});
