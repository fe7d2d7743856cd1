import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../server.js";
import { DEMO_APP } from "../store/seed.js";
import {
  ADA,
  callApi,
  http,
  jsonInit,
  obtainTokensInBrowser,
  requestToken,
  sandboxControl,
  startTestSandbox,
  type JsonBody,
} from "../../test/harness/sandbox.js";

// GET /__sandbox/requests.har and POST /__sandbox/verify (docs/sandbox.md, "Exporting and verifying the calls").

const nameValues = { type: "array", items: { type: "object", required: ["name", "value"] } };
const content = {
  type: "object",
  required: ["size", "mimeType"],
  properties: { size: { type: "integer" }, mimeType: { type: "string" }, text: { type: "string" } },
};
/** The HAR 1.2 shape (http://www.softwareishard.com/blog/har-12-spec/): what every entry must have. */
const HAR_1_2 = {
  type: "object",
  required: ["log"],
  properties: {
    log: {
      type: "object",
      required: ["version", "creator", "entries"],
      properties: {
        version: { const: "1.2" },
        creator: { type: "object", required: ["name", "version"] },
        entries: {
          type: "array",
          items: {
            type: "object",
            required: ["startedDateTime", "time", "request", "response", "cache", "timings"],
            properties: {
              startedDateTime: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}" },
              time: { type: "number", minimum: 0 },
              request: {
                type: "object",
                required: [
                  "method",
                  "url",
                  "httpVersion",
                  "cookies",
                  "headers",
                  "queryString",
                  "headersSize",
                  "bodySize",
                ],
                properties: {
                  url: { type: "string", pattern: "^https?://" },
                  headers: nameValues,
                  queryString: nameValues,
                  postData: { type: "object", required: ["mimeType"], properties: { text: { type: "string" } } },
                },
              },
              response: {
                type: "object",
                required: [
                  "status",
                  "statusText",
                  "httpVersion",
                  "cookies",
                  "headers",
                  "content",
                  "redirectURL",
                  "headersSize",
                  "bodySize",
                ],
                properties: { status: { type: "integer" }, headers: nameValues, content },
              },
              cache: { type: "object" },
              timings: {
                type: "object",
                required: ["send", "wait", "receive"],
                properties: { send: { type: "number" }, wait: { type: "number" }, receive: { type: "number" } },
              },
            },
          },
        },
      },
    },
  },
};
const validHar = new Ajv({ allErrors: true, strict: false }).compile(HAR_1_2);

const INSTRUCTIONS = "Enter the name to stamp";
const personalization = `/v3/application/shops/${ADA.shop_id}/listings/1000000001/personalization`;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

/** A client's day: sign-in with PKCE, a refresh, a write, a read of its orders; what it saw, to look for after. */
async function clientCalls(base: string) {
  const tokens = await obtainTokensInBrowser(base, { params: { scope: "listings_w transactions_r" } });
  const refreshed = await requestToken(base, {
    grant_type: "refresh_token",
    client_id: DEMO_APP.keystring,
    refresh_token: tokens.refresh_token,
  });
  expect(refreshed.status, refreshed.text).toBe(200);
  const token = refreshed.body.access_token as string;
  const question = {
    question_type: "text_input",
    question_text: "Personalization",
    instructions: INSTRUCTIONS,
    required: true,
    max_allowed_characters: 20,
  };
  const write = await callApi(base, personalization, { token, json: { personalization_questions: [question] } });
  expect(write.status, write.text).toBe(201);
  const receipts = await callApi(base, `shops/${ADA.shop_id}/receipts`, { token });
  expect(receipts.status, receipts.text).toBe(200);
  const address = (receipts.body.results as JsonBody[]).find((receipt) => receipt.first_line)?.first_line as string;
  expect(address).toBeTruthy();
  return { tokens, refreshed: refreshed.body, address };
}

const verifyCall = (base: string, body: unknown) => http(`${base}/__sandbox/verify`, jsonInit("POST", body));

