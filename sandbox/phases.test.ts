import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_SELLERS } from "./store/seed.js";
import type { RunningSandbox } from "./server.js";
import {
  ADA,
  callApi,
  http,
  issueTokensFor,
  resetSandbox,
  sandboxControl,
  startTestSandbox,
  storedListing,
  type ApiCall,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";
import {
  FONT_QUESTION as DROPDOWN,
  NAME_QUESTION as TEXT,
  PHOTO_QUESTION as PHOTO,
  SIDES_QUESTION as SIDES,
} from "../test/harness/wire-questions.js";

// docs/marketplace.md §9: the sandbox's --phase and POST /__sandbox/phase.
const sandbox = useSeededSandbox();
let token: string;

beforeEach(async () => {
  token = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r", "listings_w"] }))
    .access_token;
});

const WITH_QUESTION = 1_000_000_001;
const WITHOUT_QUESTION = 1_000_000_002;
const LEGACY_KEYS = ["personalization_is_required", "personalization_char_count_max", "personalization_instructions"];
const FLAG = "supports_multiple_personalization_questions";

const setPhase = (phase: string) => sandboxControl(sandbox.url, "/phase", { phase });
const writePath = (listingId: number, flag?: string) =>
  `shops/${ADA.shop_id}/listings/${listingId}/personalization${flag === undefined ? "" : `?${FLAG}=${flag}`}`;
const write = (listingId: number, questions: unknown, flag?: string, extra: ApiCall = {}) =>
  callApi(sandbox.url, writePath(listingId, flag), { token, json: { personalization_questions: questions }, ...extra });
const questionsOf = async (listingId: number) =>
  (await storedListing(sandbox.url, listingId)).personalization.personalization_questions;

const PLAIN = {
  question_type: "text_input",
  question_text: "Personalization",
  instructions: "Gift note",
  required: false,
  max_allowed_characters: 100,
};

const ALL_PHASES =
  "migration, post-deprecation, multi-question, add-on-prices, add-on-resend, listing-fields-refused, eu-guarantees, webhooks";

describe("the phase control", () => {
  it("starts pinned in migration here, switches, refuses an unknown phase and goes back to the start-up phase on reset", async () => {
    expect((await sandboxControl(sandbox.url, "/phase")).body).toMatchObject({ phase: "migration", pinned: true });
    const switched = await setPhase("multi-question");
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ phase: "multi-question", pinned: true });
    expect((await sandboxControl(sandbox.url, "/phase")).body).toMatchObject({ phase: "multi-question" });
    expect((await http(`${sandbox.url}/`)).text).toContain("Phase: <strong>multi-question</strong>");

    const refused = await setPhase("v4");
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: `phase: must be one of ${ALL_PHASES}, or null to follow the clock` });
    expect((await sandboxControl(sandbox.url, "/phase")).body).toMatchObject({ phase: "multi-question" });

    await resetSandbox(sandbox.url);
    expect((await sandboxControl(sandbox.url, "/phase")).body).toMatchObject({ phase: "migration", pinned: true });
  });

  describe("a sandbox started with a phase", () => {
    let started: RunningSandbox;
    beforeAll(async () => {
      started = await startTestSandbox({ phase: "post-deprecation" });
    });
    afterAll(() => started.close());

    it("keeps it across a reset", async () => {
      await sandboxControl(started.url, "/phase", { phase: "migration" });
      await resetSandbox(started.url);
      expect((await sandboxControl(started.url, "/phase")).body).toMatchObject({ phase: "post-deprecation" });
      const read = await callApi(started.url, `listings/${WITH_QUESTION}`);
      expect(read.body).toMatchObject({ listing_id: WITH_QUESTION });
      expect(read.body).not.toHaveProperty("personalization_instructions");
    });
  });
});

