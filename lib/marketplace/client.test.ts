import { beforeEach, describe, expect, it } from "vitest";
import { NAME_QUESTION, SIDES_QUESTION } from "../../test/harness/wire-questions";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { ADA, advanceClock, createSeller, sandboxControl, storedListing } from "../../test/harness/sandbox";
import { DEMO_APP } from "../../sandbox/store/seed";
import { openDatabase } from "../db/database";
import { tokenStore, type TokenStore } from "../tokens/token-store";
import { createMarketplace, type Marketplace } from "./client";
import { toWrite } from "../personalization/schema";
import type { MarketplaceConfig } from "./config";
import { marketplaceToday } from "./marketplace-date";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";

const sandbox = useSeededSandbox();
const ADA_LISTING = 1_000_000_001;
const SCOPES = ["listings_r", "listings_w", "shops_r"];

type Logged = {
  id: number;
  method: string;
  path: string;
  status: number;
  api_key: boolean;
  bearer_user: number | null;
  grant_type: string | null;
  client_auth: string | null;
};

async function log(): Promise<Logged[]> {
  return (await sandboxControl(sandbox.url, "/requests")).body.requests;
}

const refreshGrants = async () => (await log()).filter((entry) => entry.grant_type === "refresh_token");

let store: TokenStore;
let config: MarketplaceConfig;
let client: Marketplace;

async function signedIn(userId: number) {
  const tokens = await storeSellerTokens(store, sandbox.url, userId, SCOPES);
  await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
  return tokens;
}

const fault = (body: Record<string, unknown>) => sandboxControl(sandbox.url, "/faults", body);
const question = toWrite({ instructions: "Name to engrave", maxAllowedCharacters: 20, required: true });

beforeEach(async () => {
  store = tokenStore(await openDatabase(":memory:"));
  config = sandboxMarketplaceConfig(sandbox.url, { timeoutMs: 1000 });
  client = createMarketplace(config, store);
});

