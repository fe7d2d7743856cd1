import type { MarketplaceEvent } from "./webhook";

const keyOf = (event: MarketplaceEvent) =>
  event.type === "order.paid" ? `receipt ${event.receiptId}` : `listing ${event.listingId}`;

// Processing reads the listing or receipt as it is now, so a later event for one still waiting replaces the earlier one.
export function webhookEventQueue(
  handle: (event: MarketplaceEvent) => Promise<void>,
  options: { concurrency: number; onError: (error: Error) => void },
) {
  const waiting = new Map<string, MarketplaceEvent>();
  let running = 0;
  let drained: (() => void)[] = [];

  const next = () => {
    for (const [key, event] of waiting) {
      if (running >= options.concurrency) return;
      waiting.delete(key);
      running++;
      handle(event)
        .catch(options.onError)
        .finally(() => {
          running--;
          next();
        });
    }
    if (running === 0) {
      for (const resolve of drained) resolve();
      drained = [];
    }
  };

  return {
    add(event: MarketplaceEvent) {
      waiting.set(keyOf(event), event);
      next();
    },
    get waiting() {
      return waiting.size;
    },
    idle: () =>
      running === 0 && waiting.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => drained.push(resolve)),
  };
}

export type WebhookEventQueue = ReturnType<typeof webhookEventQueue>;
