import type { Context } from "hono";
import type { HttpBindings } from "@hono/node-server";
import type { SandboxState } from "./state.js";
import type { AppRow } from "./store/db.js";

export type { AppRow };

export type SandboxEnv = {
  Bindings: HttpBindings;
  Variables: {
    state: SandboxState;
    apiApp?: AppRow;
    /** The x-limit-* headers of this request's API key (spec: every /v3/application answer carries them). */
    rateHeaders?: Record<string, string>;
    withRateHeaders?: Response;
    bearer?: { user_id: number; scopes: readonly string[] };
    logNote?: {
      grant_type?: string;
      client_auth?: "none" | "basic" | "client_secret";
      code_verifier?: boolean;
      error?: string;
    };
  };
};

export type Ctx = Context<SandboxEnv>;

/** `name` in lower case; every value a repeated header has, joined as the Fetch API joins them. */
export function requestHeader(c: Ctx, name: string): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming ? incoming.headersDistinct[name]?.join(", ") : c.req.header(name);
}

export function jsonText(c: Ctx, text: string, status = 200) {
  const response = new Response(text, {
    status,
    headers: { "content-type": "application/json", ...c.get("rateHeaders") },
  });
  c.set("withRateHeaders", response);
  return response;
}

export const BODY_TOO_LARGE = "Request body is larger than 64 KB.";

/** docs/marketplace.md §7.6: every error body is JSON `{"error": ...}`; OAuth-type errors add `error_description`. */
export function jsonError(
  c: Ctx,
  status: number,
  error: string,
  description?: string,
  headers?: Record<string, string>,
) {
  c.set("logNote", { ...c.get("logNote"), error: description ? `${error}: ${description}` : error });
  const body = description === undefined ? { error } : { error, error_description: description };
  return c.json(body, status as 400, headers);
}

export function splitList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}
