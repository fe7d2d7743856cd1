import "server-only";
import type { MarketplaceConfig } from "./config";
import type { Result } from "./failure";
import { z } from "zod";
import { tokenWire } from "./wire";
import { marketplaceFetch } from "./transport";

export type TokenSet = { accessToken: string; refreshToken: string; accessExpiresAt: number; scopes: string[] };

// POST /v3/public/oauth/token (grant_type=refresh_token); a public client sends client_id and no secret.
export async function refreshGrant(config: MarketplaceConfig, refreshToken: string, scopesBefore: string[]): Promise<Result<TokenSet>> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/v3/public/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ grant_type: "refresh_token", client_id: config.keystring, refresh_token: refreshToken }),
      signal: AbortSignal.timeout(config.timeoutMs),
      cache: "no-store",
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    console.error(`marketplace: refresh grant ${timedOut ? "timed out" : "unreachable"}`);
    return { ok: false, failure: timedOut ? { kind: "timeout" } : { kind: "unavailable" } };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (body as { error?: string } | undefined)?.error;
    console.error(`marketplace: refresh grant ${response.status} ${error ?? ""}`.trim());
    if (error === "invalid_grant") return { ok: false, failure: { kind: "reauth" } };
    return { ok: false, failure: response.status >= 500 ? { kind: "unavailable", status: response.status } : { kind: "unexpected", message: `token endpoint ${response.status} ${error ?? ""}` } };
  }
  const parsed = tokenWire.safeParse(body);
  if (!parsed.success) return { ok: false, failure: { kind: "unexpected", message: "the token endpoint's answer was not in the expected shape" } };
  return {
    ok: true,
    data: {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token,
      accessExpiresAt: Date.now() + parsed.data.expires_in * 1000,
      scopes: parsed.data.scope?.split(" ").filter(Boolean) ?? scopesBefore,
    },
  };
}

// POST /v3/public/oauth/token (grant_type=token_exchange), then POST /v3/application/scopes: the exchange's answer has no scope (spec 2.4).
export async function exchangeLegacyToken(config: MarketplaceConfig, legacyToken: string): Promise<Result<TokenSet & { userId: number }>> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/v3/public/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ grant_type: "token_exchange", client_id: config.keystring, legacy_token: legacyToken }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch {
    return { ok: false, failure: { kind: "unavailable" } };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = body as { error?: string; error_description?: string } | undefined;
    return { ok: false, failure: { kind: "invalid", message: `${error?.error ?? response.status}: ${error?.error_description ?? "the marketplace refused the legacy token"}` } };
  }
  const parsed = tokenWire.safeParse(body);
  const userId = parsed.success ? Number(/^(\d+)\./.exec(parsed.data.access_token)?.[1]) : NaN;
  if (!parsed.success || !Number.isSafeInteger(userId)) return { ok: false, failure: { kind: "unexpected", message: "the token endpoint's answer was not in the expected shape" } };
  const scopes = await marketplaceFetch(config, {
    operation: "tokenScopes",
    method: "POST",
    path: "/v3/application/scopes",
    form: { token: parsed.data.access_token },
    schema: z.object({ scopes: z.array(z.string()) }),
  });
  if (!scopes.ok) return scopes;
  return {
    ok: true,
    data: {
      userId,
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token,
      accessExpiresAt: Date.now() + parsed.data.expires_in * 1000,
      scopes: scopes.data.scopes,
    },
  };
}
