import "server-only";
import type { Database } from "../db/database";
import type { Marketplace, ReceiptQuery } from "../marketplace/client";
import type { Result } from "../marketplace/failure";
import { orderStore, type OrderSync } from "./order-store";
import type { Seller } from "../marketplace/wire";

// A shop's orders are read in full once, newest first, then only the receipts changed since: each view asks for one
// page of changes, ordered by when they changed, from the second the last one ended in.

const PAGE = 100;

/**
 * Every receipt of the shop. The newest change the marketplace holds is asked first: changes made while the fill reads
 * (an order placed, one shipped) come after it, so the first read of changes finds them.
 */
export async function fillOrders(database: Database, market: Marketplace, seller: Seller): Promise<Result<OrderSync>> {
  const store = orderStore(database);
  const receipts = (query: ReceiptQuery) => market.getShopReceipts(seller.userId, seller.shopId, query);
  const newest = await receipts({ sortOn: "updated", sortOrder: "desc", limit: 1, offset: 0 });
  if (!newest.ok) return newest;
  const watermark = newest.data.orders[0]?.updatedAt ?? 0;
  let read = 0;
  let total = newest.data.count;
  // Orders placed meanwhile push older ones to later pages: some are read twice, none is missed.
  for (let offset = 0; offset < total; offset += PAGE) {
    const page = await receipts({ sortOn: "created", sortOrder: "desc", limit: PAGE, offset });
    if (!page.ok) return page;
    await store.put(seller.shopId, page.data.orders);
    read += page.data.orders.length;
    total = page.data.count;
    await store.synced(seller.shopId, { filled: false, watermark, skip: 0, read, total });
    if (page.data.orders.length < PAGE) break;
  }
  const sync = { filled: true, watermark, skip: 0, read, total };
  await store.synced(seller.shopId, sync);
  return { ok: true, data: { shopId: seller.shopId, checkedAt: Date.now(), ...sync } };
}

/** One request: the next page of receipts changed since the last read of a filled shop. */
export async function readChangedOrders(
  database: Database,
  market: Marketplace,
  seller: Seller,
  sync: OrderSync,
): Promise<Result<OrderSync>> {
  const store = orderStore(database);
  const page = await market.getShopReceipts(seller.userId, seller.shopId, {
    // A shop with no receipt at its fill has no watermark yet, and the marketplace refuses a min_last_modified of 0.
    minLastModified: sync.watermark || undefined,
    sortOn: "updated",
    sortOrder: "asc",
    limit: PAGE,
    offset: sync.skip,
  });
  if (!page.ok) return page;
  const orders = page.data.orders;
  await store.put(seller.shopId, orders);
  const last = orders.reduce((latest, order) => Math.max(latest, order.updatedAt), sync.watermark);
  // The receipts of the newest second are read again next time (a receipt may change twice in one second); only a full
  // page all in one second moves the offset on, so that a burst of changes is read through, a page a view.
  const stuck = last === sync.watermark && orders.length === PAGE;
  const next = {
    ...sync,
    watermark: last,
    skip: stuck ? sync.skip + orders.length : 0,
    read: sync.read + orders.length,
    checkedAt: Date.now(),
  };
  await store.synced(seller.shopId, next);
  return { ok: true, data: next };
}

/**
 * The receipts cancelled since the oldest open order was placed: a read of changes leaves cancelled receipts out
 * (docs/marketplace.md §16), so each refresh asks for them by `was_canceled`, one request a page of 100, none when
 * nothing is open. Each is kept, which takes it out of the open orders.
 */
export async function readCanceledOrders(
  database: Database,
  market: Marketplace,
  seller: Seller,
): Promise<Result<number>> {
  const store = orderStore(database);
  const since = await store.oldestOpen(seller.shopId);
  if (since === null) return { ok: true, data: 0 };
  let read = 0;
  for (let offset = 0; ; offset += PAGE) {
    const page = await market.getShopReceipts(seller.userId, seller.shopId, {
      wasCanceled: true,
      minCreated: since,
      sortOn: "created",
      sortOrder: "asc",
      limit: PAGE,
      offset,
    });
    if (!page.ok) return page;
    await store.put(seller.shopId, page.data.orders);
    read += page.data.orders.length;
    if (page.data.orders.length < PAGE || offset + PAGE >= page.data.count) return { ok: true, data: read };
  }
}

// The shops whose cancellations a paid order's read brought, and when: kept per database, in this process (globalThis,
// so that the webhook's route and the pages share it), as lib/mirror/own-writes.ts keeps its writes.
const globalForSales = globalThis as unknown as { saleReads?: WeakMap<Database, Map<number, number>> };

function saleReadsOf(database: Database): Map<number, number> {
  const byDatabase = (globalForSales.saleReads ??= new WeakMap());
  let reads = byDatabase.get(database);
  if (!reads) byDatabase.set(database, (reads = new Map()));
  return reads;
}

/**
 * True once after a paid order's read listed the shop's cancellations (keepReceipt), within `withinMs` of it: the next
 * view of the orders can do without its own read of them.
 */
export function takeSaleRead(database: Database, shopId: number, withinMs: number, now = Date.now()): boolean {
  const reads = saleReadsOf(database);
  const at = reads.get(shopId);
  reads.delete(shopId);
  return at !== undefined && now - at < withinMs;
}

/**
 * The receipt an order.paid webhook names, for a shop whose orders are kept. While fewer than a page of receipts were
 * placed since the oldest open order, one request lists them all, the paid one among them and, as the list is not
 * read by min_last_modified, the cancelled ones too (docs/marketplace.md §16.7): the cancellations' read of the next
 * view, made with the sale's. Otherwise, or when the paid receipt is not on that page, the receipt is read alone. Each
 * read names the shop, so a receipt of another shop is not found.
 */
export async function keepReceipt(
  database: Database,
  market: Marketplace,
  seller: Seller,
  receiptId: number,
): Promise<Result<boolean>> {
  const store = orderStore(database);
  if (!(await store.sync(seller.shopId))) return { ok: true, data: false };
  const since = await store.oldestOpen(seller.shopId);
  if (since !== null && (await store.orders(seller.shopId, { from: since }, { limit: 0, offset: 0 })).total < PAGE) {
    const listed = await market.getShopReceipts(seller.userId, seller.shopId, {
      minCreated: since,
      sortOn: "created",
      sortOrder: "desc",
      limit: PAGE,
      offset: 0,
    });
    if (!listed.ok) return listed;
    await store.put(seller.shopId, listed.data.orders);
    if (listed.data.count <= PAGE && listed.data.orders.some((order) => order.receiptId === receiptId)) {
      saleReadsOf(database).set(seller.shopId, Date.now());
      return { ok: true, data: true };
    }
  }
  const read = await market.getShopReceipt(seller.userId, seller.shopId, receiptId);
  if (!read.ok) return read;
  await store.put(seller.shopId, [read.data]);
  if (since === null) saleReadsOf(database).set(seller.shopId, Date.now());
  return { ok: true, data: true };
}
