import { describe, expect, it } from "vitest";
import { ADA, callApi, http, issueTokensFor, sandboxControl, type JsonBody } from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";
import { GIFT_NOTE_QUESTION } from "../test/harness/wire-questions.js";
import { liveComponentErrors, liveOperation, liveSchemaErrors } from "../test/harness/live-oas.js";
import { enumRefusal } from "./api/routes.js";
import { DEMO_SELLERS } from "./store/seed.js";

// Today's marketplace: several questions of every type, add-on prices.
const sandbox = useSeededSandbox({ phase: undefined });

const LISTING = 1_000_000_002;
const LISTING_PRICE = 1525;
const SCOPES = ["listings_r", "listings_w", "shops_r", "transactions_r"];

const tokenOf = async (scopes = SCOPES, userId: number = ADA.user_id) =>
  (await issueTokensFor(sandbox.url, { user_id: userId, scopes })).access_token;

/** Four questions, one of each kind of rule, on a listing that had none. */
async function askFourQuestions() {
  const written = await callApi(
    sandbox.url,
    `shops/${ADA.shop_id}/listings/${LISTING}/personalization?supports_multiple_personalization_questions=true`,
    {
      token: await tokenOf(),
      json: {
        personalization_questions: [
          { question_type: "text_input", question_text: "Name", required: true, max_allowed_characters: 10 },
          GIFT_NOTE_QUESTION,
          {
            question_type: "dropdown",
            question_text: "Thread colour",
            required: true,
            options: [{ label: "Gold" }, { label: "Silver" }],
          },
          { question_type: "unlabeled_upload", question_text: "Photo", required: true, max_allowed_files: 1 },
        ],
      },
    },
  );
  expect(written.status, written.text).toBe(201);
  const [name, note, colour, photo] = written.body.personalization_questions as JsonBody[];
  return { name, note, colour, photo };
}

const order = (body: unknown) => sandboxControl(sandbox.url, "/orders", body);

async function goodOrder() {
  const { name, note, colour, photo } = await askFourQuestions();
  const answers = [
    { question_id: name.question_id, value: "Ada" },
    { question_id: note.question_id, value: "Happy birthday" },
    { question_id: colour.question_id, value: "Silver" },
    { question_id: photo.question_id, files: ["cat.jpg"] },
  ];
  return { questions: { name, note, colour, photo }, answers };
}

const receiptCount = () => sandbox.state.db.prepare("SELECT COUNT(*) FROM receipts").pluck().get() as number;

