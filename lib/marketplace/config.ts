import "server-only";
import { env, trimSlash } from "../env";
import type { Pacer } from "./transport";

export type MarketplaceConfig = {
  apiUrl: string;
  authUrl: string;
  keystring: string;
  sharedSecret: string;
  timeoutMs: number;
  /** Longest retry-after the client waits out itself before reporting rate limiting. */
  maxRetryWaitMs: number;
  /** Whether writes may carry several questions of every type (spec 9.4); auto asks the marketplace, for `personalizationCacheMs`. */
  personalization?: "single" | "multi" | "auto";
  personalizationCacheMs?: number;
  /** Bulk jobs' own client spaces its requests to the app's rate limit; interactive calls are not held back. */
  pacer?: Pacer;
};

export function marketplaceConfig(): MarketplaceConfig {
  const settings = env();
  return {
    apiUrl: trimSlash(settings.MARKETPLACE_API_URL),
    authUrl: trimSlash(settings.MARKETPLACE_AUTH_URL),
    keystring: settings.MARKETPLACE_KEYSTRING,
    sharedSecret: settings.MARKETPLACE_SHARED_SECRET,
    timeoutMs: settings.MARKETPLACE_TIMEOUT_MS,
    maxRetryWaitMs: 3000,
    personalization: settings.MARKETPLACE_PERSONALIZATION,
    personalizationCacheMs: settings.MARKETPLACE_PERSONALIZATION_CACHE_SECONDS * 1000,
  };
}
