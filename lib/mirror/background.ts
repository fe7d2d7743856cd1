import "server-only";
import { db } from "../db";
import { isDatabaseUnreachable, throughOutages } from "../db/outage";
import { env } from "../env";
import { pacedMarketplace } from "../marketplace/paced-marketplace";
import { logger } from "../observability/logger";
import { onShutdown } from "../observability/shutdown";
import { webhookEventQueue, type WebhookEventQueue } from "./webhook-event-queue";
import { shopMirror, type Seller, type ShopMirror } from "./shop-mirror";
import { processEvent, type MarketplaceEvent } from "./webhook";

export type MirrorMode = "webhooks" | "polling";

export const mirrorMode = (): MirrorMode => (env().MARKETPLACE_WEBHOOK_SECRET ? "webhooks" : "polling");

type Background = {
  mirror: ShopMirror;
  fills: Map<number, Promise<unknown>>;
  events: WebhookEventQueue;
  poller?: NodeJS.Timeout;
};

// Reads wait for the shared pacer anyway; a few in flight cover the marketplace's latency.
const EVENTS_IN_FLIGHT = 4;

const globalForMirror = globalThis as unknown as { shopMirror?: Promise<Background> };

// Through the shared pacer, so that fills, polls and webhooks share the app's rate limit with changes.
function background(): Promise<Background> {
  globalForMirror.shopMirror ??= db()
    .then((database) => {
      const mirror = shopMirror(database, pacedMarketplace(database));
      // An event accepted before the database stopped answering waits for it, holding its place, rather than being lost.
      const handle = (event: MarketplaceEvent) => throughOutages(database, () => processEvent(event, { mirror }));
      const events = webhookEventQueue(handle, {
        concurrency: EVENTS_IN_FLIGHT,
        onError: (error) => logger().error({ msg: "webhook processing failed", error: error.message }),
      });
      onShutdown("webhook events", async () => {
        if (events.waiting > 0) logger().warn({ msg: "webhook events not processed", waiting: events.waiting });
      });
      return { mirror, fills: new Map(), events };
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

// A burst of events waits here, not in a request's after() and a pacer slot each.
export async function processLater(event: MarketplaceEvent) {
  (await background()).events.add(event);
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

// The claim lets one instance per shop poll each round.
export async function pollOnce() {
  const { mirror } = await background();
  const intervalMs = env().MIRROR_POLL_SECONDS * 1000;
  for (const shop of await mirror.store.filledShops()) {
    if (!(await mirror.store.claim(shop.shopId, shop.userId, intervalMs - 100))) continue;
    const result = await mirror.readRecent(shop, "poll");
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
