import "server-only";
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { stepAside } from "../observability/request-context";

export type Reply = { status: number; ok: boolean; headers: ReplyHeaders; body: unknown };

/** The part of `Headers` the transport reads. */
export type ReplyHeaders = { get(name: string): string | null; has(name: string): boolean };

// node:http with kept-alive sockets rather than fetch: every page and save makes one to three marketplace calls, and
// fetch (undici, wrapped again by Next for its data cache) cost more CPU per call than the rest of the call's work.
const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: 128 }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: 128 }),
};

function replyHeaders(headers: IncomingHttpHeaders): ReplyHeaders {
  const get = (name: string) => {
    const value = headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  };
  return { get, has: (name) => get(name) !== null };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type Send = { method: string; headers: Record<string, string>; body?: string; timeoutMs: number };

type Attempt = Omit<Send, "timeoutMs"> & { signal: AbortSignal };

/**
 * One request with a JSON (or empty) answer. Rejects with a TimeoutError when no whole answer came within `timeoutMs`,
 * and with the network's error otherwise. The timer goes as soon as the call ends: unlike AbortSignal.timeout, a
 * pending timer keeps the async context it was made in (the whole request being rendered) for the full time-out.
 */
export async function sendRequest(url: URL, send: Send): Promise<Reply> {
  const { timeoutMs, ...rest } = send;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
  );
  const init = { ...rest, signal: controller.signal };
  try {
    return await stepAside(attempt(url, init));
  } catch (error) {
    // A kept-alive socket the server closed while idle fails before the server read anything: Node's documented retry.
    if ((error as StaleSocket).staleSocket) return await stepAside(attempt(url, init));
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The call gave up waiting: the marketplace may still act on the request. */
export const timedOut = (error: unknown) => error instanceof Error && error.name === "TimeoutError";

type StaleSocket = Error & { staleSocket?: boolean };

function attempt(url: URL, init: Attempt): Promise<Reply> {
  const secure = url.protocol === "https:";
  const headers =
    init.body === undefined
      ? init.headers
      : { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) };
  return new Promise((resolve, reject) => {
    let answered = false;
    const fail = (error: StaleSocket) => {
      if (init.signal.aborted) return reject(init.signal.reason);
      const code = (error as NodeJS.ErrnoException).code;
      if (!answered && request.reusedSocket && (code === "ECONNRESET" || code === "EPIPE")) error.staleSocket = true;
      reject(error);
    };
    const request = (secure ? httpsRequest : httpRequest)(
      url,
      { method: init.method, headers, agent: secure ? agents.https : agents.http, signal: init.signal },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", fail);
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers: replyHeaders(response.headers),
            body: parsed(Buffer.concat(chunks).toString("utf8")),
          });
        });
      },
    );
    request.on("error", fail);
    request.end(init.body);
  });
}
