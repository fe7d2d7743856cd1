import "server-only";
import { env, trimSlash } from "../env";

export type MarketplaceConfig = {
  apiUrl: string;
  authUrl: string;
  keystring: string;
  sharedSecret: string;
  timeoutMs: number;
  /** Longest retry-after the client waits out itself before reporting rate limiting. */
  maxRetryWaitMs: number;
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
  };
}
