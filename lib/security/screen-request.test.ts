import { createServer, request as send, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT } from "./action-request";
import { screenRequest } from "./screen-request";

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
  });

// A server that answers with what screenRequest decided, and with the body Next would read from the request it hands on.
let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer(async (request, response) => {
    const screened = await screenRequest(request);
    const answer =
      "refused" in screened
        ? { refused: screened.refused }
        : { method: screened.request.method, url: screened.request.url, body: await bodyOf(screened.request) };
    // As scripts/server.ts answers a refusal: on a connection that stays open while Node drops the rest of the body.
    response.writeHead(200);
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the body in chunks without a Content-Length, as a client streaming it would. */
function post(headers: Record<string, string>, chunks: string[]) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const outgoing = send(
      {
        host: "localhost",
        port,
        path: "/listings/7",
        method: "POST",
        headers: { host: `localhost:${port}`, ...headers },
      },
      (response) => {
        void bodyOf(response).then((text) => resolve(JSON.parse(text) as Record<string, unknown>));
      },
    );
    outgoing.on("error", reject);
    for (const chunk of chunks) outgoing.write(chunk);
    outgoing.end();
  });
}

describe("screenRequest: what the server refuses before Next, and what it hands on", () => {
  it("hands a server action's body on to Next unchanged once it has read and checked it", async () => {
    const body = JSON.stringify([
      { listingId: 7, question: { instructions: "Name", maxAllowedCharacters: 20, required: true } },
    ]);
    expect(
      await post(
        { "next-action": "00ab", "content-type": "text/plain;charset=UTF-8", origin: `http://localhost:${port}` },
        [body.slice(0, 10), body.slice(10)],
      ),
    ).toEqual({
      method: "POST",
      url: "/listings/7",
      body,
    });
  });

  it("refuses a streamed action body past the limit with 413, with no Content-Length to go by", async () => {
    const chunk = "x".repeat(64 * 1024);
    const answer = await post(
      { "next-action": "00ab", "content-type": "text/plain" },
      Array.from({ length: ACTION_BODY_LIMIT / chunk.length + 2 }, () => chunk),
    );
    expect(answer.refused).toMatchObject({ status: 413 });
  });

  it("refuses a write from another site with 403 and passes a write with no Origin to Next's own checks", async () => {
    expect((await post({ origin: "https://evil.example" }, ["a=1"])).refused).toMatchObject({ status: 403 });
    expect(await post({ "content-type": "application/x-www-form-urlencoded" }, ["a=1"])).toEqual({
      method: "POST",
      url: "/listings/7",
      body: "a=1",
    });
  });
});
