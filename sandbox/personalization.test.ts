import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_SELLERS } from "./store/seed.js";
import { ADA, callApi, issueTokensFor, storedListing, SEED_QUESTION, type ApiCall } from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

const sandbox = useSeededSandbox();
let token: string;

beforeEach(async () => {
  token = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r", "listings_w"] }))
    .access_token;
});

const BO = DEMO_SELLERS.bo;
const WITH_QUESTION = 1_000_000_001;
const WITHOUT_QUESTION = 1_000_000_002;
const ADA_DRAFT = 1_000_000_021;
const BO_LISTING = 2_000_000_001;

type QuestionInput = Record<string, unknown>;

const QUESTION = {
  question_type: "text_input",
  question_text: "Personalization",
  instructions: "Enter the name to stamp",
  required: true,
  max_allowed_characters: 20,
};

const path = (listingId: number, shopId: number = ADA.shop_id) =>
  `shops/${shopId}/listings/${listingId}/personalization`;

function post(json: unknown, listingId = WITH_QUESTION, extra: ApiCall = {}) {
  return callApi(sandbox.url, path(listingId), { token, json, ...extra });
}

function postQuestion(overrides: QuestionInput) {
  return post({ personalization_questions: [{ ...QUESTION, ...overrides }] });
}

function stored(question: QuestionInput) {
  const { instructions, ...rest } = { ...QUESTION, ...question };
  return {
    question_id: expect.any(Number),
    ...rest,
    instructions: instructions === "" || instructions === undefined ? null : instructions,
    max_allowed_files: null,
    options: null,
    add_on_price: null,
  };
}

describe("getListingPersonalization", () => {
  it("returns the listing's questions with 200, with only an API key", async () => {
    const result = await callApi(sandbox.url, `listings/${WITH_QUESTION}/personalization`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      personalization_questions: [SEED_QUESTION],
    });
  });

  it("returns an empty personalization_questions array when nothing is configured", async () => {
    const result = await callApi(sandbox.url, `listings/${WITHOUT_QUESTION}/personalization`);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ personalization_questions: [] });
  });

  it("answers 404 for a listing that does not exist", async () => {
    const result = await callApi(sandbox.url, "listings/999/personalization");
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ error: "Listing 999 does not exist or is not visible to this caller." });
  });

  it("shows a draft's personalization only to its owner", async () => {
    expect((await callApi(sandbox.url, `listings/${ADA_DRAFT}/personalization`)).status).toBe(404);
    const owner = await callApi(sandbox.url, `listings/${ADA_DRAFT}/personalization`, { token });
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ personalization_questions: [] });
  });

  it("needs the API key", async () => {
    const result = await callApi(sandbox.url, `listings/${WITH_QUESTION}/personalization`, { apiKey: null });
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ error: "Missing or invalid API key" });
  });
});

