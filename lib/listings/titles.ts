import "server-only";
import { LRUCache } from "lru-cache";

const titles = new LRUCache<string, string>({ max: 10_000 });
const key = (userId: number, listingId: number) => `${userId}:${listingId}`;

export function rememberTitles(userId: number, listings: readonly { id: number; title: string }[]) {
  for (const listing of listings) titles.set(key(userId, listing.id), listing.title);
}

export const knownTitle = (userId: number, listingId: number): string | undefined => titles.get(key(userId, listingId));
