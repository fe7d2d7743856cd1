import "server-only";
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

export type Reply = { status: number; ok: boolean; headers: ReplyHeaders; body: unknown };

/** The part of `Headers` the transport reads. */
export type ReplyHeaders = { get(name: string): string | null; has(name: string): boolean };

// node:http with kept-alive sockets rather than fetch: every page and save makes one to three marketplace calls, and
// fetch (undici, wrapped again by Next for its data cache) cost more CPU per call than the rest of the call's work.
const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 128 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 128 }) };

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

/** One request with a JSON (or empty) answer. Rejects with the signal's reason when aborted, and on network errors. */
export async function sendRequest(url: URL, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }): Promise<Reply> {
  try {
    return await attempt(url, init);
  } catch (error) {
    // A kept-alive socket the server closed while idle fails before the server read anything: Node's documented retry.
    if ((error as StaleSocket).staleSocket) return attempt(url, init);
    throw error;
  }
}

type StaleSocket = Error & { staleSocket?: boolean };

function attempt(url: URL, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }): Promise<Reply> {
  const secure = url.protocol === "https:";
  const headers = init.body === undefined ? init.headers : { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) };
  return new Promise((resolve, reject) => {
    let answered = false;
    const fail = (error: StaleSocket) => {
      if (init.signal.aborted) return reject(init.signal.reason);
      const code = (error as NodeJS.ErrnoException).code;
      if (!answered && request.reusedSocket && (code === "ECONNRESET" || code === "EPIPE")) error.staleSocket = true;
      reject(error);
    };
    const request = (secure ? httpsRequest : httpRequest)(url, { method: init.method, headers, agent: secure ? agents.https : agents.http, signal: init.signal }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", fail);
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        resolve({ status, ok: status >= 200 && status < 300, headers: replyHeaders(response.headers), body: parsed(Buffer.concat(chunks).toString("utf8")) });
      });
    });
    request.on("error", fail);
    request.end(init.body);
  });
}
