import "server-only";
import type { Database } from "../db/database";
import type { Order, OrderAnswer } from "../marketplace/receipt-wire";
import { shipByOf } from "./day";

// A shop's orders kept in the dashboard's database, so a view reads only what changed since (kept-orders.ts).

/**
 * Where a shop's kept orders stand: filled once every receipt was read; then `watermark` (the marketplace's
 * updated_timestamp) and `skip` (receipts of that second to pass over) say where the next read of changes starts.
 */
export type OrderSync = {
  shopId: number;
  filled: boolean;
  watermark: number;
  skip: number;
  read: number;
  total: number;
  checkedAt: number;
};

type SyncRow = Record<"filled" | "watermark" | "skip" | "orders_read" | "orders_total" | "checked_at", number>;

export type OrderFilter = {
  search?: string;
  listingId?: number;
  /** Unix seconds, inclusive. */
  from?: number;
  to?: number;
  openOnly?: boolean;
  receiptIds?: readonly number[];
};

export type KeptItem = {
  receiptId: number;
  listingId: number | null;
  title: string;
  quantity: number;
  createdAt: number;
  /** Unix seconds: the expected ship date, or the order date where the marketplace sends none (day.ts). */
  shipBy: number;
  answers: OrderAnswer[];
};

/** Open: still to make and ship. An order in payment review is open (the queue shows it not paid yet), a cancelled one not. */
export const isOpen = (order: Order) =>
  !order.shipped && order.life !== "canceled" && (order.paid || order.life === "payment-review");

/** What a search looks in, lower-cased: the order number, the buyer, the listings bought and every answer. */
const searchTextOf = (order: Order) =>
  [
    order.receiptId,
    order.buyerName,
    order.messageFromBuyer ?? "",
    ...order.items.flatMap((item) => [item.title, ...item.answers.map((answer) => answer.value)]),
  ]
    .join("\n")
    .toLowerCase();

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function where(shopId: number, filter: OrderFilter) {
  const clauses = ["shop_id = $1"];
  const params: unknown[] = [shopId];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filter.openOnly) clauses.push("is_open = 1");
  if (filter.receiptIds)
    clauses.push(`receipt_id IN (${[0, ...filter.receiptIds.map((id) => Math.trunc(id))].join(", ")})`);
  if (filter.from !== undefined) add((n) => `created_at >= ${n}`, filter.from);
  if (filter.to !== undefined) add((n) => `created_at <= ${n}`, filter.to);
  if (filter.listingId !== undefined)
    add(
      (n) => `receipt_id IN (SELECT receipt_id FROM shop_order_items WHERE shop_id = $1 AND listing_id = ${n})`,
      filter.listingId,
    );
  const search = filter.search?.trim().toLowerCase();
  if (search) add((n) => `search_text LIKE ${n} ESCAPE '\\'`, `%${likeEscaped(search)}%`);
  return { sql: clauses.join(" AND "), params };
}

