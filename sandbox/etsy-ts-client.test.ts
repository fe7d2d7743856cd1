import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AxiosStatic } from "axios";
import { Etsy, type ISecurityDataStorage, type SecurityDataFilter, type Tokens } from "etsy-ts";
import { PHASES } from "./phases.js";
import { DEMO_APP } from "./store/seed.js";
import { advanceClock, authorizeInBrowser } from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

// A third-party client, etsy-ts 8.0.1, driven against the sandbox unchanged: no paramsSerializer (axios sends arrays as
// includes[]=a&includes[]=b, read as the same list: docs/marketplace.md §10) and only its host pointed at the sandbox.
// Its token refresh posts to a hard-coded https://api.etsy.com, so an interceptor on the axios etsy-ts itself loads
// points that host at the sandbox too.
const sandbox = useSeededSandbox({ phase: PHASES[PHASES.length - 1] });

const LIVE_API = "https://api.etsy.com";
const axios = createRequire(createRequire(import.meta.url).resolve("etsy-ts"))("axios") as AxiosStatic;
let redirect: number | undefined;
beforeAll(() => {
  redirect = axios.interceptors.request.use((config) => {
    if (config.url?.startsWith(LIVE_API)) config.url = `${sandbox.url}${config.url.slice(LIVE_API.length)}`;
    return config;
  });
});
afterAll(() => {
  if (redirect !== undefined) axios.interceptors.request.eject(redirect);
});

/** What an integrator keeps per seller: etsy-ts reads the tokens here before each call and writes them after a refresh. */
class TokenStore implements ISecurityDataStorage {
  readonly tokens = new Map<number, Tokens>();
  async storeAccessToken(filter: SecurityDataFilter, tokens: Tokens) {
    this.tokens.set(filter.etsyUserId, tokens);
  }
  async findAccessToken(filter: SecurityDataFilter) {
    return this.tokens.get(filter.etsyUserId);
  }
}

const client = (store: TokenStore) =>
  new Etsy(
    { apiKey: DEMO_APP.keystring, sharedSecret: DEMO_APP.shared_secret, securityDataStorage: store },
    { baseURL: sandbox.url },
  );

/** The authorization code flow in the browser, then the code exchange as etsy-ts's README shows it (axios, JSON). */
async function signIn(store: TokenStore) {
  const { redirect: back, pkce, params } = await authorizeInBrowser(sandbox.url);
  const exchanged = await axios.post(`${LIVE_API}/v3/public/oauth/token`, {
    grant_type: "authorization_code",
    client_id: DEMO_APP.keystring,
    redirect_uri: params.redirect_uri,
    code: back.searchParams.get("code"),
    code_verifier: pkce.verifier,
  });
  const userId = Number(String(exchanged.data.access_token).split(".")[0]);
  await store.storeAccessToken(
    { etsyUserId: userId },
    {
      accessToken: exchanged.data.access_token,
      refreshToken: exchanged.data.refresh_token,
      expiresIn: exchanged.data.expires_in,
      tokenType: exchanged.data.token_type,
    },
  );
  return userId;
}

