import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_SELLERS } from "./store/seed.js";
import {
  ADA,
  callApi,
  issueTokensFor,
  sandboxControl,
  storedListing,
  type HttpResult,
  type JsonBody,
  SEED_QUESTION,
  textQuestion,
  writeAdaQuestions,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

const sandbox = useSeededSandbox();

const BO = DEMO_SELLERS.bo;
// Seed: Ada's first listing is active with one question; her second has none; the 21st is a draft.
const WITH_QUESTION = 1_000_000_001;
const WITHOUT_QUESTION = 1_000_000_002;
const ADA_DRAFT = 1_000_000_021;
const BO_LISTING = 2_000_000_001;

const LEGACY_OF_SEED_QUESTION = {
  is_personalizable: true,
  personalization_is_required: true,
  personalization_char_count_max: 12,
  personalization_instructions: "Enter the name to engrave, up to 12 letters.",
};

const NO_LEGACY = {
  is_personalizable: false,
  personalization_is_required: false,
  personalization_char_count_max: null,
  personalization_instructions: null,
};

async function tokenOf(userId: number, scopes: string[]) {
  return (await issueTokensFor(sandbox.url, { user_id: userId, scopes })).access_token;
}

const adaToken = () => tokenOf(ADA.user_id, ["listings_r", "listings_w", "transactions_r", "shops_r"]);

function listingIn(result: HttpResult, listingId: number): JsonBody {
  expect(result.status).toBe(200);
  const listing = (result.body.results as JsonBody[]).find((item) => item.listing_id === listingId);
  expect(listing, `listing ${listingId} in the response`).toBeDefined();
  return listing;
}

function expectError(result: HttpResult, status: number, error: string) {
  expect(result.status).toBe(status);
  expect(result.body).toEqual({ error });
}

describe("the ten listing reads of docs/marketplace.md §4.3 return the legacy personalization fields", () => {
  const reads: Array<[string, string, boolean]> = [
    ["getListingsByShop", `shops/${ADA.shop_id}/listings`, true],
    ["getListingsByListingIds", `listings/batch?listing_ids=${WITH_QUESTION},${WITHOUT_QUESTION}`, false],
    // Newest first: the seed's first listing is further down than a first page of 25.
    ["findAllListingsActive", "listings/active?limit=100", false],
    ["findAllActiveListingsByShop", `shops/${ADA.shop_id}/listings/active`, false],
    ["getFeaturedListingsByShop", `shops/${ADA.shop_id}/listings/featured`, false],
    ["getListingsByShopSectionId", `shops/${ADA.shop_id}/shop-sections/listings?shop_section_ids=80001`, false],
    ["getListingsByShopReceipt", `shops/${ADA.shop_id}/receipts/60001/listings`, true],
    ["getListingsByShopReturnPolicy", `shops/${ADA.shop_id}/policies/return/90001/listings`, true],
  ];
  for (const [operation, path, needsToken] of reads) {
    it(`${operation} returns is_personalizable and the three legacy fields, and no personalization key`, async () => {
      const result = await callApi(sandbox.url, path, needsToken ? { token: await adaToken() } : {});
      const listing = listingIn(result, WITH_QUESTION);
      expect(listing).toMatchObject(LEGACY_OF_SEED_QUESTION);
      expect(listing).not.toHaveProperty("personalization");
      expect(result.body.count).toBeGreaterThanOrEqual(result.body.results.length);
    });
  }

  it("getListing returns the legacy fields and the base listing data", async () => {
    const result = await callApi(sandbox.url, `listings/${WITH_QUESTION}`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      listing_id: WITH_QUESTION,
      user_id: ADA.user_id,
      shop_id: ADA.shop_id,
      title: "Name necklace no. 1",
      description: expect.any(String),
      state: "active",
      quantity: expect.any(Number),
      url: expect.stringContaining(String(WITH_QUESTION)),
      price: { amount: 1500, divisor: 100, currency_code: "USD" },
      tags: ["handmade", "gift"],
      created_timestamp: expect.any(Number),
      updated_timestamp: expect.any(Number),
      ...LEGACY_OF_SEED_QUESTION,
    });
    expect(result.body).not.toHaveProperty("personalization");
  });

  it("returns false and nulls in the legacy fields of a listing without personalization", async () => {
    expect((await callApi(sandbox.url, `listings/${WITHOUT_QUESTION}`)).body).toMatchObject(NO_LEGACY);
  });

  it("getListingInventory with includes=Listing embeds the listing with its legacy fields", async () => {
    const result = await callApi(sandbox.url, `listings/${WITH_QUESTION}/inventory?includes=Listing`, {
      token: await adaToken(),
    });
    expect(result.status).toBe(200);
    expect(result.body.products).toHaveLength(1);
    expect(result.body.listing).toMatchObject({ listing_id: WITH_QUESTION, ...LEGACY_OF_SEED_QUESTION });
    expect(result.body.listing).not.toHaveProperty("personalization");
  });

  it("getListingInventory without includes=Listing has no listing key", async () => {
    const result = await callApi(sandbox.url, `listings/${WITH_QUESTION}/inventory`, { token: await adaToken() });
    expect(result.status).toBe(200);
    expect(result.body).not.toHaveProperty("listing");
  });

  it("getListingInventory is refused for another seller's listing", async () => {
    const result = await callApi(sandbox.url, `listings/${BO_LISTING}/inventory`, { token: await adaToken() });
    expectError(result, 403, `Listing ${BO_LISTING} does not belong to the user of this token.`);
  });

  it("getListingsByShopReceipt needs transactions_r", async () => {
    const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/60001/listings`, {
      token: await tokenOf(ADA.user_id, ["listings_r"]),
    });
    expect(result.status).toBe(403);
    expect(result.body.error).toBe("insufficient_scope");
  });

  it("getListingsByShopSectionId answers 400 without shop_section_ids", async () => {
    expectError(
      await callApi(sandbox.url, `shops/${ADA.shop_id}/shop-sections/listings`),
      400,
      "shop_section_ids must be a comma-separated list of section ids.",
    );
  });

  it("getFeaturedListingsByShop returns the featured listings in rank order", async () => {
    const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/featured`);
    expect(result.body.results.map((listing: JsonBody) => listing.featured_rank)).toEqual([1, 2, 3]);
  });

  it("returns legacy fields derived from the question after a write through the new endpoint", async () => {
    const token = await adaToken();
    const question = textQuestion({ instructions: "Your initials", required: false, max_allowed_characters: 3 });
    const written = await writeAdaQuestions(sandbox.url, token, WITHOUT_QUESTION, [question]);
    expect(written.status).toBe(201);
    expect((await callApi(sandbox.url, `listings/${WITHOUT_QUESTION}`)).body).toMatchObject({
      is_personalizable: true,
      personalization_is_required: false,
      personalization_char_count_max: 3,
      personalization_instructions: "Your initials",
    });
  });
});