describe("marketplace client", () => {
  it("carries each listing's first image at 75x75 as its thumbnail, and none for a listing without images", async () => {
    await signedIn(ADA.user_id);
    const page = { limit: 100, offset: 0 };
    const active = await client.getListingsByShop(ADA.user_id, ADA.shop_id, { ...page, state: "active" });
    const drafts = await client.getListingsByShop(ADA.user_id, ADA.shop_id, { ...page, state: "draft" });
    if (!active.ok || !drafts.ok) throw new Error("listings read failed");
    const [first] = active.data.listings;
    expect(first?.thumbnail).toBe(`${sandbox.url}/images/${(first?.id ?? 0) * 10 + 1}/il_75x75.svg`);
    expect(drafts.data.listings.length).toBeGreaterThan(0);
    expect(drafts.data.listings.map((listing) => listing.thumbnail)).toEqual(drafts.data.listings.map(() => undefined));
  });

  it("sends the app's x-api-key and the seller's bearer token on every call", async () => {
    await signedIn(ADA.user_id);
    const result = await client.getListing(ADA.user_id, ADA_LISTING);
    expect(result).toMatchObject({ ok: true, data: { id: ADA_LISTING, shopId: ADA.shop_id, isPersonalizable: true } });
    const [entry] = await log();
    expect(entry).toMatchObject({
      method: "GET",
      path: `/v3/application/listings/${ADA_LISTING}`,
      status: 200,
      api_key: true,
      bearer_user: ADA.user_id,
      app: DEMO_APP.name,
    });
  });

  it("takes the marketplace's day from the Date header of its last answer, not from the machine's clock", async () => {
    await signedIn(ADA.user_id);
    const days = 40;
    await advanceClock(sandbox.url, days * 86_400);
    expect((await client.getListing(ADA.user_id, ADA_LISTING)).ok).toBe(true);
    expect(marketplaceToday()).toBe(new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
  });

  it("reads a page of listings with their personalization in one call", async () => {
    await signedIn(ADA.user_id);
    const result = await client.getListingsByShop(ADA.user_id, ADA.shop_id, { state: "active", limit: 25, offset: 0 });
    if (!result.ok) throw new Error(result.failure.kind);
    expect(result.data.count).toBe(15);
    expect(result.data.listings[0]?.questions[0]).toMatchObject({
      type: "text_input",
      title: "Personalization",
      required: true,
      maxAllowedCharacters: 12,
    });
    expect((await log()).filter((entry) => entry.path.endsWith("/listings"))).toHaveLength(1);
  });

  it("flags a listing whose legacy fields disagree with its question", async () => {
    await signedIn(ADA.user_id);
    const result = await client.getListing(ADA.user_id, 1_000_000_008);
    expect(result).toMatchObject({ ok: true, data: { legacyDisagrees: true } });
    const agreeing = await client.getListing(ADA.user_id, ADA_LISTING);
    expect(agreeing).toMatchObject({ ok: true, data: { legacyDisagrees: false } });
  });

  it("writes and deletes personalization, and the sandbox stores exactly that", async () => {
    await signedIn(ADA.user_id);
    const saved = await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, ADA_LISTING, question);
    expect(saved).toMatchObject({
      ok: true,
      data: [{ instructions: "Name to engrave", maxAllowedCharacters: 20, required: true }],
    });
    expect((await storedListing(sandbox.url, ADA_LISTING)).personalization.personalization_questions[0]).toMatchObject({
      instructions: "Name to engrave",
      max_allowed_characters: 20,
      required: true,
    });
    expect(await client.deleteListingPersonalization(ADA.user_id, ADA.shop_id, ADA_LISTING)).toEqual({
      ok: true,
      data: undefined,
    });
    expect(await storedListing(sandbox.url, ADA_LISTING)).toMatchObject({
      is_personalizable: false,
      personalization: { personalization_questions: [] },
    });
  });

  it("maps a 400 to an invalid result naming the field", async () => {
    await signedIn(ADA.user_id);
    const bad = {
      personalization_questions: [{ ...question.personalization_questions[0], instructions: " leading space" }],
    };
    const result = await client.updateListingPersonalization(
      ADA.user_id,
      ADA.shop_id,
      ADA_LISTING,
      bad as typeof question,
    );
    expect(result).toEqual({
      ok: false,
      failure: {
        kind: "invalid",
        field: "personalization_questions[0].instructions",
        message: "personalization_questions[0].instructions: Start with a letter or a digit.",
      },
    });
  });

  it("maps another seller's listing to forbidden and a missing one to not found", async () => {
    const other = await createSeller(sandbox.url, { listings: 1 });
    await signedIn(other.user_id);
    const foreign = await client.updateListingPersonalization(
      other.user_id,
      other.shop_id as number,
      ADA_LISTING,
      question,
    );
    expect(foreign).toMatchObject({ ok: false, failure: { kind: "forbidden" } });
    expect(await client.getListing(other.user_id, 9_999_999_999)).toMatchObject({
      ok: false,
      failure: { kind: "not_found" },
    });
  });

  it("maps a token without listings_w to insufficient_scope", async () => {
    await storeSellerTokens(store, sandbox.url, ADA.user_id, ["listings_r", "shops_r"]);
    const result = await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, ADA_LISTING, question);
    expect(result).toEqual({ ok: false, failure: { kind: "insufficient_scope" } });
  });

  it("waits out a 429 with a short retry-after and then succeeds", async () => {
    await signedIn(ADA.user_id);
    await fault({ path: `/v3/application/listings/${ADA_LISTING}`, status: 429, retry_after: 1, times: 1 });
    const result = await client.getListing(ADA.user_id, ADA_LISTING);
    expect(result.ok).toBe(true);
    expect((await log()).map((entry) => entry.status)).toEqual([429, 200]);
  });

  it("gives up after bounded retries and reports the wait the marketplace asked for", async () => {
    await signedIn(ADA.user_id);
    await fault({ path: `/v3/application/listings/${ADA_LISTING}`, status: 429, retry_after: 1, times: 5 });
    expect(await client.getListing(ADA.user_id, ADA_LISTING)).toEqual({
      ok: false,
      failure: { kind: "rate_limited", retryAfter: 1 },
    });
    expect((await log()).length).toBe(3);
  });

  it("does not sleep through a retry-after longer than its bound", async () => {
    await signedIn(ADA.user_id);
    await fault({ path: `/v3/application/listings/${ADA_LISTING}`, status: 429, retry_after: 30 });
    expect(await client.getListing(ADA.user_id, ADA_LISTING)).toEqual({
      ok: false,
      failure: { kind: "rate_limited", retryAfter: 30 },
    });
    expect((await log()).length).toBe(1);
  });

  it("maps a 500 to unavailable and a reply slower than the time-out to timeout", async () => {
    await signedIn(ADA.user_id);
    await fault({ method: "POST", path: "/v3/application/shops/*", status: 500 });
    expect(await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, ADA_LISTING, question)).toEqual({
      ok: false,
      failure: { kind: "unavailable", status: 500 },
    });
    await fault({ path: `/v3/application/listings/${ADA_LISTING}`, delay_ms: 1500, status: 200 });
    expect(await client.getListing(ADA.user_id, ADA_LISTING)).toEqual({ ok: false, failure: { kind: "timeout" } });
  });

  it("maps an unreachable marketplace to unavailable", async () => {
    await signedIn(ADA.user_id);
    const down = createMarketplace({ ...config, apiUrl: "http://localhost:9" }, store);
    expect(await down.getListing(ADA.user_id, ADA_LISTING)).toEqual({ ok: false, failure: { kind: "unavailable" } });
  });
});

