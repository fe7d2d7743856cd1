import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./server.js";
import { DEMO_APP } from "./store/seed.js";
import { ADA, callApi, issueTokensFor, sandboxControl, type JsonBody } from "../test/harness/sandbox.js";

// A space's byte budget and its bounds on shipments and tokens (docs/sandbox.md, "A space for each CI job"), on a
// sandbox whose spaces are small enough to fill.

const KB = 1024;
const BUDGET = 512 * KB;
const REFUSAL_END = "Reset the space (POST /__sandbox/reset under its base URL) or create another space for the rest.";

let small: RunningSandbox;
beforeAll(async () => {
  small = await startSandbox({
    port: 0,
    db: ":memory:",
    phase: undefined,
    spaceLimits: { bytes: BUDGET, shipments_per_receipt: 2, refunds_per_receipt: 2, tokens: 6 },
  });
});
afterAll(() => small.close());

async function space() {
  const created = await sandboxControl(small.url, "/spaces", {});
  expect(created.status, created.text).toBe(201);
  return created.body as { id: string; base_url: string };
}

const edit = (base: string, listingId: number, description: string) =>
  sandboxControl(base, `/listings/${listingId}`, { description }, "PATCH");

describe("a space's byte budget", () => {
  it("refuses text past its bytes with 403 and the bounds' sentence, keeps what it stored, and takes it again once reset", async () => {
    const { base_url: base } = await space();
    const seller = await sandboxControl(base, "/sellers", { listings: 20 });
    expect(seller.status, seller.text).toBe(201);
    const ids = seller.body.listing_ids as number[];
    const text = "x".repeat(60 * KB);
    let refused: JsonBody | undefined;
    let index = 0;
    for (; index < ids.length && !refused; index++) {
      const answer = await edit(base, ids[index]!, text);
      if (answer.status === 403) refused = answer.body;
      else expect(answer.status, answer.text).toBe(200);
    }
    expect(index).toBeLessThanOrEqual(Math.ceil(BUDGET / (60 * KB)) + 1);
    expect(refused?.error).toMatch(
      /^This space holds at most 524,288 bytes of listing text, order answers, shipments, refunds and tokens and has [\d,]+, no room for 61,4\d\d more\. /,
    );
    expect(refused?.error).toContain(REFUSAL_END);
    const kept = await sandboxControl(base, `/listings/${ids[index - 1]}`);
    expect(kept.body.description).not.toBe(text);
    // The marketplace API's writes count against the same budget.
    const token = (await issueTokensFor(base, { user_id: ADA.user_id, scopes: ["listings_w"] })).access_token;
    const draft = await callApi(base, `shops/${ADA.shop_id}/listings`, {
      token,
      form: {
        quantity: "1",
        title: "Big",
        description: text,
        price: "5.00",
        who_made: "i_did",
        when_made: "made_to_order",
        taxonomy_id: "1",
      },
    });
    expect(draft.status, draft.text).toBe(403);
    expect(draft.body.error).toMatch(/^This space holds at most 524,288 bytes/);
    expect((await sandboxControl(base, "/reset", {})).status).toBe(200);
    expect((await edit(base, 1_000_000_001, text)).status).toBe(200);
  });
});

describe("a space's shipments and tokens", () => {
  it("refuses a shipment past the most one receipt holds, and tokens past the most the space holds", async () => {
    const { base_url: base } = await space();
    const token = (await issueTokensFor(base, { user_id: ADA.user_id, scopes: ["transactions_r", "transactions_w"] }))
      .access_token;
    const open = await callApi(base, `shops/${ADA.shop_id}/receipts?was_shipped=false&limit=1`, { token });
    expect(open.status, open.text).toBe(200);
    const receiptId = open.body.results[0].receipt_id as number;
    const ship = () =>
      callApi(base, `shops/${ADA.shop_id}/receipts/${receiptId}/tracking`, {
        token,
        json: { tracking_code: "9400111899223856789012", carrier_name: "usps" },
      });
    expect((await ship()).status).toBe(200);
    expect((await ship()).status).toBe(200);
    const third = await ship();
    expect(third.status).toBe(403);
    expect(third.body.error).toBe(`This space holds at most 2 shipments on one receipt and has 2. ${REFUSAL_END}`);
    const stored = await callApi(base, `shops/${ADA.shop_id}/receipts/${receiptId}`, { token });
    expect(stored.body.shipments).toHaveLength(2);

    // Two tokens (access and refresh) issued above, four more fit, then none.
    const grant = { user_id: ADA.user_id, scopes: ["shops_r"] };
    await issueTokensFor(base, grant);
    await issueTokensFor(base, grant);
    const refused = await sandboxControl(base, "/tokens", {
      keystring: DEMO_APP.keystring,
      user_id: ADA.user_id,
      scopes: ["shops_r"],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(`This space holds at most 6 tokens and has 6, no room for 2 more. ${REFUSAL_END}`);
  });
});

describe("a space's refunds", () => {
  it("refuses a refund past the most one receipt holds, keeping the refunds it stored", async () => {
    const { base_url: base } = await space();
    const token = (await issueTokensFor(base, { user_id: ADA.user_id, scopes: ["transactions_r"] })).access_token;
    const open = await callApi(base, `shops/${ADA.shop_id}/receipts?was_shipped=false&limit=1`, { token });
    const receiptId = open.body.results[0].receipt_id as number;
    const refund = () => sandboxControl(base, `/receipts/${receiptId}/refund`, { amount: 1, reason: "A cent back" });
    expect((await refund()).status).toBe(200);
    expect((await refund()).status).toBe(200);
    const third = await refund();
    expect(third.status).toBe(403);
    expect(third.body.error).toBe(`This space holds at most 2 refunds on one receipt and has 2. ${REFUSAL_END}`);
    const stored = await callApi(base, `shops/${ADA.shop_id}/receipts/${receiptId}`, { token });
    expect(stored.body.refunds).toHaveLength(2);
  });
});