describe("etsy-ts 8.0.1 against the sandbox", () => {
  it("signs in, reads the seller and their shop, and refreshes the token by itself once it expires", async () => {
    const store = new TokenStore();
    const etsyUserId = await signIn(store);
    const etsy = client(store);
    const me = (await etsy.User.getMe({ etsyUserId })).data;
    expect(me).toEqual({ user_id: etsyUserId, shop_id: expect.any(Number) });
    const shop = (await etsy.Shop.getShop(me.shop_id as number)).data;
    expect(shop).toMatchObject({ shop_id: me.shop_id, user_id: etsyUserId, listing_active_count: expect.any(Number) });

    const before = store.tokens.get(etsyUserId);
    await advanceClock(sandbox.url, 3601);
    expect((await etsy.User.getMe({ etsyUserId })).data.user_id).toBe(etsyUserId);
    const after = store.tokens.get(etsyUserId);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
  });

  it("reads listings with includes as axios sends them, includes[]=Images&includes[]=Personalization", async () => {
    const store = new TokenStore();
    const etsyUserId = await signIn(store);
    const shopId = await shopOf(store, etsyUserId);
    const page = (
      await client(store).ShopListing.getListingsByShop(
        { shopId, includes: ["Images", "Personalization"] },
        { etsyUserId },
      )
    ).data;
    expect(page.count).toBeGreaterThan(0);
    const [first] = page.results ?? [];
    expect(first?.images?.[0]?.url_75x75).toMatch(/^http:\/\/localhost:\d+\/images\/\d+\/il_75x75\.svg$/);
    expect(first?.personalization?.personalization_questions).toEqual(expect.any(Array));
  });

  it("writes a listing's question and removes it", async () => {
    const store = new TokenStore();
    const etsyUserId = await signIn(store);
    const etsy = client(store);
    const shopId = await shopOf(store, etsyUserId);
    const listingId = 1_000_000_002;
    const written = await etsy.ShopListingPersonalization.updateListingPersonalization(
      { shopId, listingId },
      {
        personalization_questions: [
          {
            question_type: "text_input",
            question_text: "Personalization",
            instructions: "Initials to stitch.",
            required: true,
            max_allowed_characters: 3,
          },
        ],
      },
      { etsyUserId },
    );
    expect(written.status).toBe(201);
    expect(written.data.personalization_questions?.[0]).toMatchObject({ instructions: "Initials to stitch." });

    const removed = await etsy.ShopListingPersonalization.deleteListingPersonalization(shopId, listingId, {
      etsyUserId,
    });
    expect([removed.status, removed.data]).toEqual([204, ""]);
    expect((await etsy.ShopListingPersonalization.getListingPersonalization(listingId)).data).toEqual({
      personalization_questions: [],
    });
  });

  it("reads a priced question, edits it and writes it back as read, keeping its id and setting its add-on price", async () => {
    const store = new TokenStore();
    const etsyUserId = await signIn(store);
    const etsy = client(store);
    const shopId = await shopOf(store, etsyUserId);
    const listingId = 1_000_000_004;
    const read = async () =>
      (await etsy.ShopListingPersonalization.getListingPersonalization(listingId)).data.personalization_questions ?? [];

    const [priced] = await read();
    expect(priced).toMatchObject({ question_id: expect.any(Number), add_on_price: { amount: 250, divisor: 100 } });
    // As the OAS types it: an add-on price is written as a number of the shop's currency.
    const edited = { ...priced, instructions: "Initials and a date.", add_on_price: 3.5 };
    const written = await etsy.ShopListingPersonalization.updateListingPersonalization(
      { shopId, listingId },
      { personalization_questions: [edited] } as never,
      { etsyUserId },
    );
    expect(written.status).toBe(201);
    const expected = {
      ...priced,
      instructions: "Initials and a date.",
      add_on_price: { ...priced?.add_on_price, amount: 350 },
    };
    expect(written.data.personalization_questions).toEqual([expected]);

    const withDropdown = await etsy.ShopListingPersonalization.updateListingPersonalization(
      { shopId, listingId, supports_multiple_personalization_questions: true },
      {
        personalization_questions: [
          ...(await read()),
          { question_type: "dropdown", question_text: "Thread colour", required: true, options: [{ label: "Gold" }] },
        ],
      } as never,
      { etsyUserId },
    );
    expect(withDropdown.status).toBe(201);
    const after = await read();
    expect(after[0]).toEqual(expected);
    expect(after[1]).toMatchObject({
      question_type: "dropdown",
      options: [{ option_id: expect.any(Number), label: "Gold" }],
    });
  });
});

async function shopOf(store: TokenStore, etsyUserId: number) {
  const me = (await client(store).User.getMe({ etsyUserId })).data;
  return me.shop_id as number;
}
