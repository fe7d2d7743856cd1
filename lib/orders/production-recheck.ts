import "server-only";
import { db } from "../db";
import { logger } from "../observability/logger";
import type { Seller } from "../marketplace/wire";
import { orderStore } from "./order-store";
import { answered } from "./orders-view";

// A profile change re-checks the open items of its listings in the background, a page of orders at a time with a
// turn of the event loop between pages, so the queue's own reads go on meanwhile and then find the findings kept.

const PAGE = 200;

export async function recheckOpenItems(seller: Seller, listingIds: readonly number[]) {
  const database = await db();
  const orders = orderStore(database);
  let checked = 0;
  for (const listingId of listingIds)
    for (let offset = 0; ; offset += PAGE) {
      const page = await orders.orders(seller.shopId, { listingId, openOnly: true }, { limit: PAGE, offset });
      await answered(database, seller, page.orders);
      checked += page.orders.length;
      await new Promise((resolve) => setImmediate(resolve));
      if (offset + PAGE >= page.total) break;
    }
  return checked;
}

export function recheckInBackground(seller: Seller, listingIds: readonly number[]) {
  void recheckOpenItems(seller, listingIds).catch((error: unknown) =>
    logger().warn({ msg: "production re-check stopped", shopId: seller.shopId, error: String(error) }),
  );
}
