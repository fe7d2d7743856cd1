import "server-only";
import { db } from "../db";
import { marketplace } from "../marketplace";
import type { Marketplace } from "../marketplace/client";
import { pacedMarketplace } from "../marketplace/paced-marketplace";
import type { MarketplaceFailure, Result } from "../marketplace/failure";
import { isDatabaseUnreachable } from "../db/outage";
import { logger } from "../observability/logger";
import { onShutdown } from "../observability/shutdown";
import { mirrorMode } from "../mirror/background";
import { KEPT_FRESH_MS } from "../mirror/fresh-copy";
import { fillOrders, readCanceledOrders, readChangedOrders, takeSaleRead } from "./kept-orders";
import { orderStore, type OrderSync } from "./order-store";
import { sendWaitingShipments } from "./ship-orders";
import type { Seller } from "../marketplace/wire";

type Background = { paced: Marketplace; fills: Map<number, Promise<Result<OrderSync>>> };

const globalForOrders = globalThis as unknown as { keptOrders?: Promise<Background>; retry?: NodeJS.Timeout };

// Fills go through the shared pacer, as the listings mirror's do, sharing the app's rate limit with changes.
function background(): Promise<Background> {
  globalForOrders.keptOrders ??= db().then((database) => ({ paced: pacedMarketplace(database), fills: new Map() }));
  return globalForOrders.keptOrders;
}

async function ensureFill(seller: Seller) {
  const { paced, fills } = await background();
  let fill = fills.get(seller.shopId);
  if (!fill) {
    fill = fillOrders(await db(), paced, seller)
      .then((result) => {
        if (!result.ok)
          logger().warn({ msg: "orders fill stopped", shopId: seller.shopId, failure: result.failure.kind });
        return result;
      })
      .finally(() => fills.delete(seller.shopId));
    fills.set(seller.shopId, fill);
  }
  return fill;
}

// With webhooks on, a paid order comes as an event (docs/marketplace.md §16.5); what none announces (a shipment marked
// elsewhere, a refund) is read by the first view after the kept orders are KEPT_FRESH_MS old, as the listings' copy
// is, and by the sheet and every batch at once.
const keptOrdersFresh = (sync: OrderSync, now = Date.now()) =>
  mirrorMode() === "webhooks" && now - sync.checkedAt < KEPT_FRESH_MS;

/** The kept orders as last read, served while the marketplace is not answering: `away` says so. */
export type KeptOrders = OrderSync & { away?: true };

/** A marketplace down, failing or too slow leaves the kept orders standing in; any other failure is the page's. */
const away = (failure: MarketplaceFailure) => failure.kind === "unavailable" || failure.kind === "timeout";

/**
 * The shop's kept orders brought up to date once filled: one request for what changed and one for what was cancelled
 * since the oldest open order (two a refresh, while under 100 of each). No event tells a cancellation, so every
 * refresh asks for them, but for the first view within KEPT_FRESH_MS of a paid order's read that listed them
 * (kept-orders.ts keepReceipt); while webhooks keep the rest fresh a view asks for nothing else, and `reads: "now"` (the
 * sheet, a batch that makes or ships) reads what changed too, whatever its age. Before the fill ends, it runs in the background and the caller waits `waitMs` for it (a small shop's
 * fill ends within it), then has what it has. A filled copy the marketplace cannot refresh is served as it is, `away`.
 */
export async function keptOrdersReady(
  seller: Seller,
  waitMs: number,
  reads: "if-stale" | "now" = "if-stale",
): Promise<Result<KeptOrders>> {
  const database = await db();
  const sync = await orderStore(database).sync(seller.shopId);
  if (sync?.filled) {
    const market = await marketplace();
    const changed =
      reads === "if-stale" && keptOrdersFresh(sync)
        ? ({ ok: true, data: sync } as const)
        : await readChangedOrders(database, market, seller, sync);
    // A sale's read serves the view its notice brings, the next read of the orders, and no other.
    const saleRead = changed.ok && takeSaleRead(database, seller.shopId, KEPT_FRESH_MS);
    if (reads === "if-stale" && saleRead) return changed;
    const canceled = changed.ok ? await readCanceledOrders(database, market, seller) : changed;
    if (canceled.ok) return changed;
    return away(canceled.failure) ? { ok: true, data: { ...sync, away: true } } : canceled;
  }
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    ensureFill(seller),
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs))),
  ]).finally(() => clearTimeout(timer));
  if (waited) return waited;
  const progress = await orderStore(database).sync(seller.shopId);
  return {
    ok: true,
    data: progress ?? { shopId: seller.shopId, filled: false, watermark: 0, skip: 0, read: 0, total: 0, checkedAt: 0 },
  };
}

/** How often the shipments kept while the marketplace did not answer are tried again. */
export const WAITING_SHIPMENTS_EVERY_MS = 10_000;

/** The waiting shipments sent when the marketplace answers again (ship-orders.ts), on every instance, each sent once. */
export async function startShipmentRetry() {
  const state = await background();
  if (globalForOrders.retry) return;
  let running = false;
  globalForOrders.retry = setInterval(() => {
    if (running) return;
    running = true;
    void db()
      .then((database) => sendWaitingShipments(database, state.paced))
      .catch((error: Error) => {
        if (!isDatabaseUnreachable(error)) logger().error({ msg: "waiting shipments failed", error: error.message });
      })
      .finally(() => (running = false));
  }, WAITING_SHIPMENTS_EVERY_MS);
  globalForOrders.retry.unref();
  onShutdown("waiting shipments", async () => clearInterval(globalForOrders.retry));
}
