import "server-only";
import { env, trimSlash } from "../env";
import type { Result } from "./failure";
import type { Listing } from "./wire";

/** docs/marketplace.md §12: every response says how much of the app's limit is left. */
export type RateLimitReport = {
  status: number;
  limitPerSecond: number;
  remainingThisSecond: number;
  sentAt: number;
  remainingToday?: number;
};

export type Pacer = { beforeRequest(): Promise<void>; afterResponse(report: RateLimitReport): void };

export type MarketplaceConfig = {
  apiUrl: string;
  authUrl: string;
  keystring: string;
  sharedSecret: string;
  timeoutMs: number;
  maxRetryWaitMs: number;
  personalization?: "single" | "multi" | "auto";
  onPersonalizationWrite?: (write: { multipleQuestions: boolean; result: Result<unknown> }) => void;
  /** Every listing read live from the marketplace (never a mirror or cache of it), so the period is judged on what it says now. */
  onListingsRead?: (listings: readonly Listing[]) => void;
  /** The change runner's and background fills' own client spaces its requests to the app's rate limit; interactive calls are not held back. */
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
  };
}

/** Where the buyer sees the order on the marketplace's site (the sign-in's host), for a message the seller sends. */
export const purchaseUrl = (receiptId: number) =>
  new URL(`/your/purchases/${receiptId}`, marketplaceConfig().authUrl).href;
