import "server-only";
import { env, trimSlash } from "../env";
import type { Result } from "./failure";

/** decisions.md "Rate limits": every response says how much of the app's limit is left. */
export type RateLimitReport = {
  status: number;
  limitPerSecond: number;
  remainingThisSecond: number;
  sentAt: number;
  /** `x-remaining-today`, when the marketplace sends it. */
  remainingToday?: number;
};

/** Lets a caller space its requests: awaited before each attempt, told the rate-limit headers of each response. */
export type Pacer = { beforeRequest(): Promise<void>; afterResponse(report: RateLimitReport): void };

export type MarketplaceConfig = {
  apiUrl: string;
  authUrl: string;
  keystring: string;
  sharedSecret: string;
  timeoutMs: number;
  /** Longest retry-after the client waits out itself before reporting rate limiting. */
  maxRetryWaitMs: number;
  /** Whether writes may carry several questions of every type (spec 9.4); auto learns it from the marketplace's answers. */
  personalization?: "single" | "multi" | "auto";
  personalizationCacheMs?: number;
  /** Told of every personalization write's outcome: a refusal is how `auto` learns that the period changed. */
  onPersonalizationWrite?: (write: { multipleQuestions: boolean; result: Result<unknown> }) => void;
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
