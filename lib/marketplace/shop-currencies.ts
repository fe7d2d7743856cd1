import { LRUCache } from "lru-cache";

// The currency each shop sells in, as the marketplace last answered it (at sign-in, or a read of the shop): the editor
// shows prices in it without asking on every view. A shop changes its currency rarely; a write that sets an add-on
// price reads the shop again (lib/actions/shop-currency.ts), so no price is checked against a currency held here.
const HELD_MS = 24 * 3600_000;
const globalForCurrencies = globalThis as unknown as { shopCurrencies?: LRUCache<number, string> };
const currencies = (globalForCurrencies.shopCurrencies ??= new LRUCache<number, string>({ max: 10_000, ttl: HELD_MS }));

export const noteShopCurrency = (shopId: number, currencyCode: string | undefined) =>
  void (currencyCode && currencies.set(shopId, currencyCode));

export const knownShopCurrency = (shopId: number): string | undefined => currencies.get(shopId);
