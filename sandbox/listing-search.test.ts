import { get } from "node:http";
import { describe, expect, it } from "vitest";
import { DEMO_SELLERS, TAXONOMY_IDS } from "./store/seed.js";
import { ADA, callApi, DEMO_API_KEY, issueTokensFor, sandboxControl, type JsonBody } from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

// docs/marketplace.md §11.6 and §10.4: the reads' filters, sorts and parameter checks as the live
// OAS documents them.
const sandbox = useSeededSandbox();

const BO = DEMO_SELLERS.bo;
const WITH_QUESTION = 1_000_000_001;
const adaToken = async () =>
  (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r", "transactions_r"] })).access_token;

const active = async (query: string) => {
  const answer = await callApi(sandbox.url, `listings/active?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { count: number; results: JsonBody[] };
};
const prices = (results: JsonBody[]) => results.map((listing) => listing.price.amount as number);
const created = (results: JsonBody[]) => results.map((listing) => listing.created_timestamp as number);
const descending = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! >= value);
const ascending = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! <= value);

describe("findAllListingsActive", () => {
  it("answers newest first by default", async () => {
    const { results } = await active("limit=100");
    expect(results.length).toBe(100);
    expect(descending(created(results))).toBe(true);
  });

  it("sorts on price either way, with every spelling of sort_order", async () => {
    for (const order of ["asc", "ascending", "up"])
      expect(ascending(prices((await active(`sort_on=price&sort_order=${order}&limit=100`)).results))).toBe(true);
    for (const order of ["desc", "descending", "down"])
      expect(descending(prices((await active(`sort_on=price&sort_order=${order}&limit=100`)).results))).toBe(true);
  });

  it("keeps score descending whatever sort_order says", async () => {
    expect(descending(created((await active("sort_on=score&sort_order=asc&limit=100")).results))).toBe(true);
  });

  it("filters on every word of keywords in the title, description or tags", async () => {
    const necklaces = await active("keywords=Necklace%20name&limit=100");
    expect(necklaces.count).toBeGreaterThan(0);
    for (const listing of necklaces.results) expect(listing.title).toMatch(/^Name necklace/);
    expect((await active("keywords=handmade&limit=1")).count).toBe((await active("limit=1")).count);
    expect((await active("keywords=necklace%20nowhere")).count).toBe(0);
    for (const wildcard of ["%25", "_", "%5C"]) expect((await active(`keywords=${wildcard}`)).count, wildcard).toBe(0);
  });

  it("filters on min_price and max_price, in the currency's units", async () => {
    const { count, results } = await active("min_price=20&max_price=21.5&limit=100");
    expect(count).toBeGreaterThan(0);
    for (const amount of prices(results)) expect(amount / 100).toBeGreaterThanOrEqual(20);
    for (const amount of prices(results)) expect(amount / 100).toBeLessThanOrEqual(21.5);
  });

  it("filters on taxonomy_id and shop_location (words of the location or its country code)", async () => {
    const prints = await active(`taxonomy_id=${TAXONOMY_IDS.prints}&limit=100`);
    expect(prints.count).toBeGreaterThan(0);
    for (const listing of prints.results) expect(listing.taxonomy_id).toBe(TAXONOMY_IDS.prints);
    for (const location of ["Lisbon", "portugal", "PT"]) {
      const inLisbon = await active(`shop_location=${location}&limit=100`);
      expect(inLisbon.count, location).toBe(15);
      for (const listing of inLisbon.results) expect(listing.shop_id).toBe(ADA.shop_id);
    }
    expect((await active("shop_location=Atlantis")).count).toBe(0);
  });

  it("refuses a price or taxonomy that is not a number, in the live API's words", async () => {
    for (const [query, error] of [
      ["min_price=cheap", "Expected float value for min_price"],
      ["taxonomy_id=prints", "Expected int value for taxonomy_id"],
      ["sort_on=title", "Invalid value (title) for enum(created, price, updated, score)"],
    ]) {
      const refused = await callApi(sandbox.url, `listings/active?${query}`);
      expect([refused.status, refused.body]).toEqual([400, { error }]);
    }
  });
});

describe("the other reads", () => {
  it("getListingsByShop keeps listing-id order unless asked, and honours sort_on/sort_order", async () => {
    const token = (await issueTokensFor(sandbox.url, { user_id: BO.user_id, scopes: ["listings_r"] })).access_token;
    const page = async (query: string) =>
      (await callApi(sandbox.url, `shops/${BO.shop_id}/listings?limit=100&${query}`, { token })).body.results;
    const ids = (await page("")).map((listing: JsonBody) => listing.listing_id as number);
    expect(ascending(ids)).toBe(true);
    expect(descending(prices(await page("sort_on=price")))).toBe(true);
    expect(ascending(created(await page("sort_on=created&sort_order=up")))).toBe(true);
  });

  it("getListingsByShopReturnPolicy answers every listing under the policy on one page, however many", async () => {
    const token = (await issueTokensFor(sandbox.url, { user_id: BO.user_id, scopes: ["listings_r"] })).access_token;
    const answer = await callApi(sandbox.url, `shops/${BO.shop_id}/policies/return/90002/listings?limit=5`, { token });
    expect(answer.body.count).toBe(260);
    expect(answer.body.results).toHaveLength(260);
  });

  it("getListingsByShopReceipt answers 404 for a receipt the shop does not have", async () => {
    const answer = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/60002/listings`, {
      token: await adaToken(),
    });
    expect([answer.status, answer.body]).toEqual([
      404,
      { error: `Receipt 60002 does not exist in shop ${ADA.shop_id}.` },
    ]);
  });

  it("serves the images from outside the API: no fault, no request-log entry, and 404 for an image a listing lacks", async () => {
    await sandboxControl(sandbox.url, "/faults", { status: 503, times: 1 });
    const image = await fetch(`${sandbox.url}/images/${WITH_QUESTION * 10 + 2}/il_170x135.svg`);
    expect([image.status, await image.text()]).toEqual([200, expect.stringContaining('width="170" height="135"')]);
    expect((await fetch(`${sandbox.url}/images/${WITH_QUESTION * 10 + 3}/il_75x75.svg`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/images/${WITH_QUESTION * 10 + 1}/il_75x75.png`)).status).toBe(404);
    const { requests } = (await sandboxControl(sandbox.url, "/requests")).body as { requests: { path: string }[] };
    expect(requests.filter((entry) => entry.path.startsWith("/images/"))).toEqual([]);
    expect((await sandboxControl(sandbox.url, "/faults")).body).toMatchObject({ faults: [expect.anything()] });
    await sandboxControl(sandbox.url, "/faults", undefined, "DELETE");
  });

  it("names its images under the host it was reached at, for each host a kept answer was read through", async () => {
    const imageOf = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const url = new URL(`${sandbox.url}/v3/application/listings/${WITH_QUESTION}?includes=Images`);
        get(url, { headers: { host, "x-api-key": DEMO_API_KEY } }, (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.on("end", () =>
            resolve((JSON.parse(text) as { images: { url_75x75: string }[] }).images[0]!.url_75x75),
          );
        }).on("error", reject);
      });
    const port = new URL(sandbox.url).port;
    expect(await imageOf(`localhost:${port}`)).toBe(
      `http://localhost:${port}/images/${WITH_QUESTION * 10 + 1}/il_75x75.svg`,
    );
    expect(await imageOf(`sandbox.example:${port}`)).toBe(
      `http://sandbox.example:${port}/images/${WITH_QUESTION * 10 + 1}/il_75x75.svg`,
    );
  });

  it("attaches the associations includes names, case-insensitive, in their documented shapes", async () => {
    const answer = await callApi(
      sandbox.url,
      `listings/${WITH_QUESTION}?includes=images,SHOP,User,translations,videos,buyerprice,Personalization`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.images[0]).toMatchObject({
      listing_id: WITH_QUESTION,
      rank: 1,
      url_75x75: `${sandbox.url}/images/${WITH_QUESTION * 10 + 1}/il_75x75.svg`,
      url_170x135: `${sandbox.url}/images/${WITH_QUESTION * 10 + 1}/il_170x135.svg`,
    });
    const thumbnail = await fetch(answer.body.images[0].url_75x75);
    expect([thumbnail.status, thumbnail.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
    expect(await thumbnail.text()).toContain('width="75" height="75"');
    expect(answer.body.shop).toMatchObject({ shop_id: ADA.shop_id, shop_name: ADA.shop_name });
    expect(answer.body.user).toMatchObject({ user_id: ADA.user_id, primary_email: ADA.email });
    expect(answer.body.translations["en-US"]).toMatchObject({ listing_id: WITH_QUESTION, title: answer.body.title });
    expect(answer.body.videos).toEqual(expect.any(Array));
    expect(answer.body.buyer_price.base_price).toEqual(answer.body.price);
    expect(answer.body.personalization.personalization_questions).toHaveLength(1);
    expect(answer.body).not.toHaveProperty("inventory");
  });

  it("refuses on getListing the associations only getListingsByShop takes (Inventory, Shipping)", async () => {
    const refused = await callApi(sandbox.url, `listings/${WITH_QUESTION}?includes=Images,Inventory`);
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        error:
          "Invalid value (Inventory) for enum(Images, Shop, User, Translations, Videos, Personalization, BuyerPrice)",
      },
    ]);
    const shopPage = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?includes=Inventory,Shipping&limit=1`, {
      token: await adaToken(),
    });
    expect(shopPage.body.results[0].inventory.products).toHaveLength(1);
    expect(shopPage.body.results[0].shipping_profile).toMatchObject({ origin_country_iso: "PT" });
  });
});

describe("array parameters (docs/marketplace.md §10)", () => {
  const read = async (path: string) => {
    const answer = await callApi(sandbox.url, path, { token: await adaToken() });
    return { status: answer.status, body: answer.body as JsonBody };
  };
  const ids = (body: JsonBody) => (body.results as JsonBody[]).map((listing) => listing.listing_id as number);
  const sections = `shops/${ADA.shop_id}/shop-sections/listings`;

  it("reads the bracket form as the comma-joined list, for ids and for includes", async () => {
    const joined = await read(`listings/batch?listing_ids=1000000001,1000000002&includes=Images,Personalization`);
    expect(ids(joined.body)).toEqual([1000000001, 1000000002]);
    expect(joined.body.results[0]).toHaveProperty("images");
    expect(joined.body.results[0]).toHaveProperty("personalization");
    const bracketed = await read(
      "listings/batch?listing_ids[]=1000000001&listing_ids[]=1000000002&includes[]=Images&includes[]=Personalization",
    );
    expect(bracketed).toEqual(joined);
    const encoded = await read(`${sections}?shop_section_ids%5B%5D=80001&shop_section_ids%5B%5D=80002`);
    expect(encoded).toEqual(await read(`${sections}?shop_section_ids=80001,80002`));
  });

  it("checks each value of a bracketed list as it checks the comma-joined one", async () => {
    const refused = await read(`listings/${WITH_QUESTION}?includes[]=Images&includes[]=Nonsense`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^Invalid value \(Nonsense\) for enum\(/);
    expect(refused).toEqual(await read(`listings/${WITH_QUESTION}?includes=Images,Nonsense`));
  });

  it("refuses the bracket form of a parameter that is not a list, naming it", async () => {
    expect(await read(`shops/${ADA.shop_id}/listings?limit[]=5`)).toEqual({
      status: 400,
      body: { error: "limit[]: limit is not an array parameter; send it once, as limit=<value>." },
    });
  });
});
