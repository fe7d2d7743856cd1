import "server-only";
import type { IncomingHttpHeaders } from "node:http";
import { Agent, request, type Dispatcher } from "undici";

export type Reply = { status: number; ok: boolean; headers: ReplyHeaders; body: unknown };

export type ReplyHeaders = { get(name: string): string | null; has(name: string): boolean };

// undici's own request rather than fetch: Next wraps the global fetch again for its data cache, which these calls never use.
const agent = new Agent({ connections: 128, keepAliveTimeout: 10_000 });

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

// A timer cleared when the call ends: a pending AbortSignal.timeout keeps its async context for the full time-out.
export async function sendRequest(url: URL, { timeoutMs, method, headers, body }: Send): Promise<Reply> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
  );
  try {
    const response = await request(url, {
      method: method as Dispatcher.HttpMethod,
      headers,
      body,
      dispatcher: agent,
      signal: controller.signal,
    });
    const text = await response.body.text();
    return {
      status: response.statusCode,
      ok: response.statusCode >= 200 && response.statusCode < 300,
      headers: replyHeaders(response.headers),
      body: parsed(text),
    };
  } catch (error) {
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}

export const timedOut = (error: unknown) => error instanceof Error && error.name === "TimeoutError";