describe("GET /__sandbox/personalization-capabilities: the phase, sandbox-only", () => {
  it("says one text question before the multi-question period and five of every type from it, and what came later", async () => {
    const capabilities = async () => (await sandboxControl(sandbox.url, "/personalization-capabilities")).body;
    const single = {
      supports_multiple_personalization_questions: false,
      max_questions: 1,
      question_types: ["text_input"],
      add_on_prices: false,
      add_on_price_required_on_resend: false,
      webhooks: false,
    };
    expect(await capabilities()).toEqual({ phase: "migration", ...single });
    await setPhase("post-deprecation");
    expect(await capabilities()).toEqual({ phase: "post-deprecation", ...single });
    await setPhase("multi-question");
    expect(await capabilities()).toEqual({
      phase: "multi-question",
      supports_multiple_personalization_questions: true,
      max_questions: 5,
      question_types: ["text_input", "dropdown", "unlabeled_upload", "labeled_upload"],
      add_on_prices: false,
      add_on_price_required_on_resend: false,
      webhooks: false,
    });
    await setPhase("webhooks");
    expect(await capabilities()).toMatchObject({
      add_on_prices: true,
      add_on_price_required_on_resend: true,
      webhooks: true,
    });
  });

  it("is not under /v3/, where the live API has no such read", async () => {
    const refused = await callApi(sandbox.url, "personalization-capabilities");
    expect(refused.status).toBe(404);
  });
});

