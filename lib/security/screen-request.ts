import { IncomingMessage } from "node:http";
import {
  ACTION_BODY_LIMIT,
  actionBodyProblem,
  foreignOrigin,
  replyTextProblem,
  tooLarge,
  type Refusal,
} from "./action-request";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The body as it arrived, or undefined once it passes `limit` bytes (the rest is read and dropped, so the connection can serve the next request). */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off("data", onData);
      request.resume();
      resolve(undefined);
    };
    request.on("data", onData);
    request.once("end", () => resolve(Buffer.concat(chunks)));
    request.once("error", reject);
  });
}

/** A request Next reads as if it were the original: same socket, head and body. */
function replay(request: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(request.socket);
  Object.assign(copy, {
    method: request.method,
    url: request.url,
    headers: request.headers,
    rawHeaders: request.rawHeaders,
    httpVersion: request.httpVersion,
    httpVersionMajor: request.httpVersionMajor,
    httpVersionMinor: request.httpVersionMinor,
    complete: true,
  });
  copy.push(body);
  copy.push(null);
  return copy;
}

/**
 * What the server refuses before Next reads a request (lib/security/action-request.ts says why): a foreign Origin on
 * any write, and a server action's body that is too large or not a plain reply. Done here rather than in a Next proxy,
 * whose pass cost about 1 ms on every save. A server action's body is read once, checked, and handed on to Next.
 */
export async function screenRequest(
  request: IncomingMessage,
): Promise<{ refused: Refusal } | { request: IncomingMessage }> {
  if (SAFE_METHODS.has(request.method ?? "GET")) return { request };
  const host = header(request, "x-forwarded-host") ?? header(request, "host");
  const foreign = foreignOrigin(header(request, "origin"), host);
  if (foreign) return { refused: foreign };
  if (!request.headers["next-action"]) return { request };
  if (Number(request.headers["content-length"] ?? 0) > ACTION_BODY_LIMIT) return { refused: tooLarge };
  const body = await readBody(request, ACTION_BODY_LIMIT);
  if (!body) return { refused: tooLarge };
  const type = header(request, "content-type") ?? "";
  // A form (the sign-in button without JavaScript) is parsed as fetch does; every other action's reply is JSON text.
  const problem = type.startsWith("multipart/form-data")
    ? await actionBodyProblem(
        new Request("http://localhost/", {
          method: "POST",
          headers: { "content-type": type },
          body: new Uint8Array(body),
        }),
      )
    : replyTextProblem(body.toString("utf8"));
  return problem ? { refused: problem } : { request: replay(request, body) };
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};