describe("includes=personalization on the three reads of docs/marketplace.md §4.2", () => {
  const reads: Array<[string, (includes: string) => string, boolean]> = [
    ["getListingsByShop", (includes) => `shops/${ADA.shop_id}/listings?includes=${includes}`, true],
    ["getListing", (includes) => `listings/${WITH_QUESTION}?includes=${includes}`, false],
    [
      "getListingsByListingIds",
      (includes) => `listings/batch?listing_ids=${WITH_QUESTION},${WITHOUT_QUESTION}&includes=${includes}`,
      false,
    ],
  ];
  for (const [operation, path, needsToken] of reads) {
    for (const includes of ["personalization", "Personalization", "Images,PERSONALIZATION"]) {
      it(`${operation} adds the personalization object for includes=${includes}, keeping is_personalizable at listing level`, async () => {
        const result = await callApi(sandbox.url, path(includes), needsToken ? { token: await adaToken() } : {});
        expect(result.status).toBe(200);
        const listing = operation === "getListing" ? result.body : listingIn(result, WITH_QUESTION);
        expect(listing.personalization).toEqual({ personalization_questions: [SEED_QUESTION] });
        expect(listing).toMatchObject(LEGACY_OF_SEED_QUESTION);
        expect(listing.personalization).not.toHaveProperty("is_personalizable");
      });
    }
  }

  it("adds an empty personalization_questions array for a listing without personalization", async () => {
    const result = await callApi(sandbox.url, `listings/${WITHOUT_QUESTION}?includes=personalization`);
    expect(result.body.personalization).toEqual({ personalization_questions: [] });
    expect(result.body.is_personalizable).toBe(false);
  });

  it("accepts the language parameter beside includes on getListingsByShop", async () => {
    const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?includes=personalization&language=de`, {
      token: await adaToken(),
    });
    expect(listingIn(result, WITH_QUESTION).personalization.personalization_questions).toHaveLength(1);
  });

  const others: Array<[string, string]> = [
    ["findAllListingsActive", "listings/active?limit=100&includes=personalization"],
    ["findAllActiveListingsByShop", `shops/${ADA.shop_id}/listings/active?includes=personalization`],
    ["getFeaturedListingsByShop", `shops/${ADA.shop_id}/listings/featured?includes=personalization`],
    [
      "getListingsByShopSectionId",
      `shops/${ADA.shop_id}/shop-sections/listings?shop_section_ids=80001&includes=personalization`,
    ],
  ];
  for (const [operation, path] of others) {
    it(`${operation} ignores includes=personalization (not one of the three)`, async () => {
      expect(listingIn(await callApi(sandbox.url, path), WITH_QUESTION)).not.toHaveProperty("personalization");
    });
  }

  it("getListingInventory takes only includes=Listing (its one value in the OAS), and its listing has no personalization", async () => {
    const token = await adaToken();
    const refused = await callApi(sandbox.url, `listings/${WITH_QUESTION}/inventory?includes=Listing,Personalization`, {
      token,
    });
    expectError(refused, 400, "Invalid value (Listing,Personalization) for enum(Listing)");
    const result = await callApi(sandbox.url, `listings/${WITH_QUESTION}/inventory?includes=listing`, { token });
    expect(result.body.listing).not.toHaveProperty("personalization");
  });
});

describe("limit, offset, state and count (docs/marketplace.md §11)", () => {
  const boToken = () => tokenOf(BO.user_id, ["listings_r"]);

  it("counts every matching listing and returns 25 by default", async () => {
    const result = await callApi(sandbox.url, `shops/${BO.shop_id}/listings`, { token: await boToken() });
    expect(result.status).toBe(200);
    expect(result.body.count).toBe(240);
    expect(result.body.results).toHaveLength(25);
    expect(result.body.results[0].listing_id).toBe(BO_LISTING);
  });

  it("pages with limit 100 and offset 200", async () => {
    const result = await callApi(sandbox.url, `shops/${BO.shop_id}/listings?limit=100&offset=200`, {
      token: await boToken(),
    });
    expect(result.body.count).toBe(240);
    expect(result.body.results).toHaveLength(40);
    expect(result.body.results[0].listing_id).toBe(BO_LISTING + 200);
  });

  it("accepts limit 1 and offset 12000 (an empty page, same count)", async () => {
    const one = await callApi(sandbox.url, `shops/${BO.shop_id}/listings?limit=1`, { token: await boToken() });
    expect(one.body.results).toHaveLength(1);
    const far = await callApi(sandbox.url, `shops/${BO.shop_id}/listings?offset=12000`, { token: await boToken() });
    expect(far.status).toBe(200);
    expect(far.body).toEqual({ count: 240, results: [] });
  });

  for (const limit of ["0", "101", "-1"]) {
    it(`refuses limit=${limit} with 400`, async () => {
      expectError(
        await callApi(sandbox.url, `shops/${BO.shop_id}/listings?limit=${limit}`, { token: await boToken() }),
        400,
        "Limit must be a whole number from 1 to 100.",
      );
    });
  }

  it("refuses offset 12001 with the live service's message", async () => {
    expectError(
      await callApi(sandbox.url, `shops/${BO.shop_id}/listings?offset=12001`, { token: await boToken() }),
      400,
      "Offset provided is greater than the maximum offset allowed.",
    );
  });

  it("refuses a negative offset with 400", async () => {
    expectError(
      await callApi(sandbox.url, `listings/active?offset=-1`),
      400,
      "Offset must be a whole number from 0 to 12000.",
    );
  });

  it("applies the paging rules on the other list reads too", async () => {
    expectError(
      await callApi(sandbox.url, "listings/active?limit=101"),
      400,
      "Limit must be a whole number from 1 to 100.",
    );
    const paged = await callApi(sandbox.url, `shops/${BO.shop_id}/listings/active?limit=10&offset=235`);
    expect(paged.body.count).toBe(240);
    expect(paged.body.results).toHaveLength(5);
  });

  const states: Array<[string, number]> = [
    ["active", 240],
    ["inactive", 10],
    ["draft", 5],
    ["expired", 5],
    ["sold_out", 0],
  ];
  for (const [state, count] of states) {
    it(`filters getListingsByShop by state=${state}`, async () => {
      const result = await callApi(sandbox.url, `shops/${BO.shop_id}/listings?state=${state}&limit=100`, {
        token: await boToken(),
      });
      expect(result.status).toBe(200);
      expect(result.body.count).toBe(count);
      expect(result.body.results.every((listing: JsonBody) => listing.state === state)).toBe(true);
    });
  }

  for (const limit of ["ten", "2.5"]) {
    it(`refuses limit=${limit} with 400 as the live API words it`, async () => {
      expectError(
        await callApi(sandbox.url, `shops/${BO.shop_id}/listings?limit=${limit}`, { token: await boToken() }),
        400,
        "Expected int value for limit",
      );
    });
  }

  it("refuses an unknown state with 400 as the live API words it", async () => {
    expectError(
      await callApi(sandbox.url, `shops/${BO.shop_id}/listings?state=deleted`, { token: await boToken() }),
      400,
      "Invalid value (deleted) for enum(active, inactive, sold_out, draft, expired)",
    );
  });

  it("shows another seller's active listings but not their drafts", async () => {
    const token = await adaToken();
    expect((await callApi(sandbox.url, `shops/${BO.shop_id}/listings`, { token })).status).toBe(200);
    expectError(
      await callApi(sandbox.url, `shops/${BO.shop_id}/listings?state=draft`, { token }),
      403,
      `Only the owner of shop ${BO.shop_id} can list its draft listings.`,
    );
  });

  it("getListingsByShop needs a token with listings_r", async () => {
    expect((await callApi(sandbox.url, `shops/${BO.shop_id}/listings`)).status).toBe(401);
    const noScope = await callApi(sandbox.url, `shops/${BO.shop_id}/listings`, {
      token: await tokenOf(BO.user_id, ["shops_r"]),
    });
    expect(noScope.status).toBe(403);
    expect(noScope.body).toEqual({ error: "insufficient_scope", error_description: "Insufficient scope" });
  });

  it("getListingsByShop answers 404 for an unknown shop", async () => {
    expectError(
      await callApi(sandbox.url, "shops/99999/listings", { token: await adaToken() }),
      404,
      "Shop 99999 does not exist.",
    );
  });

  it("getListingsByListingIds refuses more than 100 ids and an empty list", async () => {
    const ids = Array.from({ length: 101 }, (_, index) => BO_LISTING + index).join(",");
    expectError(
      await callApi(sandbox.url, `listings/batch?listing_ids=${ids}`),
      400,
      "listing_ids accepts at most 100 ids.",
    );
    expectError(
      await callApi(sandbox.url, "listings/batch"),
      400,
      "listing_ids must be a comma-separated list of listing ids.",
    );
  });

  it("getListingsByListingIds returns exactly 100 ids", async () => {
    const ids = Array.from({ length: 100 }, (_, index) => BO_LISTING + index).join(",");
    const result = await callApi(sandbox.url, `listings/batch?listing_ids=${ids}`);
    expect(result.body.count).toBe(100);
    expect(result.body.results).toHaveLength(100);
  });
});

describe("visibility of non-active listings (docs/marketplace.md §2.6 listings_r)", () => {
  it("hides a draft from callers without a token", async () => {
    expectError(
      await callApi(sandbox.url, `listings/${ADA_DRAFT}`),
      404,
      `Listing ${ADA_DRAFT} does not exist or is not visible to this caller.`,
    );
  });

  it("shows a draft to its owner with listings_r", async () => {
    const result = await callApi(sandbox.url, `listings/${ADA_DRAFT}`, { token: await adaToken() });
    expect(result.status).toBe(200);
    expect(result.body.state).toBe("draft");
  });

  it("hides a draft from another seller", async () => {
    expect(
      (await callApi(sandbox.url, `listings/${ADA_DRAFT}`, { token: await tokenOf(BO.user_id, ["listings_r"]) }))
        .status,
    ).toBe(404);
  });

  it("leaves a hidden listing out of a batch read", async () => {
    const result = await callApi(sandbox.url, `listings/batch?listing_ids=${WITH_QUESTION},${ADA_DRAFT}`);
    expect(result.body.count).toBe(1);
    expect(result.body.results[0].listing_id).toBe(WITH_QUESTION);
  });

  it("answers 404 for a listing that does not exist", async () => {
    expectError(
      await callApi(sandbox.url, "listings/999"),
      404,
      "Listing 999 does not exist or is not visible to this caller.",
    );
  });
});

describe("createDraftListing (201) and updateListing (PATCH, PUT accepted)", () => {
  const draft = {
    title: "Hand-stamped spoon",
    description: "A spoon with your words.",
    quantity: "3",
    price: "12.50",
    tags: "spoon,gift",
  };

  it("creates a draft from a form body with 201 and no personalization", async () => {
    const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
      token: await adaToken(),
      form: draft,
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      listing_id: expect.any(Number),
      shop_id: ADA.shop_id,
      user_id: ADA.user_id,
      title: "Hand-stamped spoon",
      description: "A spoon with your words.",
      state: "draft",
      quantity: 3,
      price: { amount: 1250, divisor: 100, currency_code: "USD" },
      tags: ["spoon", "gift"],
      ...NO_LEGACY,
    });
    const stored = await storedListing(sandbox.url, result.body.listing_id);
    expect(stored.personalization).toEqual({ personalization_questions: [] });
  });

  for (const field of ["title", "description", "quantity", "price"]) {
    it(`refuses a draft without ${field} with 400 naming it`, async () => {
      const { [field]: _left, ...rest } = draft as Record<string, string>;
      expectError(
        await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, { token: await adaToken(), form: rest }),
        400,
        `${field}: is required.`,
      );
    });
  }

  it("refuses a quantity of 0", async () => {
    expectError(
      await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
        token: await adaToken(),
        form: { ...draft, quantity: "0" },
      }),
      400,
      "quantity: must be a whole number of at least 1.",
    );
  });

  it("refuses a body that is not form-encoded with 415", async () => {
    const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
      token: await adaToken(),
      body: "title=x",
      headers: { "content-type": "text/plain" },
    });
    expectError(result, 415, "Content-Type must be application/x-www-form-urlencoded.");
  });

  it("refuses to create a listing in another seller's shop with 403", async () => {
    expectError(
      await callApi(sandbox.url, `shops/${BO.shop_id}/listings`, { token: await adaToken(), form: draft }),
      403,
      `Shop ${BO.shop_id} does not belong to the user of this token.`,
    );
  });

  it("needs listings_w to create a listing", async () => {
    const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
      token: await tokenOf(ADA.user_id, ["listings_r"]),
      form: draft,
    });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ error: "insufficient_scope", error_description: "Insufficient scope" });
  });

  for (const method of ["PATCH", "PUT"]) {
    it(`updates a listing with ${method} and answers 200 with the listing`, async () => {
      const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${WITHOUT_QUESTION}`, {
        method,
        token: await adaToken(),
        form: { title: `Renamed by ${method}`, quantity: "9", state: "inactive" },
      });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({
        listing_id: WITHOUT_QUESTION,
        title: `Renamed by ${method}`,
        quantity: 9,
        state: "inactive",
      });
      expect((await storedListing(sandbox.url, WITHOUT_QUESTION)).title).toBe(`Renamed by ${method}`);
    });
  }

  it("refuses to update another seller's listing through one's own shop with 403", async () => {
    expectError(
      await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${BO_LISTING}`, {
        method: "PATCH",
        token: await adaToken(),
        form: { title: "Mine now" },
      }),
      403,
      `Listing ${BO_LISTING} does not belong to shop ${ADA.shop_id}.`,
    );
    expect((await storedListing(sandbox.url, BO_LISTING)).title).toBe("Bulk item 001");
  });

  it("refuses to update a listing in another seller's shop with 403", async () => {
    expectError(
      await callApi(sandbox.url, `shops/${BO.shop_id}/listings/${BO_LISTING}`, {
        method: "PATCH",
        token: await adaToken(),
        form: { title: "Mine now" },
      }),
      403,
      `Shop ${BO.shop_id} does not belong to the user of this token.`,
    );
  });

  it("answers 404 when updating a listing that does not exist", async () => {
    expectError(
      await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/999`, {
        method: "PATCH",
        token: await adaToken(),
        form: { title: "x" },
      }),
      404,
      "Listing 999 does not exist.",
    );
  });

  for (const field of [
    "personalization_is_required",
    "personalization_char_count_max",
    "personalization_instructions",
  ]) {
    it(`refuses the legacy field ${field} on createDraftListing with 400 naming it and the new endpoint`, async () => {
      const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
        token: await adaToken(),
        form: { ...draft, [field]: "1" },
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toMatch(new RegExp(`^${field}: `));
      expect(result.body.error).toContain("updateListingPersonalization");
      const count = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?state=draft`, {
        token: await adaToken(),
      });
      expect(count.body.count).toBe(4);
    });

    it(`refuses the legacy field ${field} on updateListing with 400 and changes nothing`, async () => {
      const before = await storedListing(sandbox.url, WITH_QUESTION);
      const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${WITH_QUESTION}`, {
        method: "PATCH",
        token: await adaToken(),
        form: { title: "Changed", [field]: "5" },
      });
      expect(result.status).toBe(400);
      expect(result.body.error).toMatch(new RegExp(`^${field}: this legacy field was deprecated on 2026-04-09`));
      expect(await storedListing(sandbox.url, WITH_QUESTION)).toEqual(before);
    });
  }

  it("removes personalization when updateListing sets is_personalizable=false (docs/marketplace.md §3.1 legacy path)", async () => {
    const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${WITH_QUESTION}`, {
      method: "PATCH",
      token: await adaToken(),
      form: { is_personalizable: "false" },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ listing_id: WITH_QUESTION, ...NO_LEGACY });
    expect((await storedListing(sandbox.url, WITH_QUESTION)).personalization).toEqual({
      personalization_questions: [],
    });
    const read = await callApi(sandbox.url, `listings/${WITH_QUESTION}/personalization`);
    expect(read.body).toEqual({ personalization_questions: [] });
  });

  it("refuses is_personalizable=true on a listing without a question", async () => {
    const result = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${WITHOUT_QUESTION}`, {
      method: "PATCH",
      token: await adaToken(),
      form: { is_personalizable: "true" },
    });
    expectError(
      result,
      400,
      "is_personalizable: add a question with updateListingPersonalization to make a listing personalizable.",
    );
  });
});

