import "server-only";
import { db } from "../db";
import { tokenStore } from "../auth/token-store";
import { marketplaceConfig } from "./config";
import { createMarketplace, type Marketplace } from "./client";

const globalForMarketplace = globalThis as unknown as { marketplace?: Promise<Marketplace> };

/** The process's marketplace client, configured from the environment, with tokens in the dashboard's database. */
export function marketplace(): Promise<Marketplace> {
  globalForMarketplace.marketplace ??= db().then((database) => createMarketplace(marketplaceConfig(), tokenStore(database)));
  return globalForMarketplace.marketplace;
}

export { createMarketplace } from "./client";
export type { ListingState, Marketplace } from "./client";
export * from "./failure";
export type { Listing, ListingPage, Question } from "./wire";