describe("updateListingPersonalization: accepted writes", () => {
  it("answers 201 with the stored personalization object, and GET returns the same", async () => {
    const result = await postQuestion({});
    expect(result.status).toBe(201);
    expect(result.body).toEqual({ personalization_questions: [stored({})] });
    const read = await callApi(sandbox.url, `listings/${WITH_QUESTION}/personalization`);
    expect(read.body).toEqual(result.body);
  });

  it("makes a listing without personalization personalizable", async () => {
    expect((await post({ personalization_questions: [QUESTION] }, WITHOUT_QUESTION)).status).toBe(201);
    const listing = await storedListing(sandbox.url, WITHOUT_QUESTION);
    expect(listing.is_personalizable).toBe(true);
    expect(listing.personalization).toEqual({ personalization_questions: [stored({})] });
  });

  it("replaces all previous personalization data (docs/marketplace.md §3.1)", async () => {
    const before = await storedListing(sandbox.url, WITH_QUESTION);
    const result = await post({
      personalization_questions: [
        { question_type: "text_input", question_text: "Personalization", required: false, max_allowed_characters: 5 },
      ],
    });
    expect(result.status).toBe(201);
    const after = await storedListing(sandbox.url, WITH_QUESTION);
    expect(after.personalization.personalization_questions).toEqual([
      stored({ instructions: undefined, required: false, max_allowed_characters: 5 }),
    ]);
    expect(after.personalization.personalization_questions[0].question_id).not.toBe(
      before.personalization.personalization_questions[0].question_id,
    );
    expect(after).toMatchObject({
      personalization_is_required: false,
      personalization_char_count_max: 5,
      personalization_instructions: null,
    });
  });

  it("accepts a draft listing made with createDraftListing", async () => {
    const created = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
      token,
      form: { title: "Draft", description: "D", quantity: "1", price: "5" },
    });
    expect(created.status).toBe(201);
    expect((await post({ personalization_questions: [QUESTION] }, created.body.listing_id)).status).toBe(201);
  });

  const accepted: Array<[string, QuestionInput]> = [
    ["instructions of exactly 256 characters", { instructions: `A${"b".repeat(255)}` }],
    ["256 characters counted as code points (an emoji is one)", { instructions: `A${"b".repeat(254)}🎁` }],
    ["instructions starting with a digit", { instructions: "3 letters, no spaces" }],
    ["instructions starting with a non-ASCII letter", { instructions: "Écrivez le prénom" }],
    ["2 consecutive all-caps words", { instructions: "PLEASE NOTE the date format" }],
    ["all-caps runs shorter than 3 letters, which are not words", { instructions: "OK GO UP TO IT" }],
    ["all-caps words separated by a lower-case word", { instructions: "USE ONLY the CAPS YOU need" }],
    ["no instructions", { instructions: undefined }],
    ["null instructions", { instructions: null }],
    ["empty instructions (stored as none)", { instructions: "" }],
    ["max_allowed_characters 1", { max_allowed_characters: 1 }],
    ["max_allowed_characters 1024", { max_allowed_characters: 1024 }],
    ["required false", { required: false }],
  ];
  for (const [what, overrides] of accepted) {
    it(`accepts ${what}`, async () => {
      const result = await postQuestion(overrides);
      expect(result.status).toBe(201);
      expect(result.body).toEqual({ personalization_questions: [stored(overrides)] });
    });
  }

  it("accepts a content type with a charset", async () => {
    const result = await post({ personalization_questions: [QUESTION] }, WITH_QUESTION, {
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(result.status).toBe(201);
  });
});

