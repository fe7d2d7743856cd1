import "server-only";
import type { Database } from "../db/database";
import { tokenStore, type TokenStore } from "../tokens/token-store";
import { createMarketplace } from "./client";
import { marketplaceConfig, type MarketplaceConfig, type Pacer } from "./config";
import { sharedPacer } from "./shared-pacer";
import { storedListingWrites } from "./write-counts";

type Options = {
  /** A seller's own requests go ahead of the changes and fills that share the app's rate limit. */
  foreground?: boolean;
  /** The shared pacer wrapped by its caller (the change runner counts the quota it spends). */
  pacer?: Pacer;
  config?: MarketplaceConfig;
  store?: TokenStore;
};

/** The client every part of the app uses: the shared pacer, the stored tokens, the shops' writes counted in the database. */
export function pacedMarketplace(database: Database, options: Options = {}) {
  const pacer = options.pacer ?? sharedPacer(database, { foreground: options.foreground });
  return createMarketplace(
    { ...(options.config ?? marketplaceConfig()), pacer },
    options.store ?? tokenStore(database),
    storedListingWrites(database),
  );
}
