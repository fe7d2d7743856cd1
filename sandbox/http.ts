import type { Context } from "hono";
import type { HttpBindings } from "@hono/node-server";
import type { SandboxState } from "./state.js";

export type AppRow = {
  app_id: number;
  name: string;
  keystring: string;
  shared_secret: string;
  redirect_uris: string;
  per_second: number;
  per_day: number;
};

export type Bearer = { user_id: number; scopes: string[] };

export type SandboxEnv = {
  Bindings: HttpBindings;
  Variables: {
    state: SandboxState;
    apiApp?: AppRow;
    bearer?: Bearer;
    logNote?: { grant_type?: string; client_auth?: "none" | "basic" | "client_secret"; code_verifier?: boolean; error?: string };
  };
};

export type Ctx = Context<SandboxEnv>;

export const BODY_TOO_LARGE = "Request body is larger than 64 KB.";

/** decisions.md: every error body is JSON `{"error": ...}`; OAuth-type errors add `error_description`. */
export function jsonError(c: Ctx, status: number, error: string, description?: string, headers?: Record<string, string>) {
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
