import "server-only";
import type { Database } from "../db/database";
import type { ListingState, Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import { isRemoved, type Listing } from "../marketplace/wire";
import { historyStore } from "../history/history-store";
import { sameSnapshot, snapshotOf } from "../personalization/snapshot";
import { mirrorStore, type SyncSource } from "./mirror-store";

export const LISTING_STATES: ListingState[] = ["active", "inactive", "sold_out", "draft", "expired"];
const PAGE = 100;
const MAX_OFFSET = 12_000;
const FILL_LEASE_MS = 60_000;
// A listing changed during a read may carry an updated_timestamp below the newest that read saw: the next read starts
// this much earlier so as not to miss it (reads take seconds, not minutes).
const OVERLAP_SECONDS = 120;
// A write the dashboard recorded this recently whose result matches what the marketplace shows is its own.
const OWN_WRITE_WINDOW_MS = 15 * 60_000;

export type Seller = { userId: number; shopId: number };

const newestFirst = (listings: Listing[]) =>
  listings.every((listing, index) => index === 0 || (listings[index - 1]!.updatedAt ?? 0) >= (listing.updatedAt ?? 0));

const newestOf = (listings: Listing[], start = 0) =>
  listings.reduce((newest, listing) => Math.max(newest, listing.updatedAt ?? 0), start);

export function shopMirror(db: Database, marketplace: Marketplace) {
  const store = mirrorStore(db);
  const history = historyStore(db);

  // The webhook of the dashboard's own write may come after the write's answer.
  async function ownWrite(shopId: number, listing: Listing) {
    const after = snapshotOf(listing);
    const since = Date.now() - OWN_WRITE_WINDOW_MS;
    const entries = await history.list(shopId, listing.id, 20);
    return entries.some(
      (entry) =>
        entry.action !== "outside" &&
        entry.recordedAt >= since &&
        entry.target !== null &&
        sameSnapshot(entry.target, after),
    );
  }

  // Into the inbox only when the personalization differs from the last version known and the dashboard did not write
  // it; applying the same version again changes nothing.
  async function apply(listing: Listing, foundBy: SyncSource): Promise<"new" | "same" | "changed" | "outside"> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const known = await store.listing(listing.id);
      if (!known) {
        if (await store.put(listing)) return "new";
        continue;
      }
      if ((listing.updatedAt ?? 0) < known.updatedTimestamp) return "same";
      if (known.text === JSON.stringify(listing)) return "same";
      if (!(await store.replace(known, listing))) continue;
      // Kept, marked removed: what a removed listing reads now is no change for the seller to keep or revert.
      if (isRemoved(listing)) return "changed";
      const before = snapshotOf(known.listing);
      const after = snapshotOf(listing);
      if (sameSnapshot(before, after)) return "changed";
      const shop = await store.shop(listing.shopId);
      if (shop?.status !== "filled" || (await ownWrite(listing.shopId, listing))) return "changed";
      await store.addChange({
        shopId: listing.shopId,
        listingId: listing.id,
        title: listing.title,
        before,
        after,
        changedAt: listing.updatedAt ?? null,
        foundBy,
      });
      const entry = await history.record({
        listingId: listing.id,
        shopId: listing.shopId,
        userId: shop.userId,
        action: "outside",
        previous: before,
        target: after,
      });
      if (entry) await history.settle(entry, "done");
      return "outside";
    }
    return "same";
  }

  async function readRecent(
    seller: Seller,
    foundBy: SyncSource,
    states = LISTING_STATES,
  ): Promise<Result<{ complete: boolean }>> {
    const shop = await store.shop(seller.shopId);
    if (shop?.status !== "filled") return { ok: true, data: { complete: false } };
    const since = shop.watermark;
    let newest = since;
    for (const state of states) {
      for (let offset = 0; offset <= MAX_OFFSET; offset += PAGE) {
        const page = await marketplace.getListingsByShop(seller.userId, seller.shopId, {
          state,
          limit: PAGE,
          offset,
          newestUpdatedFirst: true,
        });
        if (!page.ok) return page;
        const listings = page.data.listings;
        for (const listing of listings) if ((listing.updatedAt ?? 0) >= since) await apply(listing, foundBy);
        newest = newestOf(listings, newest);
        // A marketplace that ignores sort_on answers in its own order: then every page is read.
        const reachedKnown = newestFirst(listings) && listings.some((listing) => (listing.updatedAt ?? 0) < since);
        if (reachedKnown || offset + PAGE >= page.data.count) break;
      }
    }
    // Only a read of every state moves the watermark: the states not read may hold changes older than the newest seen.
    const everyState = states.length === LISTING_STATES.length;
    await store.synced(seller.shopId, foundBy, everyState ? Math.max(since, newest - OVERLAP_SECONDS) : undefined);
    return { ok: true, data: { complete: true } };
  }

  return {
    store,
    marketplace,
    apply,
    readRecent,

    async fill(seller: Seller): Promise<Result<boolean>> {
      if (!(await store.claim(seller.shopId, seller.userId, FILL_LEASE_MS))) return { ok: true, data: false };
      try {
        const started = Date.now();
        let read = 0;
        let total = 0;
        let newest = 0;
        for (const state of LISTING_STATES) {
          for (let offset = 0; offset <= MAX_OFFSET; offset += PAGE) {
            const page = await marketplace.getListingsByShop(seller.userId, seller.shopId, {
              state,
              limit: PAGE,
              offset,
            });
            if (!page.ok) return page;
            if (offset === 0) total += page.data.count;
            for (const listing of page.data.listings) await store.put(listing);
            read += page.data.listings.length;
            newest = newestOf(page.data.listings, newest);
            await store.progress(seller.shopId, read, total, FILL_LEASE_MS);
            if (offset + PAGE >= page.data.count) break;
          }
        }
        const tookSeconds = Math.ceil((Date.now() - started) / 1000);
        await store.synced(seller.shopId, "fill", Math.max(0, newest - OVERLAP_SECONDS - tookSeconds));
        return { ok: true, data: true };
      } finally {
        await store.release(seller.shopId);
      }
    },
  };
}

export type ShopMirror = ReturnType<typeof shopMirror>;
