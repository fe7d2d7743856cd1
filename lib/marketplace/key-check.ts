import "server-only";
import type { Database } from "../db/database";
import { lastFailedCallAt, lastSuccessfulCallAt } from "../observability/marketplace-call";
import { marketplaceConfig, type MarketplaceConfig } from "./config";
import { checkApiKey, type KeyCheck } from "./ping";
import { sharedPacer } from "./shared-pacer";

/** The API key's check as last done (at start, by the keep-alive), with the time it was answered. */
export type KnownKeyCheck = KeyCheck & { at: number };

/** What readiness reads: never a request of its own, so that no caller of it spends the app's quota. */
export type MarketplaceState = { ok: true } | { ok: false; error: string };

const globalForKeyCheck = globalThis as unknown as {
  apiKeyCheck?: { last?: KnownKeyCheck; inFlight?: Promise<KnownKeyCheck> };
};
const held = () => (globalForKeyCheck.apiKeyCheck ??= {});

export const NOT_CHECKED_YET =
  "the app's API key has not been checked yet: it is checked once the database answers, at start, and by the keep-alive every few minutes while it fails.";
export const MARKETPLACE_FAILED_SINCE =
  "the marketplace failed the latest request (no answer, or a server error) since the last one it answered; this instance is ready again at the next request that succeeds, or the keep-alive's next check.";

/**
 * The ping, through the shared pacer and without the transport's 429 retries, one at a time: checks asked meanwhile
 * share the one in flight. Its answer is kept for readiness, which waits for one in flight from the moment it is asked
 * (the start's, before the database has opened).
 */
export function checkApiKeyOnce(
  database: Database | Promise<Database>,
  config: MarketplaceConfig = marketplaceConfig(),
): Promise<KnownKeyCheck> {
  const state = held();
  state.inFlight ??= Promise.resolve(database)
    .then((opened) => checkApiKey({ ...config, maxRetryWaitMs: 0, pacer: sharedPacer(opened) }))
    .then((check) => (state.last = { ...check, at: Date.now() }))
    .finally(() => (state.inFlight = undefined));
  return state.inFlight;
}

/** The last known state: the key's check (the one in flight, if any, is waited for) and any failure seen since. */
export async function marketplaceState(): Promise<MarketplaceState> {
  const state = held();
  const check = state.inFlight ? await state.inFlight.catch(() => state.last) : state.last;
  if (!check) return { ok: false, error: NOT_CHECKED_YET };
  if (!check.ok) return { ok: false, error: check.reason };
  const failed = lastFailedCallAt();
  if (failed !== undefined && failed > Math.max(check.at, lastSuccessfulCallAt() ?? 0))
    return { ok: false, error: MARKETPLACE_FAILED_SINCE };
  return { ok: true };
}

/** Whether the keep-alive should check the key again now: never checked, refused, or the marketplace failing since. */
export async function keyCheckDue() {
  return !(await marketplaceState()).ok;
}
