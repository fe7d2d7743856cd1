import "server-only";
import type { Database } from "../db/database";
import type { Marketplace } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import { orderStore } from "./order-store";

// A shop's orders are read in full once (oldest first, so orders placed meanwhile land on later pages, not shifted
// ones), then each view asks only for the receipts changed since the newest change kept: one request.

const PAGE = 100;

export type Seller = { userId: number; shopId: number };

export async function bringOrdersUpToDate(
  database: Database,
  market: Marketplace,
  seller: Seller,
): Promise<Result<{ read: number }>> {
  const store = orderStore(database);
  const sync = await store.sync(seller.shopId);
  if (!sync?.filled) return fill(database, market, seller);
  const page = await market.getShopReceipts(seller.userId, seller.shopId, {
    minLastModified: sync.watermark,
    sortOn: "updated",
    sortOrder: "asc",
    limit: PAGE,
    offset: 0,
  });
  if (!page.ok) return page;
  await store.put(seller.shopId, page.data.orders);
  const watermark = Math.max(sync.watermark, ...page.data.orders.map((order) => order.updatedAt));
  await store.synced(seller.shopId, { filled: true, watermark });
  return { ok: true, data: { read: 1 } };
}

async function fill(database: Database, market: Marketplace, seller: Seller): Promise<Result<{ read: number }>> {
  const store = orderStore(database);
  let watermark = 0;
  let requests = 0;
  for (let offset = 0; ; offset += PAGE) {
    const page = await market.getShopReceipts(seller.userId, seller.shopId, {
      sortOn: "created",
      sortOrder: "asc",
      limit: PAGE,
      offset,
    });
    requests += 1;
    if (!page.ok) return page;
    await store.put(seller.shopId, page.data.orders);
    for (const order of page.data.orders) watermark = Math.max(watermark, order.updatedAt);
    if (page.data.orders.length < PAGE || offset + PAGE >= page.data.count) break;
  }
  await store.synced(seller.shopId, { filled: true, watermark });
  return { ok: true, data: { read: requests } };
}