describe("POST /__sandbox/orders", () => {
  it("stores the answers as the OAS's variations, worded as asked, the add-on price added to the price", async () => {
    const { questions, answers } = await goodOrder();
    const placed = await order({ listing_id: LISTING, quantity: 2, buyer: { name: "Rae Buyer" }, answers });
    expect(placed.status, placed.text).toBe(201);
    const [transaction] = placed.body.transactions as JsonBody[];
    expect(transaction.price).toEqual({ amount: LISTING_PRICE + 300, divisor: 100, currency_code: "USD" });
    expect(transaction.quantity).toBe(2);
    expect(transaction.variations).toEqual([
      {
        property_id: 54,
        value_id: null,
        formatted_name: "Name",
        formatted_value: "Ada",
        question_id: questions.name.question_id,
      },
      {
        property_id: 54,
        value_id: null,
        formatted_name: "Gift note",
        formatted_value: "Happy birthday",
        question_id: questions.note.question_id,
      },
      {
        property_id: 54,
        value_id: questions.colour.options[1].option_id,
        formatted_name: "Thread colour",
        formatted_value: "Silver",
        question_id: questions.colour.question_id,
      },
      {
        property_id: 54,
        value_id: null,
        formatted_name: "Photo",
        formatted_value: "cat.jpg",
        question_id: questions.photo.question_id,
      },
    ]);
    expect(placed.body).toMatchObject({ name: "Rae Buyer", is_paid: true, is_shipped: false, status: "paid" });
  });

  it("charges no add-on price for an optional question left unanswered, and sends no variation for it", async () => {
    const { answers } = await goodOrder();
    const placed = await order({ listing_id: LISTING, answers: answers.filter((answer, index) => index !== 1) });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.transactions[0].price.amount).toBe(LISTING_PRICE);
    expect(placed.body.transactions[0].variations.map((variation: JsonBody) => variation.formatted_name)).toEqual([
      "Name",
      "Thread colour",
      "Photo",
    ]);
  });

  it.each([
    [
      "a required answer missing",
      (a: JsonBody[]) => a.filter((_, index) => index !== 0),
      /question \d+ \("Name"\) is required/,
    ],
    [
      "an answer over the limit",
      (a: JsonBody[]) => [{ ...a[0], value: "Ada Lovelace" }, ...a.slice(1)],
      /\("Name"\) takes at most 10 characters; the answer has 12/,
    ],
    [
      "a choice the dropdown lacks",
      (a: JsonBody[]) => [...a.slice(0, 2), { ...a[2], value: "Bronze" }, a[3]],
      /\("Thread colour"\): "Bronze" is not one of its choices \(Gold, Silver\)/,
    ],
    [
      "an upload's path for a file name",
      (a: JsonBody[]) => [...a.slice(0, 3), { ...a[3], files: ["../etc/passwd"] }],
      /\("Photo"\): "..\/etc\/passwd" is not a file name/,
    ],
    [
      "an upload question with no file",
      (a: JsonBody[]) => [...a.slice(0, 3), { ...a[3], files: [] }],
      /\("Photo"\) requires a file/,
    ],
    [
      "two files where one is allowed",
      (a: JsonBody[]) => [...a.slice(0, 3), { ...a[3], files: ["a.jpg", "b.jpg"] }],
      /takes at most 1 file/,
    ],
  ])("refuses %s with 400 naming the question and rule, storing nothing", async (_name, breakRule, message) => {
    const { answers } = await goodOrder();
    const before = receiptCount();
    const refused = await order({ listing_id: LISTING, answers: breakRule(answers) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(message);
    expect(receiptCount()).toBe(before);
  });

  it("refuses an answer to a question the listing does not ask, and an order of a listing that is not active", async () => {
    const { answers } = await goodOrder();
    const unknown = await order({ listing_id: LISTING, answers: [...answers, { question_id: 7, value: "x" }] });
    expect([unknown.status, unknown.body.error]).toEqual([
      400,
      expect.stringMatching(/^answers\[4\]\.question_id: listing 1000000002 has no question 7/),
    ]);
    const inactive = await order({ listing_id: 1_000_000_016, answers: [] });
    expect([inactive.status, inactive.body.error]).toEqual([
      409,
      "listing_id: listing 1000000016 is inactive; buyers can order only active listings.",
    ]);
    expect((await order({ listing_id: 5, answers: [] })).status).toBe(404);
  });

  it("ships a receipt once", async () => {
    const { answers } = await goodOrder();
    const placed = await order({ listing_id: LISTING, answers });
    const shipped = await sandboxControl(sandbox.url, `/receipts/${placed.body.receipt_id}/shipment`, {});
    expect(shipped.body).toMatchObject({ is_shipped: true, status: "completed" });
    expect((await sandboxControl(sandbox.url, `/receipts/${placed.body.receipt_id}/shipment`, {})).status).toBe(409);
  });
});

describe("the receipt reads", () => {
  it("answer as the live OAS documents getShopReceipts, getShopReceipt and both transaction reads", async () => {
    const token = await tokenOf();
    const { answers } = await goodOrder();
    const placed = await order({ listing_id: LISTING, answers });
    const receipts = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?limit=100`, { token });
    expect(receipts.status).toBe(200);
    expect(liveSchemaErrors("getShopReceipts", 200, receipts.body)).toBeNull();
    expect(receipts.body.results[0].receipt_id).toBe(placed.body.receipt_id);
    const receipt = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${placed.body.receipt_id}`, { token });
    expect(liveSchemaErrors("getShopReceipt", 200, receipt.body)).toBeNull();
    expect(receipt.body).toEqual(placed.body);
    const byReceipt = await callApi(
      sandbox.url,
      `shops/${ADA.shop_id}/receipts/${placed.body.receipt_id}/transactions`,
      { token },
    );
    expect(liveSchemaErrors("getShopReceiptTransactionsByReceipt", 200, byReceipt.body)).toBeNull();
    expect(byReceipt.body).toEqual({ count: 1, results: placed.body.transactions });
    const byShop = await callApi(sandbox.url, `shops/${ADA.shop_id}/transactions?limit=5`, { token });
    expect(liveSchemaErrors("getShopReceiptTransactionsByShop", 200, byShop.body)).toBeNull();
    expect(byShop.body.results[0]).toEqual(placed.body.transactions[0]);
    for (const variation of byShop.body.results.flatMap((result: JsonBody) => result.variations))
      expect(liveComponentErrors("TransactionVariations", variation)).toBeNull();
  });

  it("seed the demo sellers with a few dozen orders of personalized listings, some shipped", async () => {
    const token = await tokenOf();
    const all = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?limit=100`, { token });
    expect(all.body.count).toBeGreaterThanOrEqual(30);
    const open = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?was_paid=true&was_shipped=false&limit=100`, {
      token,
    });
    expect(open.body.count).toBeGreaterThan(5);
    expect(open.body.count).toBeLessThan(all.body.count);
    for (const receipt of open.body.results) expect([receipt.is_paid, receipt.is_shipped]).toEqual([true, false]);
    const answered = all.body.results.flatMap((receipt: JsonBody) =>
      receipt.transactions.flatMap((transaction: JsonBody) => transaction.variations),
    );
    expect(answered.length).toBeGreaterThan(20);
    for (const variation of answered) expect(variation.question_id).toEqual(expect.any(Number));
  });

  it("filter by creation time and page with limit and offset, newest first", async () => {
    const token = await tokenOf();
    const all = (await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?limit=100`, { token })).body;
    const times = all.results.map((receipt: JsonBody) => receipt.created_timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const middle = times[10];
    const since = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?min_created=${middle}&limit=100`, {
      token,
    });
    expect(since.body.count).toBe(times.filter((time: number) => time >= middle).length);
    const until = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?max_created=${middle}&limit=100`, {
      token,
    });
    expect(until.body.count).toBe(times.filter((time: number) => time <= middle).length);
    const second = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?limit=5&offset=5`, { token });
    expect(second.body.count).toBe(all.count);
    expect(second.body.results.map((receipt: JsonBody) => receipt.receipt_id)).toEqual(
      all.results.slice(5, 10).map((receipt: JsonBody) => receipt.receipt_id),
    );
    const wrong = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts?was_paid=maybe`, { token });
    expect([wrong.status, wrong.body.error]).toEqual([400, "Expected boolean value for was_paid"]);
  });

  it("check every enum, integer and boolean query parameter of the live OAS as the live API does", async () => {
    const token = await tokenOf();
    const paths: Record<string, string> = {
      getShopReceipts: `shops/${ADA.shop_id}/receipts`,
      getShopReceipt: `shops/${ADA.shop_id}/receipts/60001`,
      getShopReceiptTransactionsByReceipt: `shops/${ADA.shop_id}/receipts/60001/transactions`,
      getShopReceiptTransactionsByShop: `shops/${ADA.shop_id}/transactions`,
    };
    for (const [operationId, path] of Object.entries(paths)) {
      const parameters = (liveOperation(operationId).operation.parameters ?? []).filter((p) => p.in === "query");
      for (const { name, schema } of parameters) {
        const read = (value: string) => callApi(sandbox.url, `${path}?${name}=${value}`, { token });
        for (const value of schema.enum ?? []) {
          const answer = await read(value);
          expect(answer.status, `${operationId} ${name}=${value}`).toBe(200);
          expect(liveSchemaErrors(operationId, 200, answer.body)).toBeNull();
        }
        if (schema.enum)
          expect((await read("Nonsense")).body, name).toEqual({ error: enumRefusal("Nonsense", schema.enum) });
        if (schema.type === "integer")
          expect((await read("twelve")).body, name).toEqual({ error: `Expected int value for ${name}` });
        if (schema.type === "boolean") {
          expect((await read("true")).status, name).toBe(200);
          expect((await read("maybe")).body, name).toEqual({ error: `Expected boolean value for ${name}` });
        }
      }
    }
  });

  it("need transactions_r and the caller's own shop", async () => {
    const withoutScope = await tokenOf(["listings_r", "shops_r"]);
    for (const path of [
      `shops/${ADA.shop_id}/receipts`,
      `shops/${ADA.shop_id}/receipts/60001`,
      `shops/${ADA.shop_id}/receipts/60001/transactions`,
      `shops/${ADA.shop_id}/transactions`,
    ]) {
      const refused = await callApi(sandbox.url, path, { token: withoutScope });
      expect([refused.status, refused.body.error], path).toEqual([403, "insufficient_scope"]);
      const foreign = await callApi(sandbox.url, path.replace(String(ADA.shop_id), String(DEMO_SELLERS.bo.shop_id)), {
        token: await tokenOf(),
      });
      expect([foreign.status, foreign.body.error], path).toEqual([
        403,
        `Shop ${DEMO_SELLERS.bo.shop_id} does not belong to the user of this token.`,
      ]);
    }
    const missing = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/60002`, { token: await tokenOf() });
    expect([missing.status, missing.body.error]).toEqual([404, `Receipt 60002 does not exist in shop ${ADA.shop_id}.`]);
  });
});

describe("the sandbox's home page", () => {
  it("shows recent orders with each answer under its question", async () => {
    const { answers } = await goodOrder();
    const placed = await order({ listing_id: LISTING, buyer: { name: "Home Page Buyer" }, answers });
    const home = await http(`${sandbox.url}/`);
    expect(home.text).toContain("Recent orders");
    expect(home.text).toContain(`${placed.body.receipt_id}`);
    expect(home.text).toContain("Home Page Buyer");
    expect(home.text).toMatch(/Thread colour: Silver/);
  });
});
