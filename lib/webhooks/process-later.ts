import "server-only";
import { throughOutages } from "../db/outage";
import { mirror } from "../mirror/background";
import { logger } from "../observability/logger";
import { onShutdown } from "../observability/shutdown";
import { processEvent, type MarketplaceEvent } from "./webhook";
import { webhookEventQueue, type WebhookEventQueue } from "./webhook-event-queue";

// Reads wait for the shared pacer anyway; a few in flight cover the marketplace's latency.
const EVENTS_IN_FLIGHT = 4;

const globalForWebhooks = globalThis as unknown as { webhookEvents?: WebhookEventQueue };

function events(): WebhookEventQueue {
  if (globalForWebhooks.webhookEvents) return globalForWebhooks.webhookEvents;
  // An event accepted before the database stopped answering waits for it, holding its place, rather than being lost.
  const handle = async (event: MarketplaceEvent) => {
    const shops = await mirror();
    await throughOutages(shops.store.db, () => processEvent(event, { mirror: shops }));
  };
  const queue = webhookEventQueue(handle, {
    concurrency: EVENTS_IN_FLIGHT,
    onError: (error) => logger().error({ msg: "webhook processing failed", error: error.message }),
  });
  onShutdown("webhook events", async () => {
    if (queue.waiting > 0) logger().warn({ msg: "webhook events not processed", waiting: queue.waiting });
  });
  return (globalForWebhooks.webhookEvents = queue);
}

// A burst of events waits here, not in a request's after() and a pacer slot each.
export function processLater(event: MarketplaceEvent) {
  events().add(event);
}
