import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADA, callApi, issueTokensFor, sandboxControl, type JsonBody } from "../test/harness/sandbox.js";
import { useSeededSandbox } from "../test/harness/use-sandbox.js";

// docs/marketplace.md §14: listing webhooks, signed with the Standard Webhooks headers.
const sandbox = useSeededSandbox({ phase: "webhooks", webhookRetryMs: [50, 100] });

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

/** The event, once its signature checks out with the subscription's secret (as a receiver using the library would). */
const verified = (secret: string, delivery: Received) =>
  new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as JsonBody;

const writeQuestion = () =>
  callApi(sandbox.url, `shops/${ADA.shop_id}/listings/${LISTING}/personalization`, {
    token,
    json: {
      personalization_questions: [
        {
          question_type: "text_input",
          question_text: "Personalization",
          instructions: "Name to engrave",
          required: true,
          max_allowed_characters: 20,
        },
      ],
    },
  });

describe("subscriptions through the control API", () => {
  it("return a whsec_ signing secret, are listed, and are deleted", async () => {
    const created = await sandboxControl(sandbox.url, "/webhooks", { url: receiverUrl });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      url: receiverUrl,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
      events: ["listing.created", "listing.updated", "listing.deleted"],
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
  it("arrives signed for a personalization write through the API, with the listing as data", async () => {
    const { secret } = await subscribe();
    expect((await writeQuestion()).status).toBe(201);
    const [delivery] = await receivedCount(1);
    const event = verified(secret, delivery!);
    expect(event).toMatchObject({
      event_type: "listing.updated",
      event_id: delivery!.headers["webhook-id"],
      created_at: expect.any(Number),
      data: {
        listing_id: LISTING,
        is_personalizable: true,
        personalization: { personalization_questions: [expect.objectContaining({ instructions: "Name to engrave" })] },
      },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.from("another secret!").toString("base64")}`).verify(
        delivery!.body,
        delivery!.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it("arrives signed when the seller changes the listing in Shop Manager (PATCH /__sandbox/listings/:id)", async () => {
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
    expect(verified(secret, delivery!)).toMatchObject({
      event_type: "listing.updated",
      data: {
        listing_id: LISTING,
        title: "Renamed in Shop Manager",
        personalization: { personalization_questions: [expect.objectContaining({ question_text: "Colour" })] },
      },
    });
  });

  it("also follows removals, listing edits and the legacy is_personalizable=false path", async () => {
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
      () =>
        callApi(sandbox.url, `shops/${ADA.shop_id}/listings/1000000001`, {
          method: "PATCH",
          token,
          form: { is_personalizable: "false" },
        }),
    ];
    for (const [index, change] of changes.entries()) {
      expect((await change()).status).toBeLessThan(300);
      await receivedCount(index + 1);
    }
    const events = received.map((delivery) => verified(secret, delivery));
    expect(events.map((event) => [event.event_type, event.data.listing_id])).toEqual([
      ["listing.updated", LISTING],
      ["listing.updated", LISTING],
      ["listing.updated", 1_000_000_001],
    ]);
    expect(events[1].data.title).toBe("New title");
    expect(events[2].data.personalization.personalization_questions).toEqual([]);
  });
});

describe("listing.created and listing.deleted", () => {
  it("arrive for createDraftListing and for a deletion in Shop Manager, to subscribers of those events", async () => {
    const { secret } = await subscribe(["listing.created", "listing.deleted"]);
    await writeQuestion();
    await new Promise((wait) => setTimeout(wait, 100));
    expect(received).toEqual([]);
    const draft = await callApi(sandbox.url, `shops/${ADA.shop_id}/listings`, {
      token,
      form: { quantity: "1", title: "A new draft", description: "Made to order", price: "12.50" },
    });
    expect(draft.status).toBe(201);
    await receivedCount(1);
    expect((await sandboxControl(sandbox.url, `/listings/${LISTING}`, undefined, "DELETE")).status).toBe(204);
    const events = (await receivedCount(2)).map((delivery) => verified(secret, delivery));
    expect(events[0]).toMatchObject({
      event_type: "listing.created",
      data: { listing_id: draft.body.listing_id, state: "draft" },
    });
    expect(events[1]).toMatchObject({
      event_type: "listing.deleted",
      data: { listing_id: LISTING, shop_id: ADA.shop_id, user_id: ADA.user_id },
    });
    expect((await sandboxControl(sandbox.url, `/listings/${LISTING}`)).status).toBe(404);
  });
});

describe("delivery", () => {
  it("retries an endpoint that fails, with the same webhook-id, until it answers 2xx", async () => {
    const { secret } = await subscribe();
    statuses = [500, 503];
    await writeQuestion();
    const attempts = await receivedCount(3);
    expect(new Set(attempts.map((attempt) => attempt.headers["webhook-id"])).size).toBe(1);
    for (const attempt of attempts) expect(verified(secret, attempt).event_type).toBe("listing.updated");
    const [delivery] = (await sandboxControl(sandbox.url, "/webhooks")).body.deliveries;
    expect(delivery).toMatchObject({ attempts: 3, state: "delivered", status: 200 });
    expect((await callApi(sandbox.url, "/")).text).toContain("delivered");
  });

  it("gives up after the last retry", async () => {
    await subscribe();
    statuses = [500, 500, 500, 500];
    await writeQuestion();
    await receivedCount(3);
    await new Promise((wait) => setTimeout(wait, 200));
    expect(received).toHaveLength(3);
    expect((await sandboxControl(sandbox.url, "/webhooks")).body.deliveries[0]).toMatchObject({
      attempts: 3,
      state: "failed",
      status: 500,
    });
  });

  it("sends nothing before the webhooks phase", async () => {
    await subscribe();
    await sandboxControl(sandbox.url, "/phase", { phase: "add-on-resend" });
    await writeQuestion();
    await new Promise((wait) => setTimeout(wait, 200));
    expect(received).toEqual([]);
  });
});