describe("listings the marketplace removed (docs/marketplace.md §18)", () => {
  const remove = (listingId: number) => sandboxControl(sandbox.url, `/listings/${listingId}/remove`, {});
  const pin = (phase: string | null) => sandboxControl(sandbox.url, "/phase", { phase });
  beforeEach(() => pin("eu-guarantees"));

  it("reads with state removed on every listing read, to its owner", async () => {
    const token = await adaToken();
    expect((await remove(WITH_QUESTION)).body.state).toBe("removed");
    const reads = [
      await callApi(sandbox.url, `listings/${WITH_QUESTION}?includes=Personalization`, { token }),
      await callApi(sandbox.url, `listings/${WITH_QUESTION}/inventory?includes=Listing`, { token }),
    ];
    expect(reads.map((read) => read.status)).toEqual([200, 200]);
    expect(reads[0]?.body.state).toBe("removed");
    expect(reads[0]?.body.personalization.personalization_questions).toHaveLength(1);
    expect(reads[1]?.body.listing.state).toBe("removed");
    const batch = await callApi(sandbox.url, `listings/batch?listing_ids=${WITH_QUESTION}`, { token });
    expect(listingIn(batch, WITH_QUESTION).state).toBe("removed");
    expect((await storedListing(sandbox.url, WITH_QUESTION)).state).toBe("removed");
  });

  it("is found by state=removed and left out of the active listings", async () => {
    const token = await adaToken();
    await remove(WITH_QUESTION);
    const removed = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?state=removed`, { token });
    expect(removed.body.count).toBe(1);
    expect(listingIn(removed, WITH_QUESTION).state).toBe("removed");
    const active = [
      await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?state=active&limit=100`, { token }),
      await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/active?limit=100`),
      await callApi(sandbox.url, `listings/active?limit=100`),
    ];
    for (const page of active) {
      expect(page.status).toBe(200);
      expect((page.body.results as JsonBody[]).map((listing) => listing.listing_id)).not.toContain(WITH_QUESTION);
    }
  });

  it("is hidden from everyone but its owner", async () => {
    await remove(WITH_QUESTION);
    expectError(
      await callApi(sandbox.url, `listings/${WITH_QUESTION}`),
      404,
      `Listing ${WITH_QUESTION} does not exist or is not visible to this caller.`,
    );
    expect((await callApi(sandbox.url, `listings/batch?listing_ids=${WITH_QUESTION}`)).body.count).toBe(0);
  });

  it("refuses every write with 404 and changes nothing", async () => {
    const token = await adaToken();
    await remove(WITH_QUESTION);
    const before = await storedListing(sandbox.url, WITH_QUESTION);
    const path = `shops/${ADA.shop_id}/listings/${WITH_QUESTION}`;
    const refusal = `Listing ${WITH_QUESTION} was removed by the marketplace and can no longer be changed.`;
    expectError(await callApi(sandbox.url, path, { method: "PATCH", token, form: { title: "Back" } }), 404, refusal);
    expectError(await callApi(sandbox.url, path, { method: "PUT", token, form: { title: "Back" } }), 404, refusal);
    expectError(
      await callApi(sandbox.url, `${path}/personalization`, { token, json: { personalization_questions: [] } }),
      404,
      refusal,
    );
    expectError(await callApi(sandbox.url, `${path}/personalization`, { method: "DELETE", token }), 404, refusal);
    expect(await storedListing(sandbox.url, WITH_QUESTION)).toEqual(before);
  });

  it("keeps the receipts that name it readable, and takes no new order", async () => {
    const token = await adaToken();
    const order = await sandboxControl(sandbox.url, "/orders", {
      listing_id: WITHOUT_QUESTION,
      buyer: { name: "Cy" },
    });
    expect(order.status).toBe(201);
    await remove(WITHOUT_QUESTION);
    const receipt = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${order.body.receipt_id}`, { token });
    expect(receipt.status).toBe(200);
    expect(receipt.body.transactions[0].listing_id).toBe(WITHOUT_QUESTION);
    const listings = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${order.body.receipt_id}/listings`, {
      token,
    });
    expect(listingIn(listings, WITHOUT_QUESTION).state).toBe("removed");
    const refused = await sandboxControl(sandbox.url, "/orders", { listing_id: WITHOUT_QUESTION });
    expect(refused.status).toBe(409);
  });

  it("refuses state=removed as an unknown state before 2026-09-21, pinned or by the clock", async () => {
    const token = await adaToken();
    const refusal = "Invalid value (removed) for enum(active, inactive, sold_out, draft, expired)";
    await pin("listing-fields-refused");
    expectError(await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?state=removed`, { token }), 400, refusal);
    await pin(null);
    await sandboxControl(sandbox.url, "/clock", { at: "2026-09-20T23:59:59Z" });
    expectError(await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?state=removed`, { token }), 400, refusal);
    await sandboxControl(sandbox.url, "/clock", { at: "2026-09-21" });
    expect((await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?state=removed`, { token })).body).toEqual({
      count: 0,
      results: [],
    });
    expectError(
      await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?state=deleted`, { token }),
      400,
      "Invalid value (deleted) for enum(active, inactive, sold_out, draft, expired, removed)",
    );
  });
});
