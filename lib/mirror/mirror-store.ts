import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import type { Listing } from "../marketplace/wire";
import type { Snapshot } from "../personalization/snapshot";
import { parseSnapshot } from "../personalization/snapshot-schema";

export type SyncSource = "fill" | "webhook" | "poll" | "read";

export type MirrorShop = {
  shopId: number;
  userId: number;
  status: "filling" | "filled";
  listingsRead: number;
  listingsTotal: number;
  /** Listings updated before this (marketplace seconds) are known; incremental reads stop there. */
  watermark: number;
  syncedAt: number | null;
  syncedBy: SyncSource | null;
};

export type OutsideChangeStatus = "open" | "kept" | "reverted";

export type OutsideChange = {
  id: string;
  shopId: number;
  listingId: number;
  title: string;
  before: Snapshot;
  after: Snapshot;
  changedAt: number | null;
  detectedAt: number;
  foundBy: SyncSource;
  status: OutsideChangeStatus;
};

type ShopRow = {
  shop_id: number;
  user_id: number;
  status: "filling" | "filled";
  listings_read: number;
  listings_total: number;
  watermark: number;
  synced_at: number | null;
  synced_by: SyncSource | null;
};

type ChangeRow = {
  change_id: string;
  shop_id: number;
  listing_id: number;
  title: string;
  before_state: string;
  after_state: string;
  changed_at: number | null;
  detected_at: number;
  found_by: SyncSource;
  status: OutsideChangeStatus;
};

const toShop = (row: ShopRow): MirrorShop => ({
  shopId: Number(row.shop_id),
  userId: Number(row.user_id),
  status: row.status,
  listingsRead: Number(row.listings_read),
  listingsTotal: Number(row.listings_total),
  watermark: Number(row.watermark),
  syncedAt: row.synced_at === null ? null : Number(row.synced_at),
  syncedBy: row.synced_by,
});

const toChange = (row: ChangeRow): OutsideChange => ({
  id: row.change_id,
  shopId: Number(row.shop_id),
  listingId: Number(row.listing_id),
  title: row.title,
  before: parseSnapshot(row.before_state),
  after: parseSnapshot(row.after_state),
  changedAt: row.changed_at === null ? null : Number(row.changed_at),
  detectedAt: Number(row.detected_at),
  foundBy: row.found_by,
  status: row.status,
});

export type StoredListing = { listing: Listing; text: string; updatedTimestamp: number };

