import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./server.js";
import { SPACE_LIMITS } from "./space-limits.js";
import {
  ADA,
  callApi,
  createSeller,
  http,
  issueTokensFor,
  jsonInit,
  obtainTokensInBrowser,
  sandboxControl,
  startTestSandbox,
  type JsonBody,
} from "../test/harness/sandbox.js";

type SpaceAnswer = { id: string; base_url: string; control_url: string; ttl_seconds: number; expires_at: string };

const DAY = 24 * 3600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

async function createSpace(url: string, body: Record<string, unknown> = {}): Promise<SpaceAnswer> {
  const created = await sandboxControl(url, "/spaces", body);
  expect(created.status, created.text).toBe(201);
  return created.body as SpaceAnswer;
}

const clockOf = async (base: string) => (await sandboxControl(base, "/clock")).body.now as number;
const requestsOf = async (base: string, query = "") => {
  const result = await sandboxControl(base, `/requests${query}`);
  expect(result.status, result.text).toBe(200);
  return result.body.requests as JsonBody[];
};

describe("a space", () => {
  it("answers its id and the base URL a client points at, under which every route of the sandbox answers", async () => {
    const space = await createSpace(sandbox.url, { ttl_seconds: 600 });
    expect(space.id).toMatch(/^sp_[0-9a-f]{16}$/);
    expect(space).toMatchObject({
      base_url: `${sandbox.url}/spaces/${space.id}`,
      control_url: `${sandbox.url}/spaces/${space.id}/__sandbox`,
      ttl_seconds: 600,
      limits: SPACE_LIMITS,
    });
    expect(Date.parse(space.expires_at) - Date.now()).toBeGreaterThan(590_000);
    expect((await callApi(space.base_url, "openapi-ping")).body).toEqual({ application_id: 1 });
    // The OAuth pages, the token endpoint and the API, all under the space's base URL.
    const tokens = await obtainTokensInBrowser(space.base_url, { params: { scope: "shops_r" } });
    const me = await callApi(space.base_url, "users/me", { token: tokens.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user_id).toBe(ADA.user_id);
    // Its keys are its own: the token opens nothing in the default world.
    expect((await callApi(sandbox.url, "users/me", { token: tokens.access_token })).status).toBe(401);
    const openApi = await http(`${space.base_url}/openapi.json`);
    expect(openApi.body.servers[0].url).toBe(space.base_url);
    const listing = await callApi(space.base_url, `listings/${1_000_000_001}?includes=Images`);
    expect(listing.body.images[0].url_75x75).toMatch(new RegExp(`^${space.base_url}/images/`));
    expect((await http(listing.body.images[0].url_75x75)).status).toBe(200);
  });

  it("two used at once each see only their own sellers, clock and request log", async () => {
    const [a, b] = await Promise.all([createSpace(sandbox.url), createSpace(sandbox.url)]);
    const defaultClock = await clockOf(sandbox.url);
    const [sellerA, sellerB] = await Promise.all([
      createSeller(a.base_url, { email: "ci@example.com", listings: 2 }),
      createSeller(b.base_url, { email: "ci@example.com", listings: 5 }),
      sandboxControl(a.base_url, "/clock", { advance_seconds: DAY }),
      sandboxControl(b.base_url, "/clock", { advance_seconds: 30 * DAY }),
    ]);
    const [clockA, clockB] = await Promise.all([clockOf(a.base_url), clockOf(b.base_url)]);
    expect(clockA - defaultClock).toBeGreaterThanOrEqual(DAY);
    expect(clockA - defaultClock).toBeLessThan(DAY + 60);
    expect(clockB - defaultClock).toBeGreaterThanOrEqual(30 * DAY);
    expect(clockB - defaultClock).toBeLessThan(30 * DAY + 60);
    expect(Math.abs((await clockOf(sandbox.url)) - Math.floor(Date.now() / 1000))).toBeLessThan(5);
    // Each answer's Date header is its own space's today.
    const ping = await callApi(b.base_url, "openapi-ping");
    expect(Date.parse(ping.headers.get("date") ?? "") / 1000 - clockB).toBeGreaterThan(-5);

    const shopListings = async (base: string, seller: typeof sellerA) => {
      const { access_token } = await issueTokensFor(base, { user_id: seller.user_id, scopes: ["listings_r"] });
      const read = await callApi(base, `shops/${seller.shop_id}/listings?state=active`, { token: access_token });
      expect(read.status, read.text).toBe(200);
      return read.body.results.map((listing: JsonBody) => listing.listing_id) as number[];
    };
    // The same email in both and the same ids, each space's seller with its own listings only.
    expect(sellerA.user_id).toBe(sellerB.user_id);
    expect(await shopListings(a.base_url, sellerA)).toEqual(sellerA.listing_ids);
    expect(await shopListings(b.base_url, sellerB)).toEqual(sellerB.listing_ids);
    expect(sellerB.listing_ids).toHaveLength(5);
    expect((await sandboxControl(sandbox.url, "/sellers", { email: "ci@example.com" })).status).toBe(201);

    const edited = await http(
      `${a.control_url}/listings/${1_000_000_001}`,
      jsonInit("PATCH", { title: "Edited in space A" }),
    );
    expect(edited.status, edited.text).toBe(200);
    const titleIn = async (base: string) => (await sandboxControl(base, `/listings/${1_000_000_001}`)).body.title;
    expect(await titleIn(a.base_url)).toBe("Edited in space A");
    expect(await titleIn(b.base_url)).not.toBe("Edited in space A");
    expect(await titleIn(sandbox.url)).not.toBe("Edited in space A");

    const webhook = await sandboxControl(a.base_url, "/webhooks", { url: "http://localhost:9/hook" });
    expect(webhook.status).toBe(201);
    expect((await sandboxControl(b.base_url, "/webhooks")).body.webhooks).toEqual([]);
    expect((await sandboxControl(sandbox.url, "/faults")).body.faults).toEqual([]);

    const logA = await requestsOf(a.base_url);
    const logB = await requestsOf(b.base_url);
    expect(logA.map((entry) => entry.path)).toEqual([`/v3/application/shops/${sellerA.shop_id}/listings`]);
    expect(logB.map((entry) => entry.path)).toEqual([
      "/v3/application/openapi-ping",
      `/v3/application/shops/${sellerB.shop_id}/listings`,
    ]);
    // The time of an entry is on its space's clock.
    expect(Date.parse(logB[0].time) / 1000 - clockB).toBeGreaterThan(-5);
    expect((await requestsOf(sandbox.url)).filter((entry) => entry.path.includes(String(sellerA.shop_id)))).toEqual([]);
  });

  it("sends its webhooks with resource URLs under its base URL, and only for its own changes", async () => {
    const bodies: JsonBody[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((listening) => receiver.listen(0, "localhost", listening));
    try {
      const url = `http://localhost:${(receiver.address() as AddressInfo).port}/hooks`;
      const [a, b] = await Promise.all([
        createSpace(sandbox.url, { phase: "webhooks" }),
        createSpace(sandbox.url, { phase: "webhooks" }),
      ]);
      expect((await sandboxControl(a.base_url, "/webhooks", { url, events: ["listing.updated"] })).status).toBe(201);
      for (const base of [b.base_url, a.base_url])
        expect(
          (await http(`${base}/__sandbox/listings/${1_000_000_002}`, jsonInit("PATCH", { title: `Edited` }))).status,
        ).toBe(200);
      for (const until = Date.now() + 3000; bodies.length < 1 && Date.now() < until;) await sleep(10);
      await sleep(150);
      expect(bodies).toEqual([
        expect.objectContaining({
          event_type: "listing.updated",
          resource_url: `${a.base_url}/v3/application/listings/${1_000_000_002}`,
        }),
      ]);
    } finally {
      await new Promise((closed) => receiver.close(closed));
    }
  });

  it("is gone once its time to live passes without a request, and a request before then keeps it", async () => {
    const space = await createSpace(sandbox.url, { ttl_seconds: 1 });
    for (let round = 0; round < 3; round++) {
      await sleep(600);
      expect((await callApi(space.base_url, "openapi-ping")).status).toBe(200);
    }
    await sleep(1200);
    const expired = await callApi(space.base_url, "openapi-ping");
    expect(expired.status).toBe(404);
    expect(expired.body.error).toBe(
      `No space ${space.id} in this sandbox: it expired (a space lives for its ttl_seconds after its last request) or was deleted. Create another with POST /__sandbox/spaces.`,
    );
    expect((await sandboxControl(space.base_url, "/clock")).status).toBe(404);
    const listed = (await sandboxControl(sandbox.url, "/spaces")).body.spaces as SpaceAnswer[];
    expect(listed.map((entry) => entry.id)).not.toContain(space.id);
  });

  it("is gone once deleted", async () => {
    const space = await createSpace(sandbox.url);
    expect((await http(`${sandbox.url}/__sandbox/spaces/${space.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await callApi(space.base_url, "openapi-ping")).status).toBe(404);
    const again = await http(`${sandbox.url}/__sandbox/spaces/${space.id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(again.body.error).toMatch(/^No space sp_/);
  });

  it("answers a request it was serving when deleted as a space gone, never a failure", async () => {
    const space = await createSpace(sandbox.url);
    const slow = { path: "/v3/application/openapi-ping", delay_ms: 1000 };
    expect((await sandboxControl(space.base_url, "/faults", slow)).status).toBe(201);
    const pending = callApi(space.base_url, "openapi-ping");
    await sleep(300);
    expect((await http(`${sandbox.url}/__sandbox/spaces/${space.id}`, { method: "DELETE" })).status).toBe(204);
    const answer = await pending;
    expect(answer.status, answer.text).toBe(404);
    expect(answer.body.error).toMatch(/^No space sp_/);
  });

  it("refuses a time to live out of bounds, spaces inside a space and an outage, each with a sentence", async () => {
    const tooLong = await sandboxControl(sandbox.url, "/spaces", { ttl_seconds: 2 * DAY });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe("ttl_seconds: must be at most 86400 (a day); a space used more often lives on");
    const space = await createSpace(sandbox.url);
    const nested = await sandboxControl(space.base_url, "/spaces", {});
    expect(nested.status).toBe(404);
    expect(nested.body.error).toMatch(/^Spaces are created on the shared sandbox's control API/);
    const outage = await sandboxControl(space.base_url, "/outage", { seconds: 1 });
    expect(outage.status).toBe(409);
    expect(outage.body.error).toMatch(/^An outage would stop the whole sandbox process and every space in it/);
  });
});

describe("the request log's filters", () => {
  async function logged(base: string) {
    const seller = await createSeller(base, { listings: 1 });
    await callApi(base, "openapi-ping");
    await callApi(base, `listings/${seller.listing_ids[0]}`);
    await callApi(base, "listings/999");
    await callApi(base, "users/me");
    await callApi(base, "openapi-ping", { method: "POST", json: {} });
    return seller;
  }

  for (const where of ["the default world", "a space"] as const) {
    it(`answer which calls a client made in ${where}: by method, path, status and since`, async () => {
      const base = where === "a space" ? (await createSpace(sandbox.url)).base_url : sandbox.url;
      await http(`${base}/__sandbox/requests`, { method: "DELETE" });
      const seller = await logged(base);
      const paths = async (query: string) => (await requestsOf(base, query)).map((e) => `${e.method} ${e.path}`);
      expect(await paths("?method=post")).toEqual(["POST /v3/application/openapi-ping"]);
      expect(await paths("?path=/v3/application/openapi-ping")).toEqual([
        "GET /v3/application/openapi-ping",
        "POST /v3/application/openapi-ping",
      ]);
      expect(await paths("?path=/v3/application/listings/*")).toEqual([
        `GET /v3/application/listings/${seller.listing_ids[0]}`,
        "GET /v3/application/listings/999",
      ]);
      expect(await paths("?status=404")).toEqual([
        "GET /v3/application/listings/999",
        "POST /v3/application/openapi-ping",
      ]);
      expect(await paths("?status=4xx&method=GET")).toEqual([
        "GET /v3/application/listings/999",
        "GET /v3/application/users/me",
      ]);
      const all = await requestsOf(base);
      expect(all).toHaveLength(5);
      expect((await requestsOf(base, `?since=${all[2].id}`)).map((entry) => entry.id)).toEqual([all[3].id, all[4].id]);
      expect(await requestsOf(base, `?since=${encodeURIComponent(all[0].time)}`)).toHaveLength(5);
      const later = new Date(Date.parse(all[4].time) + 60_000).toISOString();
      expect(await requestsOf(base, `?since=${later}`)).toEqual([]);

      for (const [query, sentence] of [
        ["since=yesterday", /^since: give an entry id \(a whole number: the entries after it\) or an ISO 8601 time/],
        ["status=4x", /^status: give a status such as 404 or a class such as 4xx, not "4x"\.$/],
        ["path=v3", /^path: give a path starting with \//],
        ["method=G-T", /^method: give an HTTP method such as GET or POST/],
      ] as const) {
        const refused = await sandboxControl(base, `/requests?${query}`);
        expect(refused.status).toBe(400);
        expect(refused.body.error).toMatch(sentence);
      }
    });
  }
});

describe("bounds", () => {
  let small: RunningSandbox;
  beforeAll(async () => {
    small = await startSandbox({
      port: 0,
      db: ":memory:",
      phase: "migration",
      maxSpaces: 2,
      spaceLimits: { sellers: 6, listings: 300, faults: 2, log_entries: 5 },
    });
  });
  afterAll(() => small.close());

  it("refuses a space more than the most at once, with what to do, until one is deleted", async () => {
    const first = await createSpace(small.url);
    await createSpace(small.url);
    const refused = await sandboxControl(small.url, "/spaces", {});
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(
      "This sandbox holds 2 spaces, its most at once. Delete a space you no longer need (DELETE /__sandbox/spaces/{id}) or wait for one to expire, then try again.",
    );
    await http(`${small.url}/__sandbox/spaces/${first.id}`, { method: "DELETE" });
    const space = await createSpace(small.url);
    await http(`${small.url}/__sandbox/spaces/${space.id}`, { method: "DELETE" });
  });

  it("refuses sellers, listings and faults past a space's size with a sentence, and keeps its newest log entries", async () => {
    const space = await createSpace(small.url);
    try {
      const seeded = (await sandboxControl(space.base_url, "/listings/1000000001")).status;
      expect(seeded).toBe(200);
      const tooMany = await sandboxControl(space.base_url, "/sellers", { listings: 300 });
      expect(tooMany.status).toBe(403);
      expect(tooMany.body.error).toMatch(
        /^This space holds at most 300 listings and has \d+, no room for 300 more\. Reset the space \(POST \/__sandbox\/reset under its base URL\) or create another space for the rest\.$/,
      );
      let status = 201;
      let created = 0;
      while (status === 201 && created < 10) {
        const answer = await sandboxControl(space.base_url, "/sellers", {});
        status = answer.status;
        if (status === 201) created += 1;
        else expect(answer.body.error).toMatch(/^This space holds at most 6 sellers and has 6\. Reset the space/);
      }
      expect(status).toBe(403);
      expect(created).toBeLessThan(6);

      for (let index = 0; index < 2; index++)
        expect((await sandboxControl(space.base_url, "/faults", { status: 500, path: "/nowhere" })).status).toBe(201);
      const fault = await sandboxControl(space.base_url, "/faults", { status: 500 });
      expect(fault.status).toBe(403);
      expect(fault.body.error).toMatch(/^This space holds at most 2 faults and has 2\. /);

      for (let index = 0; index < 8; index++) await callApi(space.base_url, "openapi-ping");
      expect((await requestsOf(space.base_url)).map((entry) => entry.id)).toEqual([4, 5, 6, 7, 8]);
      // The default world has none of these bounds.
      expect((await sandboxControl(small.url, "/sellers", { listings: 400 })).status).toBe(201);
    } finally {
      await http(`${small.url}/__sandbox/spaces/${space.id}`, { method: "DELETE" });
    }
  });
});
