import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AxiosError, AxiosStatic } from "axios";
import { Etsy, type ISecurityDataStorage, type SecurityDataFilter, type Tokens } from "etsy-ts";
import { PHASES } from "./state.js";
import { DEMO_APP } from "./store/seed.js";
import { advanceClock, authorizeInBrowser, http, sandboxControl, type JsonBody } from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";
import type { OpenApiDocument } from "./api/routes.js";

// A third-party client, etsy-ts 8.0.1, driven against the sandbox with its base URL changed and nothing else patched:
// the worked example of docs/sandbox.md. Its token refresh posts to a hard-coded https://api.etsy.com, so the
// test points that host at the sandbox with an interceptor on the axios etsy-ts itself loads.
const sandbox = useSeededSandbox();

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

/** Array parameters as the live API reads them: one comma-joined value (axios writes includes[]=a&includes[]=b). */
function commaJoined(params: Record<string, unknown>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return query.toString();
}

const client = (store: TokenStore, options: { commaJoinedArrays?: boolean } = {}) =>
  new Etsy(
    { apiKey: DEMO_APP.keystring, sharedSecret: DEMO_APP.shared_secret, securityDataStorage: store },
    {
      baseURL: sandbox.url,
      ...(options.commaJoinedArrays ? { paramsSerializer: { serialize: commaJoined } } : {}),
    },
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

const refusal = async (call: Promise<unknown>) => {
  const error = (await call.then(
    () => undefined,
    (failure: AxiosError) => failure,
  )) as AxiosError<{ error: string }> | undefined;
  return { status: error?.response?.status, body: error?.response?.data };
};

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

  it("gets a 400 naming the bracket form for includes as axios writes it, and the listings once arrays are comma-joined", async () => {
    const store = new TokenStore();
    const etsyUserId = await signIn(store);
    const query = { shopId: await shopOf(store, etsyUserId), includes: ["Images", "Personalization"] as const };
    const refused = await refusal(
      client(store).ShopListing.getListingsByShop({ ...query, includes: [...query.includes] }, { etsyUserId }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body?.error).toContain("includes[]");

    const page = (
      await client(store, { commaJoinedArrays: true }).ShopListing.getListingsByShop(
        { ...query, includes: [...query.includes] },
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

  it("reads a question set, edits it and writes it back, keeping what the write schema lets it send back", async () => {
    const latest = PHASES[PHASES.length - 1];
    expect((await sandboxControl(sandbox.url, "/phase", { phase: latest })).status).toBe(200);
    const store = new TokenStore();
    const etsyUserId = await signIn(store);
    const etsy = client(store);
    const shopId = await shopOf(store, etsyUserId);
    const listingId = 1_000_000_004;
    const flag = { supports_multiple_personalization_questions: true };
    await etsy.ShopListingPersonalization.updateListingPersonalization(
      { shopId, listingId, ...flag },
      {
        personalization_questions: [
          ...(
            await etsy.ShopListingPersonalization.getListingPersonalization(listingId)
          ).data.personalization_questions!.map((question) => writable(question, fields)),
          {
            question_type: "dropdown",
            question_text: "Thread colour",
            required: true,
            options: [{ label: "Gold" }, { label: "Silver" }],
          },
        ],
      } as never,
      { etsyUserId },
    );

    const read = (await etsy.ShopListingPersonalization.getListingPersonalization(listingId)).data;
    const questions = read.personalization_questions ?? [];
    expect(questions.map((question) => question.question_type)).toEqual(["text_input", "dropdown"]);
    const edited = questions.map((question) =>
      question.question_type === "text_input" ? { ...question, instructions: "Name, up to 12 letters." } : question,
    );
    const written = await etsy.ShopListingPersonalization.updateListingPersonalization(
      { shopId, listingId, ...flag },
      { personalization_questions: edited.map((question) => writable(question, fields)) } as never,
      { etsyUserId },
    );
    expect(written.status).toBe(201);
    const after = written.data.personalization_questions ?? [];
    expect(after[0]).toMatchObject({ question_type: "text_input", instructions: "Name, up to 12 letters." });
    expect(after[1]?.options?.map((option) => option.label)).toEqual(["Gold", "Silver"]);
    // Ids and add-on prices come back only once the write schema takes them (docs/marketplace.md §13.5).
    if (fields.question.has("question_id"))
      expect(after.map((question) => question.question_id)).toEqual(questions.map((question) => question.question_id));
    if (fields.question.has("add_on_price"))
      expect(after.map((question) => question.add_on_price ?? null)).toEqual(
        questions.map((question) => question.add_on_price ?? null),
      );
  });
});

let fields: { question: Set<string>; option: Set<string> } = { question: new Set(), option: new Set() };
beforeAll(async () => {
  fields = await declaredWriteFields();
});

/** The question and option fields the sandbox's updateListingPersonalization declares it takes (its /openapi.json). */
async function declaredWriteFields() {
  const document = (await http(`${sandbox.url}/openapi.json`)).body as OpenApiDocument;
  const write = document.paths["/v3/application/shops/{shop_id}/listings/{listing_id}/personalization"]?.post as
    { requestBody?: unknown } | undefined;
  const question = new Set<string>();
  const option = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    const properties = (node as { properties?: Record<string, unknown> }).properties;
    if (properties && "question_type" in properties) for (const key of Object.keys(properties)) question.add(key);
    if (properties && "label" in properties) for (const key of Object.keys(properties)) option.add(key);
    for (const value of Object.values(node)) walk(value);
  };
  walk(write?.requestBody);
  return { question, option };
}

/** A read question as a write takes it: the declared fields, none of them null. */
function writable(question: JsonBody, declared: typeof fields) {
  const kept = Object.entries(question).filter(([key, value]) => declared.question.has(key) && value !== null);
  return Object.fromEntries(
    kept.map(([key, value]) =>
      key === "options"
        ? [
            key,
            (value as JsonBody[]).map((option) =>
              Object.fromEntries(Object.entries(option).filter(([name]) => declared.option.has(name))),
            ),
          ]
        : [key, value],
    ),
  );
}

async function shopOf(store: TokenStore, etsyUserId: number) {
  const me = (await client(store).User.getMe({ etsyUserId })).data;
  return me.shop_id as number;
}
