import "server-only";
import { LRUCache } from "lru-cache";

// The listings page prefetches every editor link in view, and each prefetch asks for the editor's title: the titles the
// seller's listing reads just returned name those tabs without one more marketplace call per link.
const titles = new LRUCache<string, string>({ max: 10_000 });
const key = (userId: number, listingId: number) => `${userId}:${listingId}`;

export function rememberTitles(userId: number, listings: readonly { id: number; title: string }[]) {
  for (const listing of listings) titles.set(key(userId, listing.id), listing.title);
}

export const knownTitle = (userId: number, listingId: number): string | undefined => titles.get(key(userId, listingId));
