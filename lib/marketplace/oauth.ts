import "server-only";
import type { MarketplaceConfig } from "./config";
import type { Result } from "./failure";
import { tokenWire } from "./wire";

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
