import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ADA,
  advanceClock,
  callApi,
  issueTokensFor,
  sandboxControl,
  type JsonBody,
  textQuestion,
  writeAdaQuestions,
} from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

// docs/marketplace.md §14: listing webhooks as the live marketplace delivers them: a flat body, signed with the
// Standard Webhooks headers, retried on the Standard Webhooks schedule.
const sandbox = useSeededSandbox({ phase: "webhooks" });

type Received = { headers: IncomingHttpHeaders; body: string };

/** An endpoint that records what it receives, answering `statuses` in turn and then 200. */
let receiver: Server;
let receiverUrl: string;
let received: Received[];
let statuses: number[];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, "localhost", listening));
  receiverUrl = `http://localhost:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise((closed) => receiver.close(closed)));

let token: string;
beforeEach(async () => {
  received = [];
  statuses = [];
  token = (await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["listings_r", "listings_w"] }))
    .access_token;
});

const LISTING = 1_000_000_002;
const resourceUrl = (listingId: number) => `${sandbox.url}/v3/application/listings/${listingId}`;
const subscribe = async (events?: string[]) =>
  (await sandboxControl(sandbox.url, "/webhooks", { url: receiverUrl, ...(events && { events }) })).body as {
    id: string;
    secret: string;
  };

async function receivedCount(count: number, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  while (received.length < count && Date.now() < until) await new Promise((wait) => setTimeout(wait, 10));
  expect(received).toHaveLength(count);
  return received;
}

/** Nothing more arrives for a while (long enough for an attempt that was due to be made and answered). */
async function stillReceived(count: number) {
  await new Promise((wait) => setTimeout(wait, 150));
  expect(received).toHaveLength(count);
}

type DeliveryView = {
  id: string;
  attempts: number;
  state: string;
  status: number | null;
  last_attempt_at: number | null;
  next_attempt_at: number | null;
};

const subscription = async (id: string) =>
  (await sandboxControl(sandbox.url, `/webhooks/${id}`)).body as {
    disabled_at: number | null;
    deliveries: DeliveryView[];
  };

/** The one delivery of subscription `id`, once its attempt in flight is answered. */
async function onlyDelivery(id: string) {
  let delivery: DeliveryView | undefined;
  for (const until = Date.now() + 3000; Date.now() < until; await new Promise((wait) => setTimeout(wait, 10))) {
    const { deliveries } = await subscription(id);
    expect(deliveries).toHaveLength(1);
    delivery = deliveries[0]!;
    if (delivery.state !== "pending" || delivery.next_attempt_at !== null) break;
  }
  return delivery!;
}

/** A change the seller makes in Shop Manager: no token, so it works however far the clock has moved. */
async function shopManagerRename(title: string) {
  expect((await sandboxControl(sandbox.url, `/listings/${LISTING}`, { title }, "PATCH")).status).toBe(200);
}

const setClock = (at: number) => sandboxControl(sandbox.url, "/clock", { at });

/** The event, once its signature checks out with the subscription's secret (as a receiver using the library would). */
const verified = (secret: string, delivery: Received) =>
  new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as JsonBody;

const writeQuestion = () =>
  writeAdaQuestions(sandbox.url, token, LISTING, [
    textQuestion({ instructions: "Name to engrave", required: true, max_allowed_characters: 20 }),
  ]);

describe("subscriptions through the control API", () => {
  it("return a whsec_ signing secret, are listed, and are deleted", async () => {
    const created = await sandboxControl(sandbox.url, "/webhooks", { url: receiverUrl });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      url: receiverUrl,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
      events: ["listing.created", "listing.updated", "listing.deleted", "order.paid"],
    });
    expect((await sandboxControl(sandbox.url, "/webhooks")).body.webhooks).toEqual([created.body]);
    expect((await sandboxControl(sandbox.url, `/webhooks/${created.body.id}`, undefined, "DELETE")).status).toBe(204);
    expect((await sandboxControl(sandbox.url, `/webhooks/${created.body.id}`, undefined, "DELETE")).status).toBe(404);
    expect((await sandboxControl(sandbox.url, "/webhooks")).body.webhooks).toEqual([]);
  });

  it("refuse a URL that is not http or https", async () => {
    const refused = await sandboxControl(sandbox.url, "/webhooks", { url: "ftp://example.com/" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "url: must be an http or https URL" });
  });
});

describe("listing.updated", () => {
  it("arrives signed with the live marketplace's flat body: event_type, resource_url and shop_id, no data attribute", async () => {
    const { secret } = await subscribe();
    expect((await writeQuestion()).status).toBe(201);
    const [delivery] = await receivedCount(1);
    expect(delivery!.headers["webhook-id"]).toMatch(/^msg_/);
    expect(verified(secret, delivery!)).toEqual({
      event_type: "listing.updated",
      resource_url: resourceUrl(LISTING),
      shop_id: ADA.shop_id,
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.from("another secret!").toString("base64")}`).verify(
        delivery!.body,
        delivery!.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it("names a listing whose resource_url the API answers with the change", async () => {
    const { secret } = await subscribe();
    const edit = await sandboxControl(
      sandbox.url,
      `/listings/${LISTING}`,
      {
        title: "Renamed in Shop Manager",
        personalization_questions: [
          { question_type: "dropdown", question_text: "Colour", required: true, options: [{ label: "Red" }] },
        ],
      },
      "PATCH",
    );
    expect(edit.status).toBe(200);
    const [delivery] = await receivedCount(1);
    const event = verified(secret, delivery!);
    const read = await callApi(sandbox.url, new URL(event.resource_url as string).pathname, { token });
    expect(read.body).toMatchObject({ listing_id: LISTING, title: "Renamed in Shop Manager" });
  });

  it("also follows removals of questions, listing edits and the marketplace removing a listing", async () => {
    const { secret } = await subscribe();
    const changes = [
      () =>
        callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${LISTING}/personalization`, { method: "DELETE", token }),
      () =>
        callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${LISTING}`, {
          method: "PATCH",
          token,
          form: { title: "New title" },
        }),
      () => sandboxControl(sandbox.url, "/listings/1000000001/remove", {}),
    ];
    for (const [index, change] of changes.entries()) {
      expect((await change()).status).toBeLessThan(300);
      await receivedCount(index + 1);
    }
    const events = received.map((delivery) => verified(secret, delivery));
    expect(events.map((event) => [event.event_type, event.resource_url])).toEqual([
      ["listing.updated", resourceUrl(LISTING)],
      ["listing.updated", resourceUrl(LISTING)],
      ["listing.updated", resourceUrl(1_000_000_001)],
    ]);
  });
});