export function orderStore(db: Database) {
  return {
    async sync(shopId: number): Promise<OrderSync | null> {
      const [row] = await db.query<SyncRow>(
        "SELECT filled, watermark, skip, orders_read, orders_total, checked_at FROM order_syncs WHERE shop_id = $1",
        [shopId],
      );
      if (!row) return null;
      return {
        shopId,
        filled: Number(row.filled) === 1,
        watermark: Number(row.watermark),
        skip: Number(row.skip),
        read: Number(row.orders_read),
        total: Number(row.orders_total),
        checkedAt: Number(row.checked_at),
      };
    },

    async synced(shopId: number, sync: Omit<OrderSync, "shopId" | "checkedAt">) {
      await db.execute(
        `INSERT INTO order_syncs (shop_id, filled, watermark, skip, orders_read, orders_total, checked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (shop_id) DO UPDATE SET filled = excluded.filled, watermark = excluded.watermark, skip = excluded.skip,
           orders_read = excluded.orders_read, orders_total = excluded.orders_total, checked_at = excluded.checked_at`,
        [shopId, sync.filled ? 1 : 0, sync.watermark, sync.skip, sync.read, sync.total, Date.now()],
      );
    },

    async put(shopId: number, orders: readonly Order[]) {
      for (const order of orders) {
        await db.execute(
          `INSERT INTO shop_orders (shop_id, receipt_id, created_at, updated_at, is_open, search_text, body)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (shop_id, receipt_id) DO UPDATE SET created_at = excluded.created_at, updated_at = excluded.updated_at,
             is_open = excluded.is_open, search_text = excluded.search_text, body = excluded.body`,
          [
            shopId,
            order.receiptId,
            order.createdAt,
            order.updatedAt,
            isOpen(order) ? 1 : 0,
            searchTextOf(order),
            JSON.stringify(order),
          ],
        );
        for (const item of order.items)
          await db.execute(
            `INSERT INTO shop_order_items (shop_id, receipt_id, transaction_id, listing_id, title, quantity, created_at, answers, ship_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (shop_id, transaction_id) DO UPDATE SET listing_id = excluded.listing_id, title = excluded.title,
               quantity = excluded.quantity, answers = excluded.answers, ship_by = excluded.ship_by`,
            [
              shopId,
              order.receiptId,
              item.transactionId,
              item.listingId,
              item.title,
              item.quantity,
              order.createdAt,
              JSON.stringify(item.answers),
              shipByOf(order, item),
            ],
          );
      }
    },

    /** Those of `receiptIds` kept for this shop: a receipt of another shop, or not read yet, is not among them. */
    async kept(shopId: number, receiptIds: readonly number[]): Promise<Map<number, Order>> {
      if (receiptIds.length === 0) return new Map();
      const rows = await db.query<{ body: string }>(
        `SELECT body FROM shop_orders WHERE shop_id = $1 AND receipt_id IN (${receiptIds.map((_, index) => `$${index + 2}`).join(", ")})`,
        [shopId, ...receiptIds],
      );
      const orders = rows.map((row) => JSON.parse(row.body) as Order);
      return new Map(orders.map((order) => [order.receiptId, order]));
    },

    /** The first second an open order of the shop was placed, null when none is open. */
    async oldestOpen(shopId: number): Promise<number | null> {
      const [row] = await db.query<{ oldest: number | null }>(
        "SELECT MIN(created_at) AS oldest FROM shop_orders WHERE shop_id = $1 AND is_open = 1",
        [shopId],
      );
      return row?.oldest == null ? null : Number(row.oldest);
    },

    /** Open orders (paid or in payment review, not shipped or cancelled) first, newest first. */
    async orders(shopId: number, filter: OrderFilter, page: { limit: number; offset: number }) {
      const { sql, params } = where(shopId, filter);
      const [counted] = await db.query<{ total: number; open: number | null }>(
        `SELECT COUNT(*) AS total, SUM(is_open) AS open FROM shop_orders WHERE ${sql}`,
        params,
      );
      const rows = await db.query<{ body: string }>(
        `SELECT body FROM shop_orders WHERE ${sql} ORDER BY is_open DESC, created_at DESC, receipt_id DESC
         LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
        params,
      );
      return {
        total: Number(counted?.total ?? 0),
        open: Number(counted?.open ?? 0),
        orders: rows.map((row) => JSON.parse(row.body) as Order),
      };
    },

    async listings(shopId: number): Promise<{ listingId: number; title: string; orders: number }[]> {
      const rows = await db.query<{ listing_id: number; title: string; orders: number }>(
        `SELECT listing_id, MAX(title) AS title, COUNT(*) AS orders FROM shop_order_items
         WHERE shop_id = $1 AND listing_id IS NOT NULL GROUP BY listing_id ORDER BY MAX(title)`,
        [shopId],
      );
      return rows.map((row) => ({ listingId: Number(row.listing_id), title: row.title, orders: Number(row.orders) }));
    },

    /** What buyers answered on one listing since a time (Unix seconds). */
    async items(shopId: number, listingId: number, since: number): Promise<KeptItem[]> {
      const rows = await db.query<{
        receipt_id: number;
        listing_id: number | null;
        title: string;
        quantity: number;
        created_at: number;
        ship_by: number | null;
        answers: string;
      }>(
        `SELECT receipt_id, listing_id, title, quantity, created_at, ship_by, answers FROM shop_order_items
         WHERE shop_id = $1 AND listing_id = $2 AND created_at >= $3`,
        [shopId, listingId, since],
      );
      return rows.map((row) => ({
        receiptId: Number(row.receipt_id),
        listingId: row.listing_id === null ? null : Number(row.listing_id),
        title: row.title,
        quantity: Number(row.quantity),
        createdAt: Number(row.created_at),
        shipBy: Number(row.ship_by ?? row.created_at),
        answers: JSON.parse(row.answers) as OrderAnswer[],
      }));
    },
  };
}