describe("seller tokens", () => {
  it("refreshes after the marketplace says the access token expired, once, and retries the call", async () => {
    const first = await signedIn(ADA.user_id);
    await advanceClock(sandbox.url, 3700);
    const result = await client.getListing(ADA.user_id, ADA_LISTING);
    expect(result.ok).toBe(true);
    expect((await log()).map((entry) => [entry.path, entry.status])).toEqual([
      [`/v3/application/listings/${ADA_LISTING}`, 401],
      ["/v3/public/oauth/token", 200],
      [`/v3/application/listings/${ADA_LISTING}`, 200],
    ]);
    const stored = await store.read(ADA.user_id);
    expect(stored?.accessToken).not.toBe(first.access_token);
    expect(stored?.refreshToken).not.toBe(first.refresh_token);
    expect(stored?.scopes).toEqual(SCOPES);
  });

  it("refreshes before a call when the stored token is about to expire", async () => {
    await signedIn(ADA.user_id);
    const stored = await store.read(ADA.user_id);
    await store.save({ ...stored!, accessExpiresAt: Date.now() + 10_000 });
    expect((await client.getListing(ADA.user_id, ADA_LISTING)).ok).toBe(true);
    expect((await log()).map((entry) => entry.status)).toEqual([200, 200]);
    expect(await refreshGrants()).toHaveLength(1);
  });

  it("sends the refresh grant as a public client: client_id in the body, no secret, no Basic header", async () => {
    await signedIn(ADA.user_id);
    await advanceClock(sandbox.url, 3700);
    await client.getListing(ADA.user_id, ADA_LISTING);
    expect(await refreshGrants()).toEqual([
      expect.objectContaining({ status: 200, client_auth: "none", app: DEMO_APP.name }),
    ]);
  });

  it("keeps the seller signed in when a refresh's answer is lost: it tries once more and the call goes through", async () => {
    const first = await signedIn(ADA.user_id);
    await advanceClock(sandbox.url, 3700);
    // The first refresh reaches the marketplace only after the client gave up on it (time-out 1 s).
    await fault({ method: "POST", path: "/v3/public/oauth/token", delay_ms: 2500 });
    const result = await client.getListing(ADA.user_id, ADA_LISTING);
    expect(result).toMatchObject({ ok: true, data: { id: ADA_LISTING } });
    const stored = await store.read(ADA.user_id);
    expect(stored?.refreshToken).not.toBe(first.refresh_token);
    // The delayed first request then arrives with the refresh token the retry already spent, and changes nothing.
    await expect
      .poll(async () => (await refreshGrants()).map((entry) => entry.status).sort(), { timeout: 10_000 })
      .toEqual([200, 400]);
    expect(await store.read(ADA.user_id)).toEqual(stored);
    expect((await client.getListing(ADA.user_id, ADA_LISTING)).ok).toBe(true);
  });

  it("spends the refresh token once when 20 calls arrive together after expiry", async () => {
    await signedIn(ADA.user_id);
    await advanceClock(sandbox.url, 3700);
    const results = await Promise.all(Array.from({ length: 20 }, () => client.getListing(ADA.user_id, ADA_LISTING)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await refreshGrants()).toHaveLength(1);
  });

  it("spends the refresh token once across two instances sharing one store", async () => {
    await signedIn(ADA.user_id);
    await advanceClock(sandbox.url, 3700);
    const second = createMarketplace(config, store);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => (n % 2 ? client : second).getListing(ADA.user_id, ADA_LISTING)),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await refreshGrants()).toHaveLength(1);
  });

  it("asks the seller to sign in again when the grant was revoked, and forgets the dead tokens", async () => {
    await signedIn(ADA.user_id);
    await sandboxControl(sandbox.url, "/revoke", { user_id: ADA.user_id });
    expect(await client.getListing(ADA.user_id, ADA_LISTING)).toEqual({
      ok: false,
      failure: { kind: "reauth", reason: "refresh_token is revoked" },
    });
    expect(await store.read(ADA.user_id)).toBeUndefined();
  });

  it("asks for sign-in when there are no tokens at all, without calling the marketplace", async () => {
    expect(await client.getListing(ADA.user_id, ADA_LISTING)).toEqual({ ok: false, failure: { kind: "reauth" } });
    expect(await log()).toHaveLength(0);
  });
});