describe("the request log exported as HAR 1.2 and verified", () => {
  for (const where of ["the default world", "a space"]) {
    it(`in ${where}: a valid HAR with every credential and buyer address redacted`, async () => {
      const base =
        where === "a space"
          ? ((await sandboxControl(sandbox.url, "/spaces", {})).body.base_url as string)
          : sandbox.url;
      await sandboxControl(base, "/requests", undefined, "DELETE");
      const seen = await clientCalls(base);

      const exported = await http(`${base}/__sandbox/requests.har`);
      expect(exported.status).toBe(200);
      const har = exported.body;
      expect(validHar(har), JSON.stringify(validHar.errors)).toBe(true);
      const entries = har.log.entries as JsonBody[];
      const write = entries.find(
        (entry) => entry.request.method === "POST" && entry.request.url.endsWith(personalization),
      );
      expect(write.response.status).toBe(201);
      expect(JSON.parse(write.request.postData.text).personalization_questions[0].instructions).toBe(INSTRUCTIONS);
      expect(write.request.headers).toContainEqual({ name: "x-api-key", value: "[redacted]" });
      expect(write.request.headers).toContainEqual({ name: "authorization", value: "[redacted]" });

      for (const secret of [
        DEMO_APP.keystring,
        DEMO_APP.shared_secret,
        seen.tokens.access_token,
        seen.tokens.refresh_token,
        seen.refreshed.access_token,
        seen.refreshed.refresh_token,
        ADA.password,
        seen.address,
      ])
        expect(exported.text.includes(secret), `the HAR holds ${secret.slice(0, 12)}…`).toBe(false);
      expect(exported.text).toContain("[redacted]");
    });
  }

  it("counts the calls matching a method, a path pattern and a deep partial body, and names the nearest misses", async () => {
    await sandboxControl(sandbox.url, "/requests", undefined, "DELETE");
    await clientCalls(sandbox.url);
    const pattern = "/v3/application/shops/:shop_id/listings/*/personalization";
    const sent = { personalization_questions: [{ instructions: INSTRUCTIONS, required: true }] };

    const hit = await verifyCall(sandbox.url, { method: "POST", path: pattern, body: sent, count: 1 });
    expect(hit.status).toBe(200);
    expect(hit.body).toMatchObject({
      matched: 1,
      ok: true,
      requests: [{ method: "POST", path: personalization, status: 201 }],
    });
    expect((await verifyCall(sandbox.url, { method: "post", path: pattern, count: 2 })).body).toMatchObject({
      matched: 1,
      ok: false,
    });

    const otherBody = { personalization_questions: [{ instructions: "Something else" }] };
    const miss = await verifyCall(sandbox.url, { method: "POST", path: pattern, body: otherBody });
    expect(miss.body).toMatchObject({ matched: 0, ok: false, requests: [] });
    expect(miss.body.nearest[0]).toMatchObject({
      path: personalization,
      why: `body.personalization_questions[0].instructions: expected "Something else", was "${INSTRUCTIONS}"`,
    });
    expect(miss.body.nearest.length).toBeLessThanOrEqual(3);

    const wrongMethod = await verifyCall(sandbox.url, { method: "PUT", path: pattern });
    expect(wrongMethod.body.nearest[0]).toMatchObject({ path: personalization, why: "method: expected PUT, was POST" });
    const wrongPath = await verifyCall(sandbox.url, { method: "POST", path: "/v3/application/listings/:id" });
    expect(wrongPath.body.nearest[0].why).toMatch(/^path: \/v3\/.* does not match \/v3\/application\/listings\/:id$/);
  });

  it("refuses a verify it cannot read with 400 and a sentence saying what to send", async () => {
    for (const body of [{}, { method: "GET", path: "v3/no-slash" }, { method: "GET", path: "/x", count: -1 }]) {
      const refused = await verifyCall(sandbox.url, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/Send \{"method"/);
    }
    const notJson = await http(`${sandbox.url}/__sandbox/verify`, { method: "POST", body: "nope" });
    expect(notJson.status).toBe(400);
  });
});
