import "server-only";

// The listings page prefetches every editor link in view, and each prefetch asks for the editor's title: the titles the
// seller's listing reads just returned name those tabs without one more marketplace call per link.
const MAX_TITLES = 10_000;
const titles = new Map<string, string>();
const key = (userId: number, listingId: number) => `${userId}:${listingId}`;

export function rememberTitles(userId: number, listings: readonly { id: number; title: string }[]) {
  for (const listing of listings) {
    titles.delete(key(userId, listing.id));
    titles.set(key(userId, listing.id), listing.title);
  }
  for (const oldest of titles.keys()) {
    if (titles.size <= MAX_TITLES) break;
    titles.delete(oldest);
  }
}

export const knownTitle = (userId: number, listingId: number): string | undefined => titles.get(key(userId, listingId));
