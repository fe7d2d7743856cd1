import "server-only";
import { db } from "../db";
import { marketplaceConfig, type MarketplaceConfig } from "./config";
import type { Marketplace } from "./client";
import { pacedMarketplace } from "./paced-marketplace";

type AnswerObserver = {
  noteWrite: NonNullable<MarketplaceConfig["onPersonalizationWrite"]>;
  noteListings: NonNullable<MarketplaceConfig["onListingsRead"]>;
};

const globalForMarketplace = globalThis as unknown as { marketplace?: Promise<Marketplace>; observer?: AnswerObserver };

export function marketplace(): Promise<Marketplace> {
  globalForMarketplace.marketplace ??= db().then((database) =>
    pacedMarketplace(database, {
      foreground: true,
      config: {
        ...marketplaceConfig(),
        onPersonalizationWrite: (write) => globalForMarketplace.observer?.noteWrite(write),
        onListingsRead: (listings) => globalForMarketplace.observer?.noteListings(listings),
      },
    }),
  );
  return globalForMarketplace.marketplace;
}

/** What learns the personalization period from the client's answers (lib/personalization/phase-probe.ts). */
export function observeAnswers(observer: AnswerObserver) {
  globalForMarketplace.observer = observer;
}

export type { Marketplace } from "./client";
export * from "./failure";
export type { Listing } from "./wire";