describe("post-deprecation: the legacy fields are gone from every read", () => {
  const reads: Array<[string, string]> = [
    ["getListing", `listings/${WITH_QUESTION}?includes=personalization`],
    ["getListingsByShop", `shops/${ADA.shop_id}/listings?includes=personalization`],
    ["getListingsByListingIds", `listings/batch?listing_ids=${WITH_QUESTION}&includes=personalization`],
    ["findAllListingsActive", "listings/active?limit=100"],
    ["findAllActiveListingsByShop", `shops/${ADA.shop_id}/listings/active`],
    ["getListingInventory", `listings/${WITH_QUESTION}/inventory?includes=listing`],
  ];
  for (const [operation, path] of reads) {
    it(`${operation} has them in migration and not after the deprecation`, async () => {
      const listingOf = (body: { results?: { listing_id: number }[]; listing?: unknown }) =>
        body.results ? body.results.find((listing) => listing.listing_id === WITH_QUESTION) : (body.listing ?? body);
      const before = await callApi(sandbox.url, path, { token });
      expect(Object.keys(listingOf(before.body) as object)).toEqual(expect.arrayContaining(LEGACY_KEYS));

      await setPhase("post-deprecation");
      const after = await callApi(sandbox.url, path, { token });
      expect(after.status).toBe(200);
      const listing = listingOf(after.body) as Record<string, unknown>;
      expect(listing).toMatchObject({ listing_id: WITH_QUESTION, is_personalizable: true });
      for (const key of LEGACY_KEYS) expect(listing).not.toHaveProperty(key);
    });
  }

  it("keeps the questions, takes writes through the new endpoint and still refuses legacy writes", async () => {
    await setPhase("post-deprecation");
    const read = await callApi(sandbox.url, `listings/${WITH_QUESTION}?includes=personalization`);
    expect(read.body.personalization.personalization_questions).toHaveLength(1);
    expect((await write(WITHOUT_QUESTION, [PLAIN])).status).toBe(201);
    expect(await questionsOf(WITHOUT_QUESTION)).toMatchObject([PLAIN]);

    const legacy = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${WITH_QUESTION}`, {
      method: "PATCH",
      token,
      form: { personalization_instructions: "Old way" },
    });
    expect(legacy.status).toBe(400);
    expect(legacy.body.error).toMatch(/^personalization_instructions: this legacy field was deprecated on 2026-04-09/);
  });

  it("takes a write of several questions as in migration: refused", async () => {
    await setPhase("post-deprecation");
    const result = await write(WITHOUT_QUESTION, [TEXT, DROPDOWN], "true");
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(
      "personalization_questions: must hold exactly one question during the migration period",
    );
    expect(await questionsOf(WITHOUT_QUESTION)).toEqual([]);
  });
});

describe("multi-question: several questions of the further types", () => {
  beforeEach(() => setPhase("multi-question"));

  it("stores several questions of every type with the flag, each with nulls for what its type does not use", async () => {
    const result = await write(WITHOUT_QUESTION, [TEXT, DROPDOWN, SIDES], "true");
    expect(result.status).toBe(201);
    const options = (labels: { label: string }[]) =>
      labels.map(({ label }) => ({ option_id: expect.any(Number), label }));
    const expected = [
      { ...TEXT, question_id: expect.any(Number), max_allowed_files: null, options: null, add_on_price: null },
      {
        ...DROPDOWN,
        question_id: expect.any(Number),
        instructions: null,
        max_allowed_characters: null,
        max_allowed_files: null,
        options: options(DROPDOWN.options),
        add_on_price: null,
      },
      {
        ...SIDES,
        question_id: expect.any(Number),
        instructions: null,
        max_allowed_characters: null,
        options: options(SIDES.options),
        add_on_price: null,
      },
    ];
    expect(result.body.personalization_questions).toEqual(expected);
    expect(await questionsOf(WITHOUT_QUESTION)).toEqual(expected);
    const read = await callApi(sandbox.url, `listings/${WITHOUT_QUESTION}/personalization`);
    expect(read.body.personalization_questions).toEqual(expected);
    expect((await callApi(sandbox.url, `listings/${WITHOUT_QUESTION}`)).body).toMatchObject({
      is_personalizable: true,
    });
  });

  it("derives the legacy fields from the first text question, as a return to migration shows", async () => {
    await write(WITHOUT_QUESTION, [DROPDOWN, TEXT], "true");
    await setPhase("migration");
    const read = await callApi(sandbox.url, `listings/${WITHOUT_QUESTION}`);
    expect(read.body).toMatchObject({
      is_personalizable: true,
      personalization_is_required: true,
      personalization_char_count_max: 20,
      personalization_instructions: "Name to engrave",
    });
  });

  it("refuses a write without the flag that would drop questions with 409, and changes nothing", async () => {
    await write(WITHOUT_QUESTION, [TEXT, PHOTO], "true");
    const before = await questionsOf(WITHOUT_QUESTION);
    for (const flag of [undefined, "false"]) {
      const result = await write(WITHOUT_QUESTION, [PLAIN], flag);
      expect(result.status).toBe(409);
      expect(result.body).toEqual({
        error: `Listing ${WITHOUT_QUESTION} has personalization questions that one text question would replace (text_input "Name", unlabeled_upload "Photo"). Send ${FLAG}=true to replace them.`,
      });
    }
    expect(await questionsOf(WITHOUT_QUESTION)).toEqual(before);
  });

  it("refuses with 409 over a single question of a new type or title too", async () => {
    await write(WITHOUT_QUESTION, [DROPDOWN], "true");
    expect((await write(WITHOUT_QUESTION, [PLAIN])).status).toBe(409);
    await write(WITHOUT_QUESTION, [TEXT], "true");
    expect((await write(WITHOUT_QUESTION, [PLAIN])).status).toBe(409);
  });

  it("takes a single-question write without the flag where nothing would be dropped, under the migration rules", async () => {
    expect((await write(WITH_QUESTION, [PLAIN])).status).toBe(201);
    expect((await write(WITHOUT_QUESTION, [PLAIN])).status).toBe(201);
    expect(await questionsOf(WITHOUT_QUESTION)).toMatchObject([PLAIN]);
    const several = await write(WITH_QUESTION, [PLAIN, PLAIN]);
    expect(several.status).toBe(400);
    expect(several.body.error).toBe(
      "personalization_questions: must hold exactly one question during the migration period",
    );
  });

  it("replaces several questions with the flag, and removes them with DELETE, which needs no flag", async () => {
    await write(WITHOUT_QUESTION, [TEXT, PHOTO], "true");
    expect((await write(WITHOUT_QUESTION, [PLAIN], "true")).status).toBe(201);
    expect(await questionsOf(WITHOUT_QUESTION)).toMatchObject([PLAIN]);
    await write(WITHOUT_QUESTION, [TEXT, PHOTO], "true");
    expect((await callApi(sandbox.url, writePath(WITHOUT_QUESTION), { method: "DELETE", token })).status).toBe(204);
    expect(await questionsOf(WITHOUT_QUESTION)).toEqual([]);
  });

  it("checks ownership before anything else", async () => {
    await write(WITHOUT_QUESTION, [TEXT, PHOTO], "true");
    const other = (
      await issueTokensFor(sandbox.url, { user_id: DEMO_SELLERS.bo.user_id, scopes: ["listings_r", "listings_w"] })
    ).access_token;
    const result = await write(WITHOUT_QUESTION, [PLAIN], undefined, { token: other });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ error: `Shop ${ADA.shop_id} does not belong to the user of this token.` });
  });

  const refusals: Array<[string, unknown[], string]> = [
    ["six questions", [TEXT, TEXT, TEXT, TEXT, TEXT, TEXT], "personalization_questions: must hold 1 to 5 questions"],
    ["no question", [], "personalization_questions: must hold 1 to 5 questions"],
    [
      "an unknown type",
      [{ ...TEXT, question_type: "checkbox" }],
      "personalization_questions[0].question_type: must be one of text_input, dropdown, unlabeled_upload, labeled_upload",
    ],
    [
      "a limit of 1025",
      [{ ...TEXT, max_allowed_characters: 1025 }],
      "personalization_questions[0].max_allowed_characters: must be at most 1024",
    ],
    [
      "a title of 46 characters",
      [{ ...TEXT, question_text: "N".repeat(46) }],
      "personalization_questions[0].question_text: must be 1 to 45 characters",
    ],
    [
      "an empty title",
      [{ ...TEXT, question_text: "" }],
      "personalization_questions[0].question_text: must be 1 to 45 characters",
    ],
    [
      "a title starting with punctuation",
      [{ ...TEXT, question_text: "-Name" }],
      "personalization_questions[0].question_text: must start with a letter or a digit",
    ],
    [
      "instructions in capitals",
      [{ ...TEXT, instructions: "TYPE YOUR NAME here" }],
      "personalization_questions[0].instructions: must not have 3 or more words in a row in capitals (a word is 3 or more letters)",
    ],
    [
      "a dropdown without options",
      [{ ...DROPDOWN, options: [] }],
      "personalization_questions[0].options: must hold 1 to 30 options",
    ],
    [
      "a dropdown with a repeated label",
      [{ ...DROPDOWN, options: [{ label: "Serif" }, { label: "Serif" }] }],
      "personalization_questions[0].options: labels must differ from each other",
    ],
    [
      "a dropdown with a limit",
      [{ ...DROPDOWN, max_allowed_characters: 20 }],
      "personalization_questions[0].max_allowed_characters: must be null or left out for this question type",
    ],
    [
      "an upload of 11 files",
      [{ ...PHOTO, max_allowed_files: 11 }],
      "personalization_questions[0].max_allowed_files: must be at most 10",
    ],
    [
      "a labeled upload with files unlike its labels",
      [{ ...SIDES, max_allowed_files: 3 }],
      "personalization_questions[0].max_allowed_files: must equal the number of options (one file per label)",
    ],
    ["an unknown key", [{ ...TEXT, colour: "red" }], "personalization_questions[0]: unknown field colour"],
    [
      "a choice of 21 characters",
      [{ ...DROPDOWN, options: [{ label: "L".repeat(21) }] }],
      "personalization_questions[0].options[0].label: must be 1 to 20 characters",
    ],
    [
      "a file label of 46 characters",
      [{ ...SIDES, options: [{ label: "Front" }, { label: "L".repeat(46) }] }],
      "personalization_questions[0].options[1].label: must be 1 to 45 characters",
    ],
    [
      "two upload questions",
      [TEXT, PHOTO, SIDES],
      "personalization_questions[2].question_type: a listing may have only one upload question (unlabeled_upload or labeled_upload)",
    ],
    [
      "instructions of 121 characters",
      [{ ...TEXT, instructions: `A${"b".repeat(120)}` }],
      "personalization_questions[0].instructions: must be at most 120 characters",
    ],
    [
      "instructions starting with punctuation",
      [{ ...PHOTO, instructions: "(one photo)" }],
      "personalization_questions[0].instructions: must start with a letter or a digit",
    ],
    [
      "instructions on a dropdown",
      [{ ...DROPDOWN, instructions: "Pick a font" }],
      "personalization_questions[0].instructions: is not allowed on dropdown questions; send null or leave it out",
    ],
    [
      "a text question without a limit",
      [{ ...TEXT, max_allowed_characters: null }],
      "personalization_questions[0].max_allowed_characters: must be a whole number from 1 to 1024",
    ],
    [
      "a limit on an upload",
      [{ ...PHOTO, max_allowed_characters: 10 }],
      "personalization_questions[0].max_allowed_characters: must be null or left out for this question type",
    ],
    [
      "an upload without a file count",
      [{ ...PHOTO, max_allowed_files: null }],
      "personalization_questions[0].max_allowed_files: must be a whole number from 1 to 10",
    ],
    [
      "a file count on a text question",
      [{ ...TEXT, max_allowed_files: 2 }],
      "personalization_questions[0].max_allowed_files: must be null or left out for this question type",
    ],
    [
      "a labeled upload of one file",
      [{ ...SIDES, options: [{ label: "Front" }], max_allowed_files: 1 }],
      "personalization_questions[0].options: must hold 2 to 10 options",
    ],
    [
      "a dropdown of 31 choices",
      [{ ...DROPDOWN, options: Array.from({ length: 31 }, (_, index) => ({ label: `Choice ${index + 1}` })) }],
      "personalization_questions[0].options: must hold 1 to 30 options",
    ],
    [
      "options on a text question",
      [{ ...TEXT, options: [{ label: "Serif" }] }],
      "personalization_questions[0].options: must be null or left out for this question type",
    ],
  ];
  for (const [what, questions, error] of refusals) {
    it(`refuses ${what} with 400 and changes nothing`, async () => {
      const before = await questionsOf(WITH_QUESTION);
      const result = await write(WITH_QUESTION, questions, "true");
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ error });
      expect(await questionsOf(WITH_QUESTION)).toEqual(before);
    });
  }

  it("refuses a flag that is not true, false, 1 or 0", async () => {
    const result = await write(WITH_QUESTION, [PLAIN], "yes");
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: `${FLAG} must be true, false, 1 or 0.` });
  });
});

describe("listing-fields-refused: the four legacy fields gone from the listing writes (docs/marketplace.md §18)", () => {
  const listingPath = (listingId: number) => `shops/${ADA.shop_id}/listings/${listingId}`;
  const draft = { title: "Spoon", description: "A spoon.", quantity: "1", price: "9.50" };

  it("takes is_personalizable=false on updateListing until 2026-09-06, removing the questions", async () => {
    await setPhase("add-on-resend");
    const answer = await callApi(sandbox.url, listingPath(WITH_QUESTION), {
      method: "PATCH",
      token,
      form: { is_personalizable: "false" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.is_personalizable).toBe(false);
    expect(await questionsOf(WITH_QUESTION)).toEqual([]);
  });

  for (const [field, value] of [
    ["is_personalizable", "false"],
    ["personalization_is_required", "true"],
    ["personalization_char_count_max", "20"],
    ["personalization_instructions", "Initials"],
  ] as const) {
    it(`refuses ${field} on createDraftListing and updateListing with 400 naming it, and changes nothing`, async () => {
      await setPhase("listing-fields-refused");
      const refusal = {
        error: `${field}: this field was removed from createDraftListing and updateListing on 2026-09-06; write personalization with updateListingPersonalization (POST /v3/application/shops/{shop_id}/listings/{listing_id}/personalization).`,
      };
      const before = await storedListing(sandbox.url, WITH_QUESTION);
      const updated = await callApi(sandbox.url, listingPath(WITH_QUESTION), {
        method: "PATCH",
        token,
        form: { title: "Renamed", [field]: value },
      });
      expect([updated.status, updated.body]).toEqual([400, refusal]);
      expect(await storedListing(sandbox.url, WITH_QUESTION)).toEqual(before);
      const shopBefore = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?state=draft`, { token });
      const created = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
        token,
        form: { ...draft, [field]: value },
      });
      expect([created.status, created.body]).toEqual([400, refusal]);
      const shopAfter = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings?state=draft`, { token });
      expect(shopAfter.body.count).toBe(shopBefore.body.count);
    });
  }

  it("still shows is_personalizable on reads and takes a write without the four", async () => {
    await setPhase("listing-fields-refused");
    expect((await callApi(sandbox.url, `listings/${WITH_QUESTION}`)).body.is_personalizable).toBe(true);
    const updated = await callApi(sandbox.url, listingPath(WITH_QUESTION), {
      method: "PATCH",
      token,
      form: { title: "Renamed" },
    });
    expect(updated.body).toMatchObject({ title: "Renamed", is_personalizable: true });
    expect((await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, { token, form: draft })).body).toMatchObject({
      state: "draft",
      is_personalizable: false,
    });
  });
});

describe("eu-guarantees: the EU guarantee fields on listing writes and reads (docs/marketplace.md §18)", () => {
  const listingPath = (listingId: number) => `shops/${ADA.shop_id}/listings/${listingId}`;
  const draft = { title: "Kettle", description: "An electric kettle.", quantity: "1", price: "39" };
  const GUARANTEE = {
    ecgt_garan_brand: "Acme",
    ecgt_garan_model: "K-2",
    ecgt_garan_years: "2",
    ecgt_garan_guarantee_details: "Parts and labour; write to the maker.",
    ecgt_other_commercial_guarantee_details: "A year of free descaling.",
    ecgt_after_sales_service_info: "Repairs in Lyon.",
    ecgt_software_update_details: "None: it has no software.",
  };
  const NO_GUARANTEE = Object.fromEntries(Object.keys(GUARANTEE).map((field) => [field, null]));
  const update = (form: Record<string, string>, listingId = WITH_QUESTION) =>
    callApi(sandbox.url, listingPath(listingId), { method: "PATCH", token, form });

  it("accepts the seven on createDraftListing, keeps them and shows them on every read", async () => {
    await setPhase("eu-guarantees");
    const created = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
      token,
      form: { ...draft, ...GUARANTEE },
    });
    const shown = { ...GUARANTEE, ecgt_garan_years: 2 };
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(shown);
    expect(await storedListing(sandbox.url, created.body.listing_id)).toMatchObject(shown);
    expect((await callApi(sandbox.url, `listings/${created.body.listing_id}`, { token })).body).toMatchObject(shown);
  });

  it("shows them null on a listing that has none, and changes or clears one on updateListing", async () => {
    await setPhase("eu-guarantees");
    expect((await callApi(sandbox.url, `listings/${WITH_QUESTION}`)).body).toMatchObject(NO_GUARANTEE);
    await update({ ecgt_garan_brand: "Acme", ecgt_garan_model: "K-2", ecgt_garan_years: "3" });
    const cleared = await update({ ecgt_garan_model: "", title: "Kettle, renamed" });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      ...NO_GUARANTEE,
      title: "Kettle, renamed",
      ecgt_garan_brand: "Acme",
      ecgt_garan_years: 3,
    });
    const asJson = await callApi(sandbox.url, listingPath(WITH_QUESTION), {
      method: "PATCH",
      token,
      json: { ecgt_garan_years: 5 },
    });
    expect(asJson.body).toMatchObject({ ecgt_garan_brand: "Acme", ecgt_garan_years: 5 });
  });

  it("refuses a bad value with 400 naming the field, and changes nothing", async () => {
    await setPhase("eu-guarantees");
    const before = await storedListing(sandbox.url, WITH_QUESTION);
    const refusals: Array<[Record<string, string>, string]> = [
      [
        { ecgt_garan_years: "two" },
        "ecgt_garan_years: must be a whole number of years from 1 to 99, or empty to clear it.",
      ],
      [
        { ecgt_garan_years: "0" },
        "ecgt_garan_years: must be a whole number of years from 1 to 99, or empty to clear it.",
      ],
      [
        { ecgt_garan_years: "2.5" },
        "ecgt_garan_years: must be a whole number of years from 1 to 99, or empty to clear it.",
      ],
      [{ ecgt_garan_brand: "A".repeat(256) }, "ecgt_garan_brand: must be at most 255 characters."],
      [
        { ecgt_after_sales_service_info: "A".repeat(2001) },
        "ecgt_after_sales_service_info: must be at most 2000 characters.",
      ],
    ];
    for (const [form, error] of refusals) {
      const answer = await update({ title: "Renamed", ...form });
      expect([answer.status, answer.body], JSON.stringify(form).slice(0, 60)).toEqual([400, { error }]);
    }
    const created = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
      token,
      form: { ...draft, ecgt_garan_years: "two" },
    });
    expect(created.status).toBe(400);
    expect(await storedListing(sandbox.url, WITH_QUESTION)).toEqual(before);
  });

  it("reads ecgt_commercial_guarantee_enabled beside them: true while a guarantee field is set, never written", async () => {
    await setPhase("eu-guarantees");
    const enabled = async () =>
      (await callApi(sandbox.url, `listings/${WITH_QUESTION}`)).body.ecgt_commercial_guarantee_enabled;
    expect(await enabled()).toBe(false);
    await update({ ecgt_after_sales_service_info: "Repairs in Lyon.", ecgt_software_update_details: "None." });
    expect(await enabled()).toBe(false);
    const guaranteed = await update({ ecgt_garan_years: "2" });
    expect(guaranteed.body.ecgt_commercial_guarantee_enabled).toBe(true);
    expect(await enabled()).toBe(true);
    expect((await storedListing(sandbox.url, WITH_QUESTION)).ecgt_commercial_guarantee_enabled).toBe(true);
    // Not a field of the write: sent, it is passed over as any field the form does not name.
    const written = await update({ ecgt_commercial_guarantee_enabled: "false" });
    expect(written.body.ecgt_commercial_guarantee_enabled).toBe(true);
    await update({ ecgt_garan_years: "" });
    expect(await enabled()).toBe(false);
  });

  it("refuses them as unknown fields before 2026-09-21, and reads do not show them", async () => {
    await setPhase("listing-fields-refused");
    const refused = await update({ ecgt_garan_brand: "Acme" });
    expect([refused.status, refused.body]).toEqual([
      400,
      { error: "ecgt_garan_brand: unknown field; the marketplace takes the EU guarantee fields from 2026-09-21." },
    ]);
    const created = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
      token,
      form: { ...draft, ecgt_garan_years: "2" },
    });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatch(/^ecgt_garan_years: unknown field;/);
    const keys = Object.keys((await callApi(sandbox.url, `listings/${WITH_QUESTION}`)).body);
    expect(keys).not.toContain("ecgt_garan_brand");
    expect(keys).not.toContain("ecgt_commercial_guarantee_enabled");
  });
});

describe("with no --phase, the phase of the sandbox clock's date", () => {
  let clocked: RunningSandbox;
  beforeAll(async () => {
    clocked = await startTestSandbox({ phase: undefined });
  });
  afterAll(() => clocked.close());
  beforeEach(() => resetSandbox(clocked.url));

  const at = (date: string) => sandboxControl(clocked.url, "/clock", { at: date });
  const phaseNow = async () => (await sandboxControl(clocked.url, "/phase")).body;

  it("is today's (2026-11-25: webhooks) on a clock that was not moved", async () => {
    expect(await phaseNow()).toMatchObject({ phase: "webhooks", pinned: false });
    expect((await http(`${clocked.url}/`)).text).toContain("Phase: <strong>webhooks</strong>");
  });

  it("changes as the clock crosses each date of the timeline", async () => {
    const timeline: Array<[string, string]> = [
      ["2026-01-01T00:00:00Z", "migration"],
      ["2026-04-08T23:59:00Z", "migration"],
      ["2026-04-09T00:00:00Z", "post-deprecation"],
      ["2026-05-11T00:00:00Z", "multi-question"],
      ["2026-07-20T00:00:00Z", "add-on-prices"],
      ["2026-08-20T00:00:00Z", "add-on-resend"],
      ["2026-09-05T23:59:00Z", "add-on-resend"],
      ["2026-09-06T00:00:00Z", "listing-fields-refused"],
      ["2026-09-21T00:00:00Z", "eu-guarantees"],
      ["2026-09-30T23:59:00Z", "eu-guarantees"],
      ["2026-10-01T00:00:00Z", "webhooks"],
    ];
    for (const [date, phase] of timeline) {
      // The clock runs on from the date it is set to, so the dates before a change keep a minute in hand.
      expect((await at(date)).body).toMatchObject({ date: expect.stringMatching(`^${date.slice(0, 16)}`), phase });
      expect(await phaseNow()).toMatchObject({ phase, pinned: false });
    }
  });

  it("moves the API with it: legacy fields go, then several questions come, as the clock advances", async () => {
    const clockedToken = (
      await issueTokensFor(clocked.url, { user_id: ADA.user_id, scopes: ["listings_r", "listings_w"] })
    ).access_token;
    await at("2026-04-08T23:59:00Z");
    expect((await callApi(clocked.url, `listings/${WITH_QUESTION}`)).body).toHaveProperty(
      "personalization_instructions",
    );
    await sandboxControl(clocked.url, "/clock", { advance_seconds: 60 });
    expect((await callApi(clocked.url, `listings/${WITH_QUESTION}`)).body).not.toHaveProperty(
      "personalization_instructions",
    );
    const several = () =>
      callApi(clocked.url, `shops/${ADA.shop_id}/listings/${WITHOUT_QUESTION}/personalization?${FLAG}=true`, {
        token: clockedToken,
        json: { personalization_questions: [TEXT, DROPDOWN] },
      });
    expect((await several()).status).toBe(400);
    await at("2026-05-11T00:00:00Z");
    expect((await several()).status).toBe(201);
  });

  it("refuses is_personalizable on updateListing from 2026-09-06 by the clock, and takes it the minute before", async () => {
    const clockedToken = (
      await issueTokensFor(clocked.url, { user_id: ADA.user_id, scopes: ["listings_r", "listings_w"] })
    ).access_token;
    const unpersonalize = (listingId: number) =>
      callApi(clocked.url, `shops/${ADA.shop_id}/listings/${listingId}`, {
        method: "PATCH",
        token: clockedToken,
        form: { is_personalizable: "false" },
      });
    await at("2026-09-05T23:59:00Z");
    expect((await unpersonalize(WITH_QUESTION)).body).toMatchObject({ is_personalizable: false });
    await at("2026-09-06T00:00:00Z");
    const refused = await unpersonalize(1_000_000_003);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^is_personalizable: this field was removed .* on 2026-09-06;/);
  });

  it("takes the EU guarantee fields from 2026-09-21 by the clock, and refuses them the minute before", async () => {
    const clockedToken = (
      await issueTokensFor(clocked.url, { user_id: ADA.user_id, scopes: ["listings_r", "listings_w"] })
    ).access_token;
    const guarantee = () =>
      callApi(clocked.url, `shops/${ADA.shop_id}/listings/${WITH_QUESTION}`, {
        method: "PATCH",
        token: clockedToken,
        form: { ecgt_garan_years: "2" },
      });
    await at("2026-09-20T23:59:00Z");
    expect((await guarantee()).status).toBe(400);
    expect((await callApi(clocked.url, `listings/${WITH_QUESTION}`)).body).not.toHaveProperty("ecgt_garan_years");
    await at("2026-09-21T00:00:00Z");
    expect((await guarantee()).body).toMatchObject({ ecgt_garan_years: 2, ecgt_garan_brand: null });
  });

  it("dates every answer by its clock in the Date header, as the live marketplace dates them by the real day", async () => {
    await at("2026-05-01T09:30:00Z");
    const api = await callApi(clocked.url, `listings/${WITH_QUESTION}`);
    expect(api.status).toBe(200);
    expect(api.headers.get("date")).toMatch(/^Fri, 01 May 2026 09:3\d:\d\d GMT$/);
    const refused = await callApi(clocked.url, "listings/1", { apiKey: null });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("date")).toMatch(/^Fri, 01 May 2026 /);
    expect((await http(`${clocked.url}/`)).headers.get("date")).toMatch(/^Fri, 01 May 2026 /);
  });

  it("is held by a pinned phase until the pin is lifted with null", async () => {
    await sandboxControl(clocked.url, "/phase", { phase: "migration" });
    await at("2026-10-02");
    expect(await phaseNow()).toMatchObject({ phase: "migration", pinned: true });
    expect((await sandboxControl(clocked.url, "/phase", { phase: null })).body).toMatchObject({
      phase: "webhooks",
      pinned: false,
    });
  });

  it("refuses a clock change that gives neither or both of advance_seconds and at", async () => {
    const both = await sandboxControl(clocked.url, "/clock", { advance_seconds: 1, at: "2026-05-11" });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ error: "body: give advance_seconds or at, not both" });
    expect((await sandboxControl(clocked.url, "/clock", { at: "next week" })).status).toBe(400);
  });
});
