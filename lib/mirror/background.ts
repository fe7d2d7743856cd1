import "server-only";
import { db } from "../db";
import { isDatabaseUnreachable } from "../db/outage";
import { env } from "../env";
import { pacedMarketplace } from "../marketplace/paced-marketplace";
import { logger } from "../observability/logger";
import { onShutdown } from "../observability/shutdown";
import { sellerActive } from "./seller-active";
import { shopMirror, type ShopMirror } from "./shop-mirror";
import type { Seller } from "../marketplace/wire";

export type MirrorMode = "webhooks" | "polling";

export const mirrorMode = (): MirrorMode => (env().MARKETPLACE_WEBHOOK_SECRET ? "webhooks" : "polling");

type Background = { mirror: ShopMirror; fills: Map<number, Promise<unknown>>; poller?: NodeJS.Timeout };

const globalForMirror = globalThis as unknown as { shopMirror?: Promise<Background> };

// Through the shared pacer, so that fills, polls and webhooks share the app's rate limit with changes.
function background(): Promise<Background> {
  globalForMirror.shopMirror ??= db()
    .then((database) => {
      const mirror = shopMirror(database, pacedMarketplace(database), env().MIRROR_IDLE_POLL_SECONDS * 1000);
      return { mirror, fills: new Map() };
    })
    .catch((error: unknown) => {
      globalForMirror.shopMirror = undefined;
      throw error;
    });
  return globalForMirror.shopMirror;
}

export async function mirror(): Promise<ShopMirror> {
  return (await background()).mirror;
}

export async function ensureFilled(seller: Seller) {
  const { mirror, fills } = await background();
  const shop = await mirror.store.shop(seller.shopId);
  if (shop?.status === "filled" || fills.has(seller.shopId)) return;
  const fill = mirror
    .fill(seller)
    .then((result) => {
      if (!result.ok)
        logger().warn({ msg: "mirror fill stopped", shopId: seller.shopId, failure: result.failure.kind });
    })
    // The next view starts it again from where it stopped; an outage is logged once (lib/db/outage.ts).
    .catch((error: Error) => {
      if (!isDatabaseUnreachable(error))
        logger().error({ msg: "mirror fill failed", shopId: seller.shopId, error: error.message });
    })
    .finally(() => fills.delete(seller.shopId));
  fills.set(seller.shopId, fill);
}

// The claim lets one instance per shop poll each round. A shop whose seller made no signed-in request for
// MIRROR_IDLE_POLL_SECONDS is idle: polled only that often (shop-mirror.ts), since no one is looking.
export async function pollOnce() {
  const { mirror } = await background();
  const intervalMs = env().MIRROR_POLL_SECONDS * 1000;
  const idleMs = env().MIRROR_IDLE_POLL_SECONDS * 1000;
  const sessionMs = env().SESSION_ABSOLUTE_SECONDS * 1000;
  for (const shop of await mirror.store.filledShops()) {
    if (!(await mirror.store.claim(shop.shopId, shop.userId, intervalMs - 100))) continue;
    const active = await sellerActive(mirror.store.db, shop.userId, idleMs, sessionMs);
    const result = await mirror.poll(shop, Date.now(), active);
    if (!result.ok) logger().warn({ msg: "mirror poll failed", shopId: shop.shopId, failure: result.failure.kind });
  }
}

export async function startMirrorPolling() {
  const state = await background();
  if (mirrorMode() !== "polling" || state.poller) return;
  let running = false;
  state.poller = setInterval(() => {
    if (running) return;
    running = true;
    pollOnce()
      .catch((error: Error) => {
        if (!isDatabaseUnreachable(error)) logger().error({ msg: "mirror poll failed", error: error.message });
      })
      .finally(() => (running = false));
  }, env().MIRROR_POLL_SECONDS * 1000);
  state.poller.unref();
  onShutdown("mirror polling", async () => clearInterval(state.poller));
}
