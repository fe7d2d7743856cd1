import { beforeEach, describe, expect, it } from "vitest";
import {
  ADA,
  callApi,
  issueTokensFor,
  sandboxControl,
  startTestSandbox,
  storedListing,
  type JsonBody,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";
import { PHASES, phaseReached } from "./phases.js";

// docs/marketplace.md §13: the live write schema of updateListingPersonalization, in today's phase.
const sandbox = useSeededSandbox({ phase: "webhooks" });
let token: string;

const FLAG = "supports_multiple_personalization_questions";
const WITH_QUESTION = 1_000_000_001;
const WITHOUT_QUESTION = 1_000_000_002;
const PRICED = 1_000_000_004;

const setPhase = (phase: string) => sandboxControl(sandbox.url, "/phase", { phase });
const write = (listingId: number, body: unknown, flag: string | undefined = "true") =>
  callApi(
    sandbox.url,
    `shops/${ADA.shop_id}/listings/${listingId}/personalization${flag === undefined ? "" : `?${FLAG}=${flag}`}`,
    { token, json: body },
  );
const writeQuestions = (listingId: number, questions: unknown[], flag?: string) =>
  write(listingId, { personalization_questions: questions }, flag);
const read = async (listingId: number) =>
  (await callApi(sandbox.url, `listings/${listingId}/personalization`, { token })).body.personalization_questions;
const without = (object: JsonBody, key: string) =>
  Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));
const usd = (cents: number) => ({ amount: cents, divisor: 100, currency_code: "USD" });

const NOTE = {
  question_type: "text_input",
  question_text: "Gift note",
  instructions: "A note for the card",
  required: false,
  max_allowed_characters: 100,
};
const FONT = { question_type: "dropdown", question_text: "Font", required: true, options: [{ label: "Serif" }] };

beforeEach(async () => {
  token = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r", "listings_w"] }))
    .access_token;
});

describe("question_id and option_id", () => {
  it("keep the questions and options they name, and anything new or unknown gets a new id", async () => {
    await writeQuestions(WITHOUT_QUESTION, [NOTE, { ...FONT, options: [{ label: "Serif" }, { label: "Script" }] }]);
    const [note, font] = (await read(WITHOUT_QUESTION)) as JsonBody[];
    const [serif, script] = font.options;

    const result = await writeQuestions(WITHOUT_QUESTION, [
      {
        ...FONT,
        question_id: font.question_id,
        options: [{ option_id: script.option_id, label: "Script" }, { label: "Mono" }],
      },
      { ...NOTE, question_id: note.question_id, question_text: "Card note" },
      { ...NOTE, question_id: 99, question_text: "Second note" },
    ]);
    expect(result.status).toBe(201);
    const [keptFont, keptNote, added] = result.body.personalization_questions as JsonBody[];
    expect(keptFont.question_id).toBe(font.question_id);
    expect(keptFont.options[0]).toEqual({ option_id: script.option_id, label: "Script" });
    expect(keptFont.options[1].option_id).not.toBe(serif.option_id);
    expect(keptNote).toMatchObject({ question_id: note.question_id, question_text: "Card note" });
    expect(added.question_id).not.toBe(99);
    expect(await read(WITHOUT_QUESTION)).toEqual(result.body.personalization_questions);
  });

  it("gives a repeated question_id to the first question only", async () => {
    await writeQuestions(WITHOUT_QUESTION, [NOTE]);
    const [note] = (await read(WITHOUT_QUESTION)) as JsonBody[];
    const result = await writeQuestions(WITHOUT_QUESTION, [
      { ...NOTE, question_id: note.question_id },
      { ...NOTE, question_id: note.question_id, question_text: "Other" },
    ]);
    expect(result.status).toBe(201);
    const [first, second] = result.body.personalization_questions as JsonBody[];
    expect(first.question_id).toBe(note.question_id);
    expect(second.question_id).not.toBe(note.question_id);
  });
});

describe("a GET, edit, POST round trip", () => {
  it("is accepted as read, with its ids, nulls and add-on price, and changes only what was edited", async () => {
    const before = (await read(PRICED)) as JsonBody[];
    expect(before).toEqual([
      expect.objectContaining({ add_on_price: usd(250), max_allowed_files: null, options: null }),
    ]);
    const edited = [{ ...before[0], instructions: "Date and initials, please" }];
    const result = await writeQuestions(PRICED, edited);
    expect(result.status).toBe(201);
    expect(result.body.personalization_questions).toEqual(edited);
  });

  it("takes a set of every kind read back as it came", async () => {
    await writeQuestions(WITHOUT_QUESTION, [
      NOTE,
      FONT,
      {
        question_type: "labeled_upload",
        question_text: "Photos",
        required: false,
        max_allowed_files: 2,
        options: [{ label: "Front" }, { label: "Back" }],
      },
    ]);
    const asRead = await read(WITHOUT_QUESTION);
    const again = await writeQuestions(WITHOUT_QUESTION, asRead);
    expect(again.status).toBe(201);
    expect(again.body.personalization_questions).toEqual(asRead);
  });
});

