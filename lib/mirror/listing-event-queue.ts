import type { ListingEvent } from "./webhook";

// Processing reads the listing as it is now, so a later event for a listing still waiting replaces the earlier one.
export function listingEventQueue(
  handle: (event: ListingEvent) => Promise<void>,
  options: { concurrency: number; onError: (error: Error) => void },
) {
  const waiting = new Map<number, ListingEvent>();
  let running = 0;
  let drained: (() => void)[] = [];

  const next = () => {
    for (const [listingId, event] of waiting) {
      if (running >= options.concurrency) return;
      waiting.delete(listingId);
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
    add(event: ListingEvent) {
      waiting.set(event.listingId, event);
      next();
    },
    get waiting() {
      return waiting.size;
    },
    idle: () =>
      running === 0 && waiting.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => drained.push(resolve)),
  };
}

export type ListingEventQueue = ReturnType<typeof listingEventQueue>;