describe("listing.created and listing.deleted", () => {
  it("arrive for createDraftListing and for a deletion in Shop Manager, to subscribers of those events", async () => {
    const { secret } = await subscribe(["listing.created", "listing.deleted"]);
    await writeQuestion();
    await stillReceived(0);
    const draft = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
      token,
      form: { quantity: "1", title: "A new draft", description: "Made to order", price: "12.50" },
    });
    expect(draft.status).toBe(201);
    await receivedCount(1);
    expect((await sandboxControl(sandbox.url, `/listings/${LISTING}`, undefined, "DELETE")).status).toBe(204);
    const events = (await receivedCount(2)).map((delivery) => verified(secret, delivery));
    expect(events).toEqual([
      { event_type: "listing.created", resource_url: resourceUrl(draft.body.listing_id), shop_id: ADA.shop_id },
      { event_type: "listing.deleted", resource_url: resourceUrl(LISTING), shop_id: ADA.shop_id },
    ]);
    expect((await sandboxControl(sandbox.url, `/listings/${LISTING}`)).status).toBe(404);
  });
});

describe("order.paid", () => {
  const NAME_NECKLACE = 1_000_000_001;
  const placeOrder = async (paid: boolean) => {
    const listing = await sandboxControl(sandbox.url, `/listings/${NAME_NECKLACE}`);
    const questionId = listing.body.personalization.personalization_questions[0].question_id as number;
    const placed = await sandboxControl(sandbox.url, "/orders", {
      listing_id: NAME_NECKLACE,
      paid,
      answers: [{ question_id: questionId, value: "Iris" }],
    });
    expect(placed.status, placed.text).toBe(201);
    return placed.body.receipt_id as number;
  };

  it("arrives signed, flat, its resource_url naming the receipt under its shop, which the API answers", async () => {
    const { secret } = await subscribe();
    const receiptId = await placeOrder(true);
    const [delivery] = await receivedCount(1);
    const event = verified(secret, delivery!);
    expect(event).toEqual({
      event_type: "order.paid",
      resource_url: `${sandbox.url}/v3/application/shops/${ADA.shop_id}/receipts/${receiptId}`,
      shop_id: ADA.shop_id,
    });
    const seller = await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["transactions_r"] });
    const read = await callApi(sandbox.url, new URL(event.resource_url as string).pathname, {
      token: seller.access_token,
    });
    expect(read.body).toMatchObject({ receipt_id: receiptId, is_paid: true });
    expect(read.body.transactions[0]).toMatchObject({ listing_id: NAME_NECKLACE });
  });

  it("is not sent for an order not paid, nor to a subscription of listing events only", async () => {
    await subscribe();
    await placeOrder(false);
    await stillReceived(0);
    await sandboxControl(sandbox.url, "/webhooks", { url: receiverUrl, events: ["listing.updated"] });
    await placeOrder(true);
    await receivedCount(1);
    await stillReceived(1);
  });

  it("is sent for an order held in payment review when it settles paid, not before, and not when it settles cancelled", async () => {
    await subscribe();
    const listing = await sandboxControl(sandbox.url, `/listings/${NAME_NECKLACE}`);
    const questionId = listing.body.personalization.personalization_questions[0].question_id as number;
    const held = async () =>
      (
        await sandboxControl(sandbox.url, "/orders", {
          listing_id: NAME_NECKLACE,
          payment_review: true,
          answers: [{ question_id: questionId, value: "Iris" }],
        })
      ).body.receipt_id as number;
    const receiptId = await held();
    await stillReceived(0);
    const settled = await sandboxControl(sandbox.url, `/receipts/${receiptId}/settle`, { outcome: "paid" });
    expect(settled.status, settled.text).toBe(200);
    const [delivery] = await receivedCount(1);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event_type: "order.paid",
      resource_url: `${sandbox.url}/v3/application/shops/${ADA.shop_id}/receipts/${receiptId}`,
    });
    await sandboxControl(sandbox.url, `/receipts/${await held()}/settle`, { outcome: "canceled" });
    await stillReceived(1);
  });

  it("has no shipment counterpart: shipping a receipt sends nothing, the marketplace having no such event", async () => {
    const receiptId = await placeOrder(true);
    await subscribe();
    const seller = await issueTokensFor(sandbox.url, { user_id: ADA.user_id, scopes: ["transactions_w"] });
    const shipped = await callApi(sandbox.url, `shops/${ADA.shop_id}/receipts/${receiptId}/tracking`, {
      token: seller.access_token,
      json: { tracking_code: "9400111899223856789012", carrier_name: "usps" },
    });
    expect(shipped.status, shipped.text).toBe(200);
    await stillReceived(0);
  });
});