describe("a GET, edit, POST round trip without supports_multiple_personalization_questions", () => {
  for (const phase of PHASES) {
    it(`is accepted in the ${phase} phase, keeping the question's id and add-on price`, async () => {
      await setPhase(phase);
      // This sandbox was seeded in today's phase: the price it stored is one no earlier period takes.
      for (const listingId of phaseReached(phase, "add-on-prices") ? [WITH_QUESTION, PRICED] : [WITH_QUESTION]) {
        const [asRead] = (await read(listingId)) as JsonBody[];
        expect(asRead).toMatchObject({ question_id: expect.any(Number), max_allowed_files: null, options: null });
        const edited = { ...asRead, instructions: "Initials, then the date" };
        const result = await writeQuestions(listingId, [edited], undefined);
        expect([result.status, result.body]).toEqual([201, { personalization_questions: [edited] }]);
        expect(await read(listingId)).toEqual([edited]);
      }
    });
  }

  it("refuses only fields beyond the OAS, naming them", async () => {
    const [asRead] = (await read(PRICED)) as JsonBody[];
    const result = await writeQuestions(PRICED, [{ ...asRead, price: 2 }], undefined);
    expect([result.status, result.body]).toEqual([400, { error: "personalization_questions[0]: unknown field price" }]);
    expect(await read(PRICED)).toEqual([asRead]);
  });

  it("holds the re-sent add-on price to the rules of a write with the flag", async () => {
    const [asRead] = (await read(PRICED)) as JsonBody[];
    const unpriced = await writeQuestions(PRICED, [without(asRead, "add_on_price")], undefined);
    expect(unpriced.status).toBe(400);
    expect(unpriced.body.error).toMatch(/^personalization_questions\[0\]\.add_on_price: is required when re-sending/);
    const required = await writeQuestions(PRICED, [{ ...asRead, required: true }], undefined);
    expect([required.status, required.body]).toEqual([
      400,
      {
        error:
          "personalization_questions[0].add_on_price: only optional (required: false) text_input questions may have an add-on price; send 0 or null for none",
      },
    ]);
    const removed = await writeQuestions(PRICED, [{ ...asRead, add_on_price: null }], undefined);
    expect(removed.body.personalization_questions).toEqual([{ ...asRead, add_on_price: null }]);
  });
});

describe("fields beyond the OAS request body", () => {
  it("are refused with 400 naming them, at any depth", async () => {
    const cases: Array<[unknown, string]> = [
      [{ personalization_questions: [NOTE], listing_id: 1 }, "body: unknown field listing_id"],
      [{ personalization_questions: [{ ...NOTE, price: 2 }] }, "personalization_questions[0]: unknown field price"],
      [
        { personalization_questions: [{ ...FONT, options: [{ label: "Serif", colour: "red" }] }] },
        "personalization_questions[0].options[0]: unknown field colour",
      ],
    ];
    for (const [body, error] of cases) {
      const result = await write(WITHOUT_QUESTION, body);
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ error });
    }
  });
});

describe("supports_multiple_personalization_questions", () => {
  it("takes true and 1 as the flag, false and 0 as its absence", async () => {
    for (const flag of ["true", "1"])
      expect((await writeQuestions(WITHOUT_QUESTION, [NOTE, FONT], flag)).status).toBe(201);
    for (const flag of ["false", "0"]) expect((await writeQuestions(WITHOUT_QUESTION, [NOTE], flag)).status).toBe(409);
  });
});

