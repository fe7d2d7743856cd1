import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sendRequest } from "./http-client";

let server: Server;
let base: string;
const seen: Array<{ method?: string; length?: string; body: string }> = [];
const sockets = new Set<object>();

beforeAll(async () => {
  server = createServer((request, response) => {
    sockets.add(request.socket);
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen.push({ method: request.method, length: request.headers["content-length"], body });
      if (request.url === "/slow") return void setTimeout(() => response.end("{}"), 500);
      if (request.url === "/text") return void response.end("not json");
      response
        .writeHead(201, { "content-type": "application/json", "x-remaining-this-second": "7" })
        .end(JSON.stringify({ echoed: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("sendRequest", () => {
  it("sends the body with its length and reads the status, headers and JSON answer", async () => {
    const reply = await sendRequest(new URL(`${base}/echo`), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"ü":1}',
      timeoutMs: 2000,
    });
    expect(reply).toMatchObject({ status: 201, ok: true, body: { echoed: '{"ü":1}' } });
    expect(reply.headers.get("X-Remaining-This-Second")).toBe("7");
    expect(reply.headers.has("retry-after")).toBe(false);
    expect(seen.at(-1)).toEqual({ method: "POST", length: "8", body: '{"ü":1}' });
  });

  it("answers undefined for a body that is not JSON", async () => {
    expect(
      (await sendRequest(new URL(`${base}/text`), { method: "GET", headers: {}, timeoutMs: 2000 })).body,
    ).toBeUndefined();
  });

  it("rejects with a TimeoutError when no answer comes within the time limit", async () => {
    await expect(
      sendRequest(new URL(`${base}/slow`), { method: "GET", headers: {}, timeoutMs: 50 }),
    ).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("keeps connections alive: ten calls in a row share one or two connections", async () => {
    const before = sockets.size;
    for (let call = 0; call < 10; call++)
      await sendRequest(new URL(`${base}/echo`), { method: "GET", headers: {}, timeoutMs: 2000 });
    expect(sockets.size - before).toBeLessThanOrEqual(2);
  });

  it("rejects when nothing listens", async () => {
    await expect(
      sendRequest(new URL("http://localhost:9/"), { method: "GET", headers: {}, timeoutMs: 2000 }),
    ).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