export function mirrorStore(db: Database) {
  let deliveriesPrunedAt = 0;
  return {
    db,

    async shop(shopId: number): Promise<MirrorShop | null> {
      const [row] = await db.query<ShopRow>("SELECT * FROM mirror_shops WHERE shop_id = $1", [shopId]);
      return row ? toShop(row) : null;
    },

    async filledShops(): Promise<MirrorShop[]> {
      return (await db.query<ShopRow>("SELECT * FROM mirror_shops WHERE status = 'filled'")).map(toShop);
    },

    async claim(shopId: number, userId: number, ms: number): Promise<boolean> {
      const now = Date.now();
      await db.execute(
        "INSERT INTO mirror_shops (shop_id, user_id, status, updated_at) VALUES ($1, $2, 'filling', $3) ON CONFLICT (shop_id) DO NOTHING",
        [shopId, userId, now],
      );
      return (
        (await db.execute(
          "UPDATE mirror_shops SET lease_until = $1, user_id = $2, updated_at = $3 WHERE shop_id = $4 AND lease_until <= $3",
          [now + ms, userId, now, shopId],
        )) === 1
      );
    },

    release: async (shopId: number) =>
      void (await db.execute("UPDATE mirror_shops SET lease_until = 0 WHERE shop_id = $1", [shopId])),

    progress: async (shopId: number, read: number, total: number, leaseMs: number) =>
      void (await db.execute(
        "UPDATE mirror_shops SET listings_read = $1, listings_total = $2, lease_until = $3, updated_at = $4 WHERE shop_id = $5",
        [read, total, Date.now() + leaseMs, Date.now(), shopId],
      )),

    synced: async (shopId: number, by: SyncSource, watermark?: number) =>
      void (await db.execute(
        `UPDATE mirror_shops SET status = CASE WHEN $1 = 'fill' THEN 'filled' ELSE status END, synced_at = $2, synced_by = $1,
         watermark = CASE WHEN $3 >= 0 THEN $3 ELSE watermark END, updated_at = $2 WHERE shop_id = $4`,
        [by, Date.now(), watermark ?? -1, shopId],
      )),

    async stateCounts(shopId: number): Promise<Record<string, number>> {
      const rows = await db.query<{ state: string; count: number | string }>(
        "SELECT state, COUNT(*) AS count FROM mirror_listings WHERE shop_id = $1 GROUP BY state",
        [shopId],
      );
      return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
    },

    async listings(shopId: number, state?: string): Promise<Listing[]> {
      const rows = await db.query<{ listing: string }>(
        state === undefined
          ? "SELECT listing FROM mirror_listings WHERE shop_id = $1 ORDER BY listing_id"
          : "SELECT listing FROM mirror_listings WHERE shop_id = $1 AND state = $2 ORDER BY listing_id",
        state === undefined ? [shopId] : [shopId, state],
      );
      return rows.map((row) => JSON.parse(row.listing) as Listing);
    },

    /** Changes whenever a kept listing of the shop is added, written or removed: what a count over them depends on. */
    async version(shopId: number): Promise<string> {
      const [row] = await db.query<{ listings: number; stamps: number | null; revisions: number | null }>(
        "SELECT COUNT(*) AS listings, SUM(updated_timestamp) AS stamps, SUM(revision) AS revisions FROM mirror_listings WHERE shop_id = $1",
        [shopId],
      );
      return `${Number(row?.listings ?? 0)}:${Number(row?.stamps ?? 0)}:${Number(row?.revisions ?? 0)}`;
    },

    async listingIds(shopId: number): Promise<number[]> {
      const rows = await db.query<{ listing_id: number | string }>(
        "SELECT listing_id FROM mirror_listings WHERE shop_id = $1",
        [shopId],
      );
      return rows.map((row) => Number(row.listing_id));
    },

    async listing(listingId: number): Promise<StoredListing | null> {
      const [row] = await db.query<{ listing: string; updated_timestamp: number }>(
        "SELECT listing, updated_timestamp FROM mirror_listings WHERE listing_id = $1",
        [listingId],
      );
      return row
        ? { listing: JSON.parse(row.listing), text: row.listing, updatedTimestamp: Number(row.updated_timestamp) }
        : null;
    },

    put: async (listing: Listing) =>
      (await db.execute(
        `INSERT INTO mirror_listings (listing_id, shop_id, state, updated_timestamp, listing) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (listing_id) DO UPDATE SET shop_id = excluded.shop_id, state = excluded.state,
         updated_timestamp = excluded.updated_timestamp, listing = excluded.listing, revision = mirror_listings.revision + 1
         WHERE excluded.updated_timestamp >= mirror_listings.updated_timestamp`,
        [listing.id, listing.shopId, listing.state, listing.updatedAt ?? 0, JSON.stringify(listing)],
      )) === 1,

    // Replaces exactly the version `known` read: of two processes applying one change, only one sees it as a change.
    replace: async (known: StoredListing, listing: Listing) =>
      (await db.execute(
        `UPDATE mirror_listings SET shop_id = $1, state = $2, updated_timestamp = $3, listing = $4, revision = revision + 1
         WHERE listing_id = $5 AND listing = $6`,
        [
          listing.shopId,
          listing.state,
          Math.max(listing.updatedAt ?? 0, 0),
          JSON.stringify(listing),
          listing.id,
          known.text,
        ],
      )) === 1,

    remove: async (listingId: number) =>
      void (await db.execute("DELETE FROM mirror_listings WHERE listing_id = $1", [listingId])),

    // Ids past twice the 5-minute tolerance go, as their signed timestamp refuses them already; once a minute, as
    // the scan grows with the table.
    async firstDelivery(webhookId: string): Promise<boolean> {
      if (Date.now() - deliveriesPrunedAt >= 60_000) {
        deliveriesPrunedAt = Date.now();
        await db.execute("DELETE FROM webhook_deliveries WHERE received_at < $1", [Date.now() - 10 * 60_000]);
      }
      const added = await db.execute(
        "INSERT INTO webhook_deliveries (webhook_id, received_at) VALUES ($1, $2) ON CONFLICT (webhook_id) DO NOTHING",
        [webhookId, Date.now()],
      );
      return added === 1;
    },

    async addChange(change: Omit<OutsideChange, "id" | "status" | "detectedAt">): Promise<string> {
      const id = randomUUID();
      await db.execute(
        `INSERT INTO outside_changes (change_id, shop_id, listing_id, title, before_state, after_state, changed_at, detected_at, found_by, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open')`,
        [
          id,
          change.shopId,
          change.listingId,
          change.title,
          JSON.stringify(change.before),
          JSON.stringify(change.after),
          change.changedAt,
          Date.now(),
          change.foundBy,
        ],
      );
      return id;
    },

    async changes(shopId: number, status: OutsideChangeStatus = "open"): Promise<OutsideChange[]> {
      const rows = await db.query<ChangeRow>(
        "SELECT * FROM outside_changes WHERE shop_id = $1 AND status = $2 ORDER BY detected_at DESC",
        [shopId, status],
      );
      return rows.map(toChange);
    },

    async change(shopId: number, changeId: string): Promise<OutsideChange | null> {
      const [row] = await db.query<ChangeRow>("SELECT * FROM outside_changes WHERE shop_id = $1 AND change_id = $2", [
        shopId,
        changeId,
      ]);
      return row ? toChange(row) : null;
    },

    settleChange: async (shopId: number, changeId: string, status: Exclude<OutsideChangeStatus, "open">) =>
      (await db.execute(
        "UPDATE outside_changes SET status = $1 WHERE shop_id = $2 AND change_id = $3 AND status = 'open'",
        [status, shopId, changeId],
      )) === 1,
  };
}
