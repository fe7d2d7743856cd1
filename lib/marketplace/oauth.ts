import "server-only";
import { z } from "zod";
import type { MarketplaceConfig } from "./config";
import type { Result } from "./failure";
import { recordMarketplaceCall } from "../observability/marketplace-call";
import { metrics } from "../observability/metrics";
import { meWire, tokenWire } from "./wire";
import { sendRequest, timedOut, type Reply } from "./http-client";
import { marketplaceFetch } from "./transport";

export type TokenSet = { accessToken: string; refreshToken: string; accessExpiresAt: number; scopes: string[] };

type TokenAnswer = z.infer<typeof tokenWire>;

async function tokenGrant(config: MarketplaceConfig, grant: Record<string, string>): Promise<Result<TokenAnswer>> {
  const name = `${grant.grant_type} grant`;
  let response: Reply;
  const startedAt = Date.now();
  try {
    response = await sendRequest(new URL(`${config.apiUrl}/v3/public/oauth/token`), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ ...grant, client_id: config.keystring }).toString(),
      timeoutMs: config.timeoutMs,
    });
  } catch (error) {
    const late = timedOut(error);
    recordMarketplaceCall({ operation: name, status: 0, startedAt, outcome: late ? "timeout" : "unreachable" });
    if (grant.grant_type === "refresh_token")
      metrics().tokenRefreshes.inc({ outcome: late ? "timeout" : "unreachable" });
    return { ok: false, failure: late ? { kind: "timeout" } : { kind: "unavailable" } };
  }
  const { body } = response;
  const { error, error_description: description } = (response.ok ? {} : (body ?? {})) as {
    error?: string;
    error_description?: string;
  };
  recordMarketplaceCall({ operation: name, status: response.status, startedAt, error, headers: response.headers });
  if (grant.grant_type === "refresh_token")
    metrics().tokenRefreshes.inc({ outcome: response.ok ? "refreshed" : (error ?? `status ${response.status}`) });
  if (!response.ok) {
    if (error === "invalid_grant") return { ok: false, failure: { kind: "reauth", reason: description } };
    return {
      ok: false,
      failure:
        response.status >= 500
          ? { kind: "unavailable", status: response.status }
          : { kind: "unexpected", message: `token endpoint ${response.status} ${error ?? ""}`.trim() },
    };
  }
  const parsed = tokenWire.safeParse(body);
  if (!parsed.success)
    return {
      ok: false,
      failure: { kind: "unexpected", message: "the token endpoint's answer was not in the expected shape" },
    };
  return { ok: true, data: parsed.data };
}

const tokenSet = (answer: TokenAnswer, scopes: string[]): TokenSet => ({
  accessToken: answer.access_token,
  refreshToken: answer.refresh_token,
  accessExpiresAt: Date.now() + answer.expires_in * 1000,
  scopes,
});

/** docs/marketplace.md §3.2: a new pair, with the scopes the grant still holds, which may be fewer (§15). */
export async function refreshGrant(
  config: MarketplaceConfig,
  refreshToken: string,
  scopesBefore: string[],
): Promise<Result<TokenSet>> {
  const answer = await tokenGrant(config, { grant_type: "refresh_token", refresh_token: refreshToken });
  return answer.ok
    ? { ok: true, data: tokenSet(answer.data, answer.data.scope?.split(" ").filter(Boolean) ?? scopesBefore) }
    : answer;
}

/** docs/marketplace.md §4.4 token_exchange; its answer has no scope (§2.4), so the scopes are read back with tokenScopes. */
export async function exchangeLegacyToken(
  config: MarketplaceConfig,
  legacyToken: string,
): Promise<Result<TokenSet & { userId: number }>> {
  const answer = await tokenGrant(config, { grant_type: "token_exchange", legacy_token: legacyToken });
  if (!answer.ok) return answer;
  const userId = Number(/^(\d+)\./.exec(answer.data.access_token)?.[1]);
  if (!Number.isSafeInteger(userId))
    return { ok: false, failure: { kind: "unexpected", message: "the access token has no user id prefix" } };
  // POST /v3/application/scopes
  const scopes = await marketplaceFetch(config, {
    operation: "tokenScopes",
    method: "POST",
    path: "/v3/application/scopes",
    form: { token: answer.data.access_token },
    schema: z.object({ scopes: z.array(z.string()) }),
  });
  return scopes.ok ? { ok: true, data: { userId, ...tokenSet(answer.data, scopes.data.scopes) } } : scopes;
}

// GET /v3/application/users/me
/** Who signed in, read with the new access token before anything is stored (the sign-in's userinfo). */
export const signedInUser = (config: MarketplaceConfig, accessToken: string | undefined) =>
  marketplaceFetch(config, { operation: "getMe", path: "/v3/application/users/me", accessToken, schema: meWire });