describe("add_on_price", () => {
  it("is refused before 2026-07-20, except as null or 0", async () => {
    await setPhase("multi-question");
    const refused = await writeQuestions(WITHOUT_QUESTION, [{ ...NOTE, add_on_price: 2.5 }]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error:
        "personalization_questions[0].add_on_price: add-on prices are taken from 2026-07-20; send null or leave it out",
    });
    expect((await writeQuestions(WITHOUT_QUESTION, [{ ...NOTE, add_on_price: null }])).status).toBe(201);
    expect((await writeQuestions(WITHOUT_QUESTION, [{ ...NOTE, add_on_price: 0 }])).status).toBe(201);
  });

  it("is stored as Money in the shop's currency, from a number or from Money", async () => {
    await setPhase("add-on-prices");
    const result = await writeQuestions(WITHOUT_QUESTION, [
      { ...NOTE, add_on_price: 2.5 },
      { ...NOTE, question_text: "Second note", add_on_price: { amount: 1250, divisor: 1000, currency_code: "USD" } },
    ]);
    expect(result.status).toBe(201);
    expect((result.body.personalization_questions as JsonBody[]).map((question) => question.add_on_price)).toEqual([
      usd(250),
      usd(125),
    ]);
  });

  it("is seeded on a few optional text questions only in the periods that have add-on prices", async () => {
    expect((await read(PRICED))[0].add_on_price).toEqual(usd(250));
    const before = await startTestSandbox({ phase: "multi-question" });
    try {
      const [question] = (await storedListing(before.url, PRICED)).personalization.personalization_questions;
      expect(question).toMatchObject({ required: false, add_on_price: null });
    } finally {
      await before.close();
    }
  });

  const refusals: Array<[string, unknown, string]> = [
    [
      "on a required question",
      { ...NOTE, required: true, add_on_price: 2 },
      "personalization_questions[0].add_on_price: only optional (required: false) text_input questions may have an add-on price; send 0 or null for none",
    ],
    [
      "on a dropdown",
      { ...FONT, required: false, add_on_price: 2 },
      "personalization_questions[0].add_on_price: only optional (required: false) text_input questions may have an add-on price; send 0 or null for none",
    ],
    [
      "in another currency",
      { ...NOTE, add_on_price: { amount: 200, divisor: 100, currency_code: "EUR" } },
      "personalization_questions[0].add_on_price: currency_code must be the shop's currency, USD",
    ],
    [
      "below zero",
      { ...NOTE, add_on_price: -1 },
      "personalization_questions[0].add_on_price: must be a number of the shop's currency, or a Money object {amount, divisor, currency_code}, of 0 or more",
    ],
    [
      "of a fraction of a cent",
      { ...NOTE, add_on_price: 1.005 },
      "personalization_questions[0].add_on_price: must be a whole number of cents of USD",
    ],
  ];
  for (const [what, question, error] of refusals) {
    it(`is refused ${what}`, async () => {
      const result = await writeQuestions(WITHOUT_QUESTION, [question]);
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ error });
    });
  }
});

describe("re-sending a question that has an add-on price", () => {
  const resent = async () => {
    const [question] = (await read(PRICED)) as JsonBody[];
    return { question, withoutPrice: without(question, "add_on_price") };
  };

  it("from 2026-08-20, without add_on_price, is refused with 400 naming it, and nothing changes", async () => {
    const { withoutPrice } = await resent();
    const result = await writeQuestions(PRICED, [withoutPrice]);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      error:
        "personalization_questions[0].add_on_price: is required when re-sending a question that has an add-on price; send its current value to keep it, or 0 or null to remove it",
    });
    expect((await read(PRICED))[0].add_on_price).toEqual(usd(250));
  });

  it("keeps the price with its current value and removes it with 0 or null", async () => {
    const { question } = await resent();
    expect((await writeQuestions(PRICED, [question])).body.personalization_questions[0].add_on_price).toEqual(usd(250));
    expect(
      (await writeQuestions(PRICED, [{ ...question, add_on_price: 0 }])).body.personalization_questions[0],
    ).toMatchObject({ question_id: question.question_id, add_on_price: null });
    await writeQuestions(PRICED, [question]);
    expect((await writeQuestions(PRICED, [{ ...question, add_on_price: null }])).status).toBe(201);
    expect((await read(PRICED))[0].add_on_price).toBe(null);
  });

  it("is not a re-send without its question_id: a new question needs no price", async () => {
    const { withoutPrice } = await resent();
    const asNew = without(withoutPrice, "question_id");
    expect((await writeQuestions(PRICED, [asNew])).status).toBe(201);
  });

  it("between 2026-07-20 and 2026-08-20, without add_on_price, drops the price (full replacement)", async () => {
    await setPhase("add-on-prices");
    const { withoutPrice } = await resent();
    expect((await writeQuestions(PRICED, [withoutPrice])).status).toBe(201);
    expect((await read(PRICED))[0].add_on_price).toBe(null);
  });
});