describe("marketplace client in the later phases (docs/marketplace.md §9)", () => {
  const SEVERAL = [NAME_QUESTION, SIDES_QUESTION];

  async function giveSeveralQuestions(token: string) {
    const response = await fetch(
      `${sandbox.url}/v3/application/shops/${ADA.shop_id}/listings/${ADA_LISTING}/personalization?supports_multiple_personalization_questions=true`,
      {
        method: "POST",
        headers: {
          "x-api-key": `${DEMO_APP.keystring}:${DEMO_APP.shared_secret}`,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ personalization_questions: SEVERAL }),
      },
    );
    expect(response.status).toBe(201);
  }

  it("reads listings without the legacy fields after the deprecation", async () => {
    await sandboxControl(sandbox.url, "/phase", { phase: "post-deprecation" });
    await signedIn(ADA.user_id);
    const result = await client.getListing(ADA.user_id, ADA_LISTING);
    expect(result).toMatchObject({ ok: true, data: { id: ADA_LISTING, legacy: undefined, legacyDisagrees: false } });
  });

  it("reads several questions of the new types, and a single-question write over them gets the marketplace's 409 as a conflict", async () => {
    await sandboxControl(sandbox.url, "/phase", { phase: "multi-question" });
    const tokens = await signedIn(ADA.user_id);
    await giveSeveralQuestions(tokens.access_token);
    const read = await client.getListing(ADA.user_id, ADA_LISTING);
    expect(read.ok && read.data.questions).toEqual([
      expect.objectContaining({ type: "text_input", title: "Name", maxAllowedCharacters: 20 }),
      expect.objectContaining({
        type: "labeled_upload",
        title: "Photos",
        maxAllowedCharacters: null,
        maxAllowedFiles: 2,
        options: ["Front", "Back"],
      }),
    ]);
    const write = await client.updateListingPersonalization(ADA.user_id, ADA.shop_id, ADA_LISTING, question);
    expect(write).toMatchObject({
      ok: false,
      failure: { kind: "conflict", message: expect.stringContaining("supports_multiple_personalization_questions") },
    });
    const stored = await storedListing(sandbox.url, ADA_LISTING);
    expect(
      stored.personalization.personalization_questions.map((each: { question_text: string }) => each.question_text),
    ).toEqual(["Name", "Photos"]);
  });
});
