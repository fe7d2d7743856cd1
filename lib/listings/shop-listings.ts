import "server-only";
import { LRUCache } from "lru-cache";
import type { ListingState, Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import type { Listing, Seller } from "../marketplace/wire";

const PAGE = 100;
const MAX_OFFSET = 12_000;
const PARALLEL_READS = 3;

/** A state's listings as read, and how many it holds: more than read when a view read only its first page. */
export type StateListings = { listings: Listing[]; count: number };

// A view reads a state in full only while that costs a few requests. A larger shop's views show its first page until
// its mirror is filled, rather than each re-reading what the fill is reading (100 requests for 10,000 listings).
export const VIEW_READS_IN_FULL = 1_000;

async function readState(
  marketplace: Marketplace,
  seller: Seller,
  state: ListingState,
  upTo = Infinity,
): Promise<Result<StateListings>> {
  const read = (offset: number) =>
    marketplace.getListingsByShop(seller.userId, seller.shopId, { state, limit: PAGE, offset });
  const firstPage = await read(0);
  if (!firstPage.ok) return firstPage;
  const { count } = firstPage.data;
  if (count > upTo) return { ok: true, data: { listings: firstPage.data.listings, count } };
  const offsets: number[] = [];
  for (let offset = PAGE; offset < count && offset <= MAX_OFFSET; offset += PAGE) offsets.push(offset);
  // A listing that moved to a later page while the pages were read comes twice: the first read of it stays.
  const byId = new Map(firstPage.data.listings.map((listing) => [listing.id, listing]));
  for (let start = 0; start < offsets.length; start += PARALLEL_READS)
    for (const result of await Promise.all(offsets.slice(start, start + PARALLEL_READS).map(read))) {
      if (!result.ok) return result;
      for (const listing of result.data.listings) if (!byId.has(listing.id)) byId.set(listing.id, listing);
    }
  const listings = [...byId.values()];
  return { ok: true, data: { listings, count: Math.max(count, listings.length) } };
}

export async function readAllListings(
  marketplace: Marketplace,
  seller: Seller,
  state: ListingState,
): Promise<Result<Listing[]>> {
  const all = await readState(marketplace, seller, state);
  return all.ok ? { ok: true, data: all.data.listings } : all;
}

type Entry = { writes: number; listings: Promise<Result<StateListings>> };

export const SHOP_LISTINGS_TTL_MS = 30_000;

const globalForCache = globalThis as unknown as { shopListings?: LRUCache<string, Entry> };
const cache = (globalForCache.shopListings ??= new LRUCache<string, Entry>({ max: 500, ttl: SHOP_LISTINGS_TTL_MS }));

export async function cachedShopListings(
  marketplace: Marketplace,
  seller: Seller,
  state: ListingState,
  options: { fresh?: boolean } = {},
): Promise<Result<StateListings>> {
  const key = `${seller.userId}:${seller.shopId}:${state}`;
  const writes = await marketplace.listingWrites(seller.shopId);
  const entry = cache.get(key);
  if (!options.fresh && entry && entry.writes === writes) return entry.listings;
  const listings = readState(marketplace, seller, state, VIEW_READS_IN_FULL);
  const fresh: Entry = { writes, listings };
  cache.set(key, fresh);
  void listings.then((result) => {
    if (!result.ok && cache.get(key) === fresh) cache.delete(key);
  });
  return listings;
}