describe("updateListingPersonalization: every constraint refused with 400 <field>: <reason>, nothing stored", () => {
  const q = "personalization_questions[0]";
  const refused: Array<[string, unknown, string]> = [
    [
      "instructions of 257 characters",
      { instructions: `A${"b".repeat(256)}` },
      `${q}.instructions: Use at most 256 characters.`,
    ],
    [
      "instructions starting with a space",
      { instructions: " Enter the name" },
      `${q}.instructions: Start with a letter or a digit.`,
    ],
    [
      "instructions starting with punctuation",
      { instructions: "- Enter the name" },
      `${q}.instructions: Start with a letter or a digit.`,
    ],
    [
      "instructions starting with an emoji",
      { instructions: "🎁 Name" },
      `${q}.instructions: Start with a letter or a digit.`,
    ],
    [
      "3 consecutive all-caps words",
      { instructions: "PLEASE NOTE THIS date" },
      `${q}.instructions: Do not write 3 or more words in a row in capitals (a word is 3 or more letters).`,
    ],
    [
      "3 all-caps words with a short word between them",
      { instructions: "Note: USE ALL OF CAPS" },
      `${q}.instructions: Do not write 3 or more words in a row in capitals (a word is 3 or more letters).`,
    ],
    ["instructions that are not a string", { instructions: 12 }, `${q}.instructions: must be a string`],
    ["max_allowed_characters 0", { max_allowed_characters: 0 }, `${q}.max_allowed_characters: must be at least 1`],
    [
      "max_allowed_characters 1025",
      { max_allowed_characters: 1025 },
      `${q}.max_allowed_characters: must be at most 1024`,
    ],
    [
      "max_allowed_characters 1.5",
      { max_allowed_characters: 1.5 },
      `${q}.max_allowed_characters: must be a whole number from 1 to 1024`,
    ],
    [
      "max_allowed_characters as a string",
      { max_allowed_characters: "20" },
      `${q}.max_allowed_characters: must be a whole number from 1 to 1024`,
    ],
    [
      "max_allowed_characters missing",
      { max_allowed_characters: undefined },
      `${q}.max_allowed_characters: must be a whole number from 1 to 1024`,
    ],
    ["required that is not a boolean", { required: "true" }, `${q}.required: must be true or false`],
    ["required missing", { required: undefined }, `${q}.required: must be true or false`],
    [
      "a question_type other than text_input",
      { question_type: "dropdown" },
      `${q}.question_type: must be "text_input" during the migration period`,
    ],
    [
      "question_type missing",
      { question_type: undefined },
      `${q}.question_type: must be "text_input" during the migration period`,
    ],
    [
      "a question_text other than Personalization",
      { question_text: "Your name" },
      `${q}.question_text: must be "Personalization" during the migration period`,
    ],
    [
      "question_text in another case",
      { question_text: "personalization" },
      `${q}.question_text: must be "Personalization" during the migration period`,
    ],
  ];
  for (const [what, overrides, error] of refused) {
    it(`refuses ${what}`, async () => {
      const before = await storedListing(sandbox.url, WITH_QUESTION);
      const result = await postQuestion(overrides as QuestionInput);
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ error });
      expect(await storedListing(sandbox.url, WITH_QUESTION)).toEqual(before);
    });
  }

  const bodies: Array<[string, unknown, string]> = [
    [
      "0 questions",
      { personalization_questions: [] },
      "personalization_questions: must hold exactly one question during the migration period",
    ],
    [
      "2 questions",
      { personalization_questions: [QUESTION, QUESTION] },
      "personalization_questions: must hold exactly one question during the migration period",
    ],
    ["a body without personalization_questions", {}, "personalization_questions: is required and must be an array"],
    [
      "personalization_questions that is not an array",
      { personalization_questions: QUESTION },
      "personalization_questions: is required and must be an array",
    ],
    [
      "a question that is not an object",
      { personalization_questions: ["Personalization"] },
      "personalization_questions[0]: must be an object",
    ],
    ["a JSON array as the body", [QUESTION], "body: must be a JSON object"],
    ["JSON null as the body", null, "body: must be a JSON object"],
  ];
  for (const [what, body, error] of bodies) {
    it(`refuses ${what}`, async () => {
      const before = await storedListing(sandbox.url, WITH_QUESTION);
      const result = await post(body);
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ error });
      expect(await storedListing(sandbox.url, WITH_QUESTION)).toEqual(before);
    });
  }

  it("refuses a body that is not valid JSON", async () => {
    const before = await storedListing(sandbox.url, WITH_QUESTION);
    const result = await callApi(sandbox.url, path(WITH_QUESTION), {
      method: "POST",
      token,
      body: '{"personalization_questions": [',
      headers: { "content-type": "application/json" },
    });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: "body: must be valid JSON." });
    expect(await storedListing(sandbox.url, WITH_QUESTION)).toEqual(before);
  });

  for (const type of ["application/x-www-form-urlencoded", "text/plain"]) {
    it(`refuses the content type ${type} with 415`, async () => {
      const before = await storedListing(sandbox.url, WITH_QUESTION);
      const result = await callApi(sandbox.url, path(WITH_QUESTION), {
        method: "POST",
        token,
        body: JSON.stringify({ personalization_questions: [QUESTION] }),
        headers: { "content-type": type },
      });
      expect(result.status).toBe(415);
      expect(result.body).toEqual({ error: "Content-Type must be application/json." });
      expect(await storedListing(sandbox.url, WITH_QUESTION)).toEqual(before);
    });
  }
});