describe("delivery", () => {
  const SCHEDULE = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

  it("retries on the live schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) as the sandbox clock moves, with one webhook-id, then gives up", async () => {
    const { id, secret } = await subscribe();
    statuses = Array<number>(SCHEDULE.length + 1).fill(500);
    await writeQuestion();
    for (const [retry, wait] of SCHEDULE.entries()) {
      await receivedCount(retry + 1);
      const delivery = await onlyDelivery(id);
      expect(delivery).toMatchObject({ attempts: retry + 1, state: "pending", status: 500 });
      expect(delivery.next_attempt_at! - delivery.last_attempt_at!).toBeGreaterThanOrEqual(wait);
      expect(delivery.next_attempt_at! - delivery.last_attempt_at!).toBeLessThanOrEqual(wait + 1);
      await setClock(delivery.next_attempt_at! - 3);
      await stillReceived(retry + 1);
      await setClock(delivery.next_attempt_at!);
    }
    const attempts = await receivedCount(SCHEDULE.length + 1);
    expect(new Set(attempts.map((attempt) => attempt.headers["webhook-id"])).size).toBe(1);
    for (const attempt of attempts) expect(verified(secret, attempt).event_type).toBe("listing.updated");
    expect(await onlyDelivery(id)).toMatchObject({ attempts: 8, state: "failed", next_attempt_at: null });
    await advanceClock(sandbox.url, 86_400);
    await stillReceived(SCHEDULE.length + 1);
  });

  it("stops retrying once the endpoint answers 2xx, and shows the delivery's attempts on the home page", async () => {
    const { id } = await subscribe();
    statuses = [503];
    await writeQuestion();
    await receivedCount(1);
    await advanceClock(sandbox.url, 5);
    await receivedCount(2);
    expect(await onlyDelivery(id)).toMatchObject({
      attempts: 2,
      state: "delivered",
      status: 200,
      next_attempt_at: null,
    });
    const home = (await callApi(sandbox.url, "/")).text;
    expect(home).toContain((await onlyDelivery(id)).id);
    expect(home).toContain("delivered");
    await advanceClock(sandbox.url, 86_400);
    await stillReceived(2);
  });

  it("disables an endpoint that has failed for 5 days, sends it nothing more until it is enabled again", async () => {
    const { id } = await subscribe();
    statuses = Array<number>(10).fill(500);
    await writeQuestion();
    await receivedCount(1);
    await advanceClock(sandbox.url, 5 * 86_400);
    await receivedCount(2);
    await expect.poll(async () => (await subscription(id)).disabled_at).not.toBeNull();
    expect(await onlyDelivery(id)).toMatchObject({ attempts: 2, state: "failed", next_attempt_at: null });
    await shopManagerRename("Changed while disabled");
    await stillReceived(2);
    expect(
      (
        await sandboxControl(
          sandbox.url,
          "/webhooks/deliveries/" + (await onlyDelivery(id)).id + "/resend",
          undefined,
          "POST",
        )
      ).status,
    ).toBe(409);

    statuses = [];
    expect((await sandboxControl(sandbox.url, `/webhooks/${id}/enable`, undefined, "POST")).body).toMatchObject({
      disabled_at: null,
    });
    await shopManagerRename("Changed once enabled");
    await receivedCount(3);
  });

  it("sends a delivery again on request, with the same webhook-id and a fresh signature", async () => {
    const { id, secret } = await subscribe();
    await writeQuestion();
    const [first] = await receivedCount(1);
    const delivery = await onlyDelivery(id);
    const resent = await sandboxControl(sandbox.url, `/webhooks/deliveries/${delivery.id}/resend`, undefined, "POST");
    expect(resent.status).toBe(202);
    const [, again] = await receivedCount(2);
    expect(again!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(verified(secret, again!)).toEqual(verified(secret, first!));
    expect(await onlyDelivery(id)).toMatchObject({ attempts: 2, state: "delivered" });
    const unknown = await sandboxControl(sandbox.url, "/webhooks/deliveries/msg_unknown/resend", undefined, "POST");
    expect([unknown.status, unknown.body]).toEqual([404, { error: "No recent delivery msg_unknown." }]);
  });

  it("sends nothing before the webhooks phase", async () => {
    await subscribe();
    await sandboxControl(sandbox.url, "/phase", { phase: "add-on-resend" });
    await writeQuestion();
    await stillReceived(0);
  });
});
