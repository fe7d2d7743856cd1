import "server-only";
import { z } from "zod";
import type { MarketplaceConfig } from "./config";
import type { MarketplaceFailure, Result } from "./failure";
import { marketplaceFetch } from "./transport";

const pingWire = z.object({ application_id: z.number() });

// GET /v3/application/openapi-ping
export async function pingMarketplace(config: MarketplaceConfig): Promise<Result<{ applicationId: number }>> {
  const answer = await marketplaceFetch(config, {
    operation: "ping",
    path: "/v3/application/openapi-ping",
    schema: pingWire,
  });
  return answer.ok ? { ok: true, data: { applicationId: answer.data.application_id } } : answer;
}

export type KeyCheck = { ok: true; applicationId: number } | { ok: false; reason: string };

/** What an operator reads when the ping fails: which setting to look at, never the key or the secret themselves. */
function pingProblem(failure: MarketplaceFailure, config: MarketplaceConfig): string {
  const host = new URL(config.apiUrl).origin;
  switch (failure.kind) {
    case "unexpected":
      // docs/marketplace.md §5.2: an unknown keystring is 401.
      if (failure.status === 401)
        return "the marketplace does not recognise the app's API key (401). Check MARKETPLACE_KEYSTRING against the app's management page; a newly approved key is refused for a while before it works, so if it was approved recently, try again later.";
      return `the marketplace answered what the dashboard did not expect (${failure.message}). Check MARKETPLACE_API_URL.`;
    case "forbidden":
      // docs/marketplace.md §5.2: a wrong secret is 403 asking for `keystring:shared_secret`; a newly approved key is 403 too.
      if (/keystring:shared_secret/.test(failure.message))
        return "the marketplace refused the app's shared secret (403). Copy MARKETPLACE_SHARED_SECRET again from the app's management page, beside its keystring.";
      return "the marketplace refused the app's API key (403): it does not recognise it yet. A newly approved key answers 403 for a while: check MARKETPLACE_KEYSTRING against the app's management page and try again later.";
    case "not_found":
      return "the marketplace says the app may not use its API (404). Check the app's status on its management page.";
    case "unavailable":
      return failure.status
        ? `the marketplace at ${host} answered with error ${failure.status}, so it is down or failing; this usually passes by itself.`
        : `nothing answers at ${host}. Check MARKETPLACE_API_URL and that this server can reach the marketplace.`;
    case "timeout":
      return `the marketplace at ${host} did not answer within ${config.timeoutMs} ms. Check MARKETPLACE_API_URL and the network between this server and the marketplace.`;
    case "rate_limited":
      return `the app's rate limit is spent; the marketplace asked to wait ${failure.retryAfter} seconds.`;
    case "reauth":
    case "invalid_token":
    case "insufficient_scope":
    case "invalid":
    case "conflict":
      return `the marketplace refused the ping (${failure.kind}). Check MARKETPLACE_API_URL.`;
  }
}

/** The ping, told as a sentence saying what is wrong with the app's key or the marketplace's address. */
export async function checkApiKey(config: MarketplaceConfig): Promise<KeyCheck> {
  const ping = await pingMarketplace(config);
  if (ping.ok) return { ok: true, applicationId: ping.data.applicationId };
  let reason = `The marketplace's ping failed: ${pingProblem(ping.failure, config)}`;
  for (const secret of [config.sharedSecret, config.keystring])
    if (secret.length >= 8) reason = reason.replaceAll(secret, "…");
  return { ok: false, reason };
}
