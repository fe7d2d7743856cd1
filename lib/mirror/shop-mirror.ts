import "server-only";
import type { Database } from "../db/database";
import type { ListingState, Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import { isRemoved, type Listing } from "../marketplace/wire";
import { historyStore } from "../history/history-store";
import { sameSnapshot, snapshotOf } from "../personalization/snapshot";
import { mirrorStore, type SyncSource } from "./mirror-store";
import type { Seller } from "../marketplace/wire";

export const LISTING_STATES: ListingState[] = ["active", "inactive", "sold_out", "draft", "expired"];
const PAGE = 100;
const MAX_OFFSET = 12_000;
const FILL_LEASE_MS = 60_000;
// A listing changed during a read may carry an updated_timestamp below the newest that read saw: the next read starts
// this much earlier so as not to miss it (reads take seconds, not minutes).
const OVERLAP_SECONDS = 120;
// A write the dashboard recorded this recently whose result matches what the marketplace shows is its own.
const OWN_WRITE_WINDOW_MS = 15 * 60_000;

// The states other than active are read this often by polls, and an idle shop is polled only this often
// (MIRROR_IDLE_POLL_SECONDS): a change to a listing buyers cannot see, or to any listing of an idle shop, waits up to this.
export const OTHER_STATES_MS = 15 * 60_000;
// When this process last read each shop's every state; a restart reads them all on its first poll.
const othersReadAt = new Map<number, number>();

const newestFirst = (listings: Listing[]) =>
  listings.every((listing, index) => index === 0 || (listings[index - 1]!.updatedAt ?? 0) >= (listing.updatedAt ?? 0));

const newestOf = (listings: Listing[], start = 0) =>
  listings.reduce((newest, listing) => Math.max(newest, listing.updatedAt ?? 0), start);

export function shopMirror(db: Database, marketplace: Marketplace, everyStateMs = OTHER_STATES_MS) {
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

  // Each state read newest first, down to the first page whose listings are all kept at that version (or older than
  // the watermark); with the count of listings each state holds on the marketplace.
  async function readStates(
    seller: Seller,
    foundBy: SyncSource,
    states: ListingState[],
    now = Date.now(),
  ): Promise<Result<{ complete: boolean; counts: Partial<Record<ListingState, number>> }>> {
    const shop = await store.shop(seller.shopId);
    if (shop?.status !== "filled") return { ok: true, data: { complete: false, counts: {} } };
    const since = shop.watermark;
    let newest = since;
    const counts: Partial<Record<ListingState, number>> = {};
    for (const state of states) {
      for (let offset = 0; offset <= MAX_OFFSET; offset += PAGE) {
        const page = await marketplace.getListingsByShop(seller.userId, seller.shopId, {
          state,
          limit: PAGE,
          offset,
          newestUpdatedFirst: true,
        });
        if (!page.ok) return page;
        if (offset === 0) counts[state] = page.data.count;
        const listings = page.data.listings;
        let allKept = true;
        for (const listing of listings)
          if ((listing.updatedAt ?? 0) >= since && (await apply(listing, foundBy)) !== "same") allKept = false;
        newest = newestOf(listings, newest);
        // A marketplace that ignores sort_on answers in its own order: then every page is read.
        const sorted = newestFirst(listings);
        const reachedKnown = sorted && (allKept || listings.some((listing) => (listing.updatedAt ?? 0) < since));
        if (reachedKnown || offset + PAGE >= page.data.count) break;
      }
    }
    // Only a read of every state moves the watermark: the states not read may hold changes older than the newest seen.
    const everyState = states.length === LISTING_STATES.length;
    if (everyState) othersReadAt.set(seller.shopId, now);
    await store.synced(seller.shopId, foundBy, everyState ? Math.max(since, newest - OVERLAP_SECONDS) : undefined);
    return { ok: true, data: { complete: true, counts } };
  }

  async function readRecent(
    seller: Seller,
    foundBy: SyncSource,
    states = LISTING_STATES,
  ): Promise<Result<{ complete: boolean }>> {
    const read = await readStates(seller, foundBy, states);
    return read.ok ? { ok: true, data: { complete: read.data.complete } } : read;
  }

  // The states whose kept count still differs from the marketplace's after reading what changed: a listing left one
  // without showing up in another (removed, deleted). The state is read whole, and each kept listing it no longer
  // holds is read by its id: kept in its state now, or let go when the marketplace no longer has it.
  async function reconcile(seller: Seller, counts: Partial<Record<ListingState, number>>): Promise<Result<void>> {
    const kept = await store.stateCounts(seller.shopId);
    for (const state of LISTING_STATES) {
      const count = counts[state];
      if (count === undefined || count === (kept[state] ?? 0)) continue;
      const present = new Set<number>();
      for (let offset = 0; offset <= MAX_OFFSET && offset < count; offset += PAGE) {
        const page = await marketplace.getListingsByShop(seller.userId, seller.shopId, {
          state,
          limit: PAGE,
          offset,
        });
        if (!page.ok) return page;
        for (const listing of page.data.listings) {
          present.add(listing.id);
          await apply(listing, "poll");
        }
      }
      const left = (await store.listings(seller.shopId, state))
        .map((listing) => listing.id)
        .filter((id) => !present.has(id));
      for (let start = 0; start < left.length; start += PAGE) {
        const ids = left.slice(start, start + PAGE);
        const read = await marketplace.getListingsByListingIds(seller.userId, ids);
        if (!read.ok) return read;
        for (const listing of read.data) await apply(listing, "poll");
        const found = new Set(read.data.map((listing) => listing.id));
        for (const id of ids) if (!found.has(id)) await store.remove(id);
      }
    }
    return { ok: true, data: undefined };
  }

  // A poll costs what changed (docs/benchmarks.md): while the seller is active, the active listings, which buyers see,
  // every poll, one request when nothing changed, and the other states every `everyStateMs`, or at once when the
  // active listings' count says one left them; an idle shop only every `everyStateMs`, each state then. A count that
  // still differs after that is reconciled. `polled` is false when an idle shop was not due.
  async function poll(
    seller: Seller,
    now = Date.now(),
    active = true,
  ): Promise<Result<{ complete: boolean; polled: boolean }>> {
    const othersDue = now - (othersReadAt.get(seller.shopId) ?? 0) >= everyStateMs;
    if (!active && !othersDue) return { ok: true, data: { complete: true, polled: false } };
    let read = await readStates(seller, "poll", othersDue ? LISTING_STATES : ["active"], now);
    if (!read.ok) return read;
    if (!read.data.complete) return { ok: true, data: { complete: false, polled: true } };
    if (!othersDue) {
      const kept = await store.stateCounts(seller.shopId);
      if (read.data.counts.active === (kept.active ?? 0)) return { ok: true, data: { complete: true, polled: true } };
      read = await readStates(seller, "poll", LISTING_STATES, now);
      if (!read.ok) return read;
    }
    const reconciled = await reconcile(seller, read.data.counts);
    return reconciled.ok ? { ok: true, data: { complete: true, polled: true } } : reconciled;
  }

  return {
    store,
    marketplace,
    apply,
    readRecent,
    poll,

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
        othersReadAt.set(seller.shopId, Date.now());
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
