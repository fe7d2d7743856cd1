import "server-only";
import { db } from "../db";
import { marketplaceConfig } from "./config";
import type { Marketplace } from "./client";
import { pacedMarketplace } from "./paced-marketplace";
import { createPhaseProbe, type PhaseProbe } from "./personalization-phase";

const globalForMarketplace = globalThis as unknown as { marketplace?: Promise<Marketplace>; phase?: PhaseProbe };

export function marketplace(): Promise<Marketplace> {
  globalForMarketplace.marketplace ??= db().then((database) =>
    pacedMarketplace(database, {
      foreground: true,
      config: {
        ...marketplaceConfig(),
        onPersonalizationWrite: (write) => personalizationPhase().noteWrite(write),
        onListingsRead: (listings) => personalizationPhase().noteListings(listings),
      },
    }),
  );
  return globalForMarketplace.marketplace;
}

export function personalizationPhase(): PhaseProbe {
  globalForMarketplace.phase ??= createPhaseProbe({ setting: marketplaceConfig().personalization ?? "multi" });
  return globalForMarketplace.phase;
}

export type { Marketplace } from "./client";
export * from "./failure";
export type { Listing } from "./wire";