describe("deleteListingPersonalization", () => {
  it("answers 204 with an empty body, sets is_personalizable false, and GET returns an empty array", async () => {
    const result = await callApi(sandbox.url, path(WITH_QUESTION), { method: "DELETE", token });
    expect(result.status).toBe(204);
    expect(result.text).toBe("");
    const listing = await storedListing(sandbox.url, WITH_QUESTION);
    expect(listing).toMatchObject({
      is_personalizable: false,
      personalization_is_required: false,
      personalization_char_count_max: null,
      personalization_instructions: null,
    });
    expect(listing.personalization).toEqual({ personalization_questions: [] });
    const read = await callApi(sandbox.url, `listings/${WITH_QUESTION}/personalization`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ personalization_questions: [] });
    expect((await callApi(sandbox.url, `listings/${WITH_QUESTION}`)).body.is_personalizable).toBe(false);
  });

  it("answers 204 again for a listing without personalization", async () => {
    const result = await callApi(sandbox.url, path(WITHOUT_QUESTION), { method: "DELETE", token });
    expect(result.status).toBe(204);
    expect(result.text).toBe("");
  });
});

describe("ownership and credentials on personalization writes (docs/marketplace.md §7.10)", () => {
  const writes: Array<[string, ApiCall]> = [
    ["POST", { method: "POST", json: { personalization_questions: [QUESTION] } }],
    ["DELETE", { method: "DELETE" }],
  ];
  for (const [method, call] of writes) {
    it(`${method} refuses another seller's shop with 403 and changes nothing`, async () => {
      const before = await storedListing(sandbox.url, BO_LISTING);
      const result = await callApi(sandbox.url, path(BO_LISTING, BO.shop_id), { token, ...call });
      expect(result.status).toBe(403);
      expect(result.body).toEqual({ error: `Shop ${BO.shop_id} does not belong to the user of this token.` });
      expect(await storedListing(sandbox.url, BO_LISTING)).toEqual(before);
    });

    it(`${method} refuses another seller's listing under one's own shop with 403`, async () => {
      const before = await storedListing(sandbox.url, BO_LISTING);
      const result = await callApi(sandbox.url, path(BO_LISTING), { token, ...call });
      expect(result.status).toBe(403);
      expect(result.body).toEqual({ error: `Listing ${BO_LISTING} does not belong to shop ${ADA.shop_id}.` });
      expect(await storedListing(sandbox.url, BO_LISTING)).toEqual(before);
    });

    it(`${method} answers 404 for a listing that does not exist`, async () => {
      const result = await callApi(sandbox.url, path(999), { token, ...call });
      expect(result.status).toBe(404);
      expect(result.body).toEqual({ error: "Listing 999 does not exist." });
    });

    it(`${method} answers 404 for a shop that does not exist`, async () => {
      const result = await callApi(sandbox.url, path(WITH_QUESTION, 99999), { token, ...call });
      expect(result.status).toBe(404);
      expect(result.body).toEqual({ error: "Shop 99999 does not exist." });
    });

    it(`${method} needs a token with listings_w`, async () => {
      const readOnly = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r"] }))
        .access_token;
      const noScope = await callApi(sandbox.url, path(WITH_QUESTION), { ...call, token: readOnly });
      expect(noScope.status).toBe(403);
      expect(noScope.body).toEqual({ error: "insufficient_scope", error_description: "Insufficient scope" });
      const noToken = await callApi(sandbox.url, path(WITH_QUESTION), call);
      expect(noToken.status).toBe(401);
      expect(noToken.body.error).toBe("invalid_token");
    });
  }

  it("checks ownership before the body, so a stranger learns nothing from validation", async () => {
    const result = await callApi(sandbox.url, path(BO_LISTING, BO.shop_id), { token, json: {} });
    expect(result.status).toBe(403);
  });
});
