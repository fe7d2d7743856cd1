import "server-only";
import { db } from "../db";
import { tokenStore } from "../auth/token-store";
import { storedListingWrites } from "./write-counts";
import { marketplaceConfig } from "./config";
import { createMarketplace, type Marketplace } from "./client";
import { createPhaseProbe, type PhaseProbe } from "./personalization-phase";
import { sharedPacer } from "./shared-pacer";

const globalForMarketplace = globalThis as unknown as { marketplace?: Promise<Marketplace>; phase?: PhaseProbe };

export function marketplace(): Promise<Marketplace> {
  globalForMarketplace.marketplace ??= db().then((database) =>
    createMarketplace(
      {
        ...marketplaceConfig(),
        // A seller's own requests go ahead of the changes and fills that share the app's rate limit.
        pacer: sharedPacer(database, { foreground: true }),
        onPersonalizationWrite: (write) => personalizationPhase().noteWrite(write),
        onListingsRead: (listings) => personalizationPhase().noteListings(listings),
      },
      tokenStore(database),
      storedListingWrites(database),
    ),
  );
  return globalForMarketplace.marketplace;
}

export function personalizationPhase(): PhaseProbe {
  globalForMarketplace.phase ??= createPhaseProbe({ setting: marketplaceConfig().personalization ?? "multi" });
  return globalForMarketplace.phase;
}

export { createMarketplace } from "./client";
export type { PersonalizationPhase } from "./personalization-phase";
export type { ListingState, Marketplace } from "./client";
export * from "./failure";
export type { Listing, ListingPage, Question } from "./wire";
