import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256 } from "./crypto.js";
import { DEMO_APP, DEMO_SELLERS } from "./store/seed.js";
import { listingPage, updateListingFields } from "./store/listing-store.js";
import {
  ADA,
  DEMO_REDIRECT_URI,
  advanceClock,
  authorizeInBrowser,
  callApi,
  issueTokensFor,
  obtainTokensInBrowser,
  pkcePair,
  sandboxControl,
  type HttpResult,
  type JsonBody,
  textQuestion,
  writeAdaQuestions,
  exchangeCode,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

// Reads follow every write: access tokens any write to SQLite, listing answers (kept in sandbox/store/listing-cache.ts)
// every write through the store's functions. Each test reads once, writes, and expects the next read to see it.
const sandbox = useSeededSandbox();

const WITH_QUESTION = 1_000_000_001;
const WITHOUT_QUESTION = 1_000_000_002;
const RECEIPT = 60001;

const getMe = (token: string) => callApi(sandbox.url, "users/me", { token });
const tokenHash = (token: string) => sha256(token);
const adaToken = async () =>
  (
    await issueTokensFor(sandbox.url, {
      user_id: ADA.user_id,
      scopes: ["listings_r", "listings_w", "transactions_r", "shops_r"],
    })
  ).access_token;

const demoAppId = () => sandbox.state.app(DEMO_APP.keystring)?.app_id;

const INVALID = { error: "invalid_token", error_description: "access token is invalid" };

async function usedToken() {
  const token = await adaToken();
  expect((await getMe(token)).status).toBe(200);
  return token;
}

describe("access tokens", () => {
  it("are refused once /__sandbox/revoke revokes them", async () => {
    const token = await usedToken();
    expect((await sandboxControl(sandbox.url, "/revoke", { user_id: ADA.user_id })).status).toBe(200);
    const me = await getMe(token);
    expect(me.status).toBe(401);
    expect(me.body).toEqual(INVALID);
  });

  it("are refused once their authorization code is replayed", async () => {
    const pkce = pkcePair();
    const { redirect } = await authorizeInBrowser(sandbox.url, { pkce });
    const exchange = () =>
      exchangeCode(sandbox.url, redirect.searchParams.get("code") ?? "", pkce.verifier, {
        redirect_uri: DEMO_REDIRECT_URI,
      });
    const first = await exchange();
    expect((await getMe(first.body.access_token)).status).toBe(200);
    expect((await exchange()).status).toBe(400);
    expect((await getMe(first.body.access_token)).status).toBe(401);
  });

  it("expire by the sandbox clock", async () => {
    const tokens = await obtainTokensInBrowser(sandbox.url);
    expect((await getMe(tokens.access_token)).status).toBe(200);
    await advanceClock(sandbox.url, 3600);
    expect((await getMe(tokens.access_token)).body).toEqual({
      error: "invalid_token",
      error_description: "access token is expired",
    });
  });

  it("are forgotten on reset, whose DELETE fires the triggers (a table with triggers is not truncated)", async () => {
    const token = await usedToken();
    expect((await sandboxControl(sandbox.url, "/reset", {})).status).toBe(200);
    expect((await getMe(token)).status).toBe(401);
  });

  it("follow any write to their row, UPDATE, DELETE or INSERT OR REPLACE", async () => {
    const db = sandbox.state.db;
    const token = await usedToken();
    db.prepare("UPDATE tokens SET app_id = app_id + 1 WHERE token_hash = ?").run(tokenHash(token));
    expect((await getMe(token)).status).toBe(401);

    const deleted = await usedToken();
    db.prepare("DELETE FROM tokens WHERE token_hash = ?").run(tokenHash(deleted));
    expect((await getMe(deleted)).status).toBe(401);

    const replaced = await usedToken();
    const expired =
      "INSERT OR REPLACE INTO tokens (token_hash, kind, app_id, user_id, scopes, expires_at) VALUES (?, 'access', ?, ?, '', 0)";
    db.prepare(expired).run(tokenHash(replaced), demoAppId(), ADA.user_id);
    expect((await getMe(replaced)).body).toEqual({
      error: "invalid_token",
      error_description: "access token is expired",
    });
  });

  it("include a token written after its hash was asked for", async () => {
    const token = `${ADA.user_id}.${randomBytes(32).toString("base64url")}`;
    expect((await getMe(token)).status).toBe(401);
    const live =
      "INSERT INTO tokens (token_hash, kind, app_id, user_id, scopes, expires_at) VALUES (?, 'access', ?, ?, 'shops_r', ?)";
    sandbox.state.db.prepare(live).run(tokenHash(token), demoAppId(), ADA.user_id, sandbox.state.now() + 60);
    expect((await getMe(token)).status).toBe(200);
  });

  it("read inside a transaction that is rolled back show the rolled-back row no more", async () => {
    const state = sandbox.state;
    const hash = tokenHash(await adaToken());
    expect(() =>
      state.db.transaction(() => {
        state.db.prepare("UPDATE tokens SET revoked = 1 WHERE token_hash = ?").run(hash);
        expect(state.accessToken(hash)?.revoked).toBe(1);
        throw new Error("roll back");
      })(),
    ).toThrow("roll back");
    expect(state.accessToken(hash)?.revoked).toBe(0);
  });
});

describe("listing reads", () => {
  const shopPage = (token: string, query = "includes=Personalization") =>
    callApi(sandbox.url, `shops/${ADA.shop_id}/listings?${query}`, { token });
  const listing = (listingId: number, query = "includes=Personalization") =>
    callApi(sandbox.url, `listings/${listingId}?${query}`);
  const inPage = (page: HttpResult, listingId: number): JsonBody =>
    page.body.results.find((result: JsonBody) => result.listing_id === listingId);

  it("show a personalization written through the API", async () => {
    const token = await adaToken();
    expect(inPage(await shopPage(token), WITHOUT_QUESTION)?.personalization.personalization_questions).toEqual([]);
    expect((await listing(WITHOUT_QUESTION)).body.is_personalizable).toBe(false);
    const question = textQuestion({ instructions: "Initials", required: false, max_allowed_characters: 3 });
    const written = await writeAdaQuestions(sandbox.url, token, WITHOUT_QUESTION, [question]);
    expect(written.status).toBe(201);
    const inShopPage = inPage(await shopPage(token), WITHOUT_QUESTION);
    expect(inShopPage?.personalization.personalization_questions).toEqual([expect.objectContaining(question)]);
    expect(inShopPage?.personalization_instructions).toBe("Initials");
    expect((await listing(WITHOUT_QUESTION)).body).toMatchObject({
      is_personalizable: true,
      personalization: { personalization_questions: [expect.objectContaining(question)] },
    });
  });

  const shopManager = (listingId: number, edit?: JsonBody) =>
    sandboxControl(sandbox.url, `/listings/${listingId}`, edit ?? {}, edit ? "PATCH" : "DELETE");

  it("show a Shop Manager edit and deletion", async () => {
    const active = () => callApi(sandbox.url, `shops/${ADA.shop_id}/listings/active`);
    const before = await active();
    expect((await listing(WITH_QUESTION)).status).toBe(200);
    expect((await shopManager(WITH_QUESTION, { title: "Retitled", personalization_questions: [] })).status).toBe(200);
    expect(inPage(await active(), WITH_QUESTION)?.title).toBe("Retitled");
    expect((await listing(WITH_QUESTION)).body).toMatchObject({
      title: "Retitled",
      personalization: { personalization_questions: [] },
    });
    expect((await shopManager(WITH_QUESTION)).status).toBe(204);
    expect((await active()).body.count).toBe(before.body.count - 1);
    expect((await listing(WITH_QUESTION)).status).toBe(404);
  });

  it("show updateListing's changes, and a state change in the Shop association of the shop's other listings", async () => {
    const token = await adaToken();
    const withShop = async () => (await listing(WITHOUT_QUESTION, "includes=Shop")).body;
    const before = await withShop();
    const updated = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${WITH_QUESTION}`, {
      token,
      method: "PATCH",
      form: { title: "Renamed", state: "inactive" },
    });
    expect(updated.status).toBe(200);
    expect((await listing(WITH_QUESTION)).status).toBe(404);
    expect((await shopPage(token, "state=inactive")).body.results.map((result: JsonBody) => result.title)).toContain(
      "Renamed",
    );
    expect((await withShop()).shop.listing_active_count).toBe(before.shop.listing_active_count - 1);
  });

  it("show a draft listing created through the API", async () => {
    const token = await adaToken();
    const drafts = () => shopPage(token, "state=draft");
    const before = (await drafts()).body.count;
    const created = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
      token,
      form: { quantity: "1", title: "New", description: "New", price: "5" },
    });
    expect(created.status).toBe(201);
    expect((await drafts()).body.count).toBe(before + 1);
  });

  it("show a listing added to a receipt (the receipt page reads the receipt's transactions)", async () => {
    const token = await adaToken();
    const receipt = () => callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${RECEIPT}/listings`, { token });
    expect((await receipt()).body.count).toBe(2);
    sandbox.state.db
      .prepare(
        "INSERT INTO transactions (receipt_id, shop_id, listing_id, title, quantity, price_amount, variations) VALUES (?, ?, ?, 'Added', 1, 100, '[]')",
      )
      .run(RECEIPT, ADA.shop_id, 1_000_000_003);
    expect((await receipt()).body.count).toBe(3);
  });

  it("answer per parameters: other ids, shops and pages answer their own", async () => {
    expect((await listing(WITH_QUESTION)).body.listing_id).toBe(WITH_QUESTION);
    expect((await listing(WITHOUT_QUESTION)).body.listing_id).toBe(WITHOUT_QUESTION);
    const page = (shopId: number, offset: number) =>
      callApi(sandbox.url, `shops/${shopId}/listings/active?limit=1&offset=${offset}`);
    const [first, second, bo] = [
      await page(ADA.shop_id, 0),
      await page(ADA.shop_id, 1),
      await page(DEMO_SELLERS.bo.shop_id, 0),
    ];
    expect(second.body.results[0].listing_id).not.toBe(first.body.results[0].listing_id);
    expect(bo.body.results[0].shop_id).toBe(DEMO_SELLERS.bo.shop_id);
  });

  it("follow the phase: the legacy fields go with it", async () => {
    const legacyShown = async () => "personalization_is_required" in (await listing(WITH_QUESTION, "")).body;
    expect(await legacyShown()).toBe(true);
    expect((await sandboxControl(sandbox.url, "/phase", { phase: "post-deprecation" })).status).toBe(200);
    expect(await legacyShown()).toBe(false);
  });

  it("follow the clock when no phase is pinned: its date past the deprecation takes the legacy fields away", async () => {
    const legacyShown = async () => "personalization_is_required" in (await listing(WITH_QUESTION, "")).body;
    expect((await sandboxControl(sandbox.url, "/phase", { phase: null })).status).toBe(200);
    expect((await sandboxControl(sandbox.url, "/clock", { at: "2026-03-01" })).status).toBe(200);
    expect(await legacyShown()).toBe(true);
    expect((await sandboxControl(sandbox.url, "/clock", { at: "2026-04-10" })).status).toBe(200);
    expect(await legacyShown()).toBe(false);
  });

  it("show the seed again after a reset", async () => {
    const original = (await listing(WITH_QUESTION)).body.title;
    expect((await shopManager(WITH_QUESTION, { title: "Retitled" })).status).toBe(200);
    expect((await listing(WITH_QUESTION)).body.title).toBe("Retitled");
    expect((await sandboxControl(sandbox.url, "/reset", {})).status).toBe(200);
    expect((await listing(WITH_QUESTION)).body.title).toBe(original);
  });

  it("read inside a transaction that is rolled back show the rolled-back title no more", () => {
    const db = sandbox.state.db;
    const view = { includes: [], legacy: false };
    const read = () =>
      JSON.stringify(
        listingPage(db, { where: "listing_id = ?", params: [WITH_QUESTION] }, view, { limit: 1, offset: 0 }),
      );
    const original = read();
    expect(() =>
      db.transaction(() => {
        updateListingFields(db, WITH_QUESTION, { title: "Rolled back" }, sandbox.state.now());
        expect(read()).toContain("Rolled back");
        throw new Error("roll back");
      })(),
    ).toThrow("roll back");
    expect(read()).toBe(original);
  });
});
