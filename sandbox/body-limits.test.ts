import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, sandboxControl, http } from "../test/harness/sandbox.js";
import { chunkedUpload } from "../test/harness/chunked-upload.js";
import type { RunningSandbox } from "./server.js";

const MB = 1024 * 1024;
const TOO_LARGE = { error: "Request body is larger than 64 KB." };
const LISTING = 1_000_000_001;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const rssMb = () => process.memoryUsage().rss / MB;

describe("every body the sandbox reads", () => {
  it("refuses a 256 MB chunked PATCH of a listing on the control API with 413 before it ends, memory flat, and the listing unchanged", async () => {
    const before = await sandboxControl(sandbox.url, `/listings/${LISTING}`);
    const start = rssMb();
    let peak = start;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
    const answer = await chunkedUpload(new URL(`${sandbox.url}/__sandbox/listings/${LISTING}`), 256 * MB, {
      method: "PATCH",
    });
    clearInterval(sampler);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    expect(answer.sentBeforeAnswer).toBeLessThan(256 * MB);
    expect(peak - start).toBeLessThan(64);
    const after = await sandboxControl(sandbox.url, `/listings/${LISTING}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  });

  it.each([
    ["the control API's orders", "/__sandbox/orders"],
    ["a new space", "/__sandbox/spaces"],
    ["the token endpoint", "/v3/public/oauth/token"],
    ["the consent form", "/oauth/authorize"],
  ])("refuses a 4 MB chunked body to %s with 413 and a JSON sentence", async (_, path) => {
    const answer = await chunkedUpload(new URL(`${sandbox.url}${path}`), 4 * MB);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
  });

  it("refuses a declared Content-Length over 64 KB unread, inside a space too", async () => {
    const space = await sandboxControl(sandbox.url, "/spaces", {});
    expect(space.status).toBe(201);
    const large = JSON.stringify({ description: "x".repeat(65 * 1024) });
    const answer = await http(`${space.body.control_url as string}/listings/${LISTING}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: large,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(TOO_LARGE);
    const small = await http(`${space.body.control_url as string}/listings/${LISTING}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ description: "x".repeat(60 * 1024) }),
    });
    expect(small.status, small.text).toBe(200);
  });
});
