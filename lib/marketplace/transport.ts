import "server-only";
import type { z } from "zod";
import { recordMarketplaceCall } from "../observability/marketplace-call";
import type { MarketplaceConfig, RateLimitReport } from "./config";
import type { MarketplaceFailure, Result } from "./failure";
import { sendRequest, timedOut, type Reply, type ReplyHeaders } from "./http-client";
import { noteMarketplaceDate } from "./marketplace-date";

export type Call<T> = {
  operation: string;
  method?: "GET" | "POST" | "DELETE" | "PATCH";
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  accessToken?: string;
  schema: z.ZodType<T> | null;
};

function rateLimitOf(response: { status: number; headers: ReplyHeaders }, sentAt: number): RateLimitReport | undefined {
  const limit = Number(response.headers.get("x-limit-per-second"));
  const remaining = Number(response.headers.get("x-remaining-this-second"));
  if (!response.headers.has("x-limit-per-second") || !Number.isFinite(limit) || !Number.isFinite(remaining))
    return undefined;
  const today = Number(response.headers.get("x-remaining-today"));
  const remainingToday = response.headers.has("x-remaining-today") && Number.isFinite(today) ? today : undefined;
  return { status: response.status, limitPerSecond: limit, remainingThisSecond: remaining, sentAt, remainingToday };
}

const MAX_ATTEMPTS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const errorBody = (body: unknown): { error?: string; error_description?: string } =>
  typeof body === "object" && body !== null ? (body as { error?: string; error_description?: string }) : {};

function failureOf(
  status: number,
  body: { error?: string; error_description?: string },
  retryAfter: number,
): MarketplaceFailure {
  const message = body.error_description ?? body.error ?? `status ${status}`;
  if (status === 400) {
    const field = /^([\w.[\]]+): /.exec(body.error ?? "")?.[1];
    return { kind: "invalid", message: body.error ?? message, field };
  }
  if (status === 401 && body.error === "invalid_token") return { kind: "invalid_token" };
  if (status === 403 && body.error === "insufficient_scope") return { kind: "insufficient_scope" };
  if (status === 403) return { kind: "forbidden", message };
  if (status === 404) return { kind: "not_found", message };
  if (status === 409) return { kind: "conflict", message };
  if (status === 429) return { kind: "rate_limited", retryAfter };
  if (status >= 500) return { kind: "unavailable", status };
  return { kind: "unexpected", message: `${status} ${message}`, status };
}

export async function marketplaceFetch<T>(config: MarketplaceConfig, call: Call<T>): Promise<Result<T>> {
  const url = new URL(`${config.apiUrl}${call.path}`);
  for (const [key, value] of Object.entries(call.query ?? {}))
    if (value !== undefined) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = {
    "x-api-key": `${config.keystring}:${config.sharedSecret}`,
    accept: "application/json",
  };
  if (call.accessToken) headers.authorization = `Bearer ${call.accessToken}`;
  if (call.json !== undefined) headers["content-type"] = "application/json";
  if (call.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
  const payload =
    call.json !== undefined ? JSON.stringify(call.json) : call.form && new URLSearchParams(call.form).toString();

  for (let attempt = 1; ; attempt++) {
    let response: Reply;
    await config.pacer?.beforeRequest();
    const sentAt = Date.now();
    try {
      response = await sendRequest(url, {
        method: call.method ?? "GET",
        headers,
        body: payload,
        timeoutMs: config.timeoutMs,
      });
    } catch (error) {
      const late = timedOut(error);
      recordMarketplaceCall({
        operation: call.operation,
        status: 0,
        startedAt: sentAt,
        attempt,
        outcome: late ? "timeout" : "unreachable",
      });
      return { ok: false, failure: late ? { kind: "timeout" } : { kind: "unavailable" } };
    }
    noteMarketplaceDate(response.headers.get("date"));
    const rate = config.pacer && rateLimitOf(response, sentAt);
    if (rate) config.pacer?.afterResponse(rate);
    const body = errorBody(response.body);
    const parsed = response.ok && call.schema !== null ? call.schema.safeParse(response.body) : undefined;
    recordMarketplaceCall({
      operation: call.operation,
      status: response.status,
      startedAt: sentAt,
      attempt,
      headers: response.headers,
      error: response.ok ? (parsed && !parsed.success ? parsed.error.issues[0]?.message : undefined) : body.error,
      outcome: parsed && !parsed.success ? "schema-mismatch" : undefined,
    });
    if (response.ok) {
      if (!parsed) return { ok: true, data: undefined as T };
      if (parsed.success) return { ok: true, data: parsed.data };
      return {
        ok: false,
        failure: { kind: "unexpected", message: "the marketplace's answer was not in the expected shape" },
      };
    }
    const retryAfter = Math.max(1, Number(response.headers.get("retry-after")) || 1);
    const waitMs = Math.min(retryAfter * 1000 * attempt, config.maxRetryWaitMs);
    if (response.status === 429 && attempt < MAX_ATTEMPTS && retryAfter * 1000 <= config.maxRetryWaitMs) {
      await sleep(waitMs);
      continue;
    }
    return { ok: false, failure: failureOf(response.status, body, retryAfter) };
  }
}
