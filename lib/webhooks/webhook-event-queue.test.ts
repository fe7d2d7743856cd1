import { describe, expect, it } from "vitest";
import { webhookEventQueue } from "./webhook-event-queue";
import type { ListingEvent, OrderEvent } from "./webhook";

const updated = (listingId: number, webhookId: string): ListingEvent => ({
  webhookId,
  type: "listing.updated",
  listingId,
  shopId: null,
});

const paid = (receiptId: number, webhookId: string): OrderEvent => ({
  webhookId,
  type: "order.paid",
  shopId: 70001,
  receiptId,
});

function recorder(concurrency: number) {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  let inFlight = 0;
  let mostInFlight = 0;
  const queue = webhookEventQueue(
    (event) => {
      started.push(event.webhookId);
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      return new Promise<void>((resolve) =>
        finish.set(event.webhookId, () => {
          inFlight--;
          resolve();
        }),
      );
    },
    { concurrency, onError: () => {} },
  );
  const settle = async (eventId: string) => {
    finish.get(eventId)!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { queue, started, settle, mostInFlight: () => mostInFlight };
}

describe("the queue of webhook events", () => {
  it("processes no more events at once than its concurrency, and the rest as those finish", async () => {
    const { queue, started, settle, mostInFlight } = recorder(2);
    for (const [index, listingId] of [1, 2, 3, 4].entries()) queue.add(updated(listingId, `e${index}`));
    expect(started).toEqual(["e0", "e1"]);
    await settle("e0");
    expect(started).toEqual(["e0", "e1", "e2"]);
    await settle("e1");
    await settle("e2");
    await settle("e3");
    await queue.idle();
    expect([started, mostInFlight()]).toEqual([["e0", "e1", "e2", "e3"], 2]);
  });

  it("keeps only the latest waiting event of a listing, in the place of the first", async () => {
    const { queue, started, settle } = recorder(1);
    queue.add(updated(1, "first of 1"));
    queue.add(updated(2, "first of 2"));
    queue.add(updated(3, "only of 3"));
    queue.add(updated(2, "second of 2"));
    expect(queue.waiting).toBe(2);
    for (const eventId of ["first of 1", "second of 2", "only of 3"]) await settle(eventId);
    await queue.idle();
    expect(started).toEqual(["first of 1", "second of 2", "only of 3"]);
  });

  it("keeps a receipt's latest waiting event apart from a listing's of the same number", async () => {
    const { queue, started, settle } = recorder(1);
    queue.add(updated(9, "listing running"));
    queue.add(paid(9, "first paid"));
    queue.add(updated(9, "listing 9"));
    queue.add(paid(9, "paid again"));
    expect(queue.waiting).toBe(2);
    for (const eventId of ["listing running", "paid again", "listing 9"]) await settle(eventId);
    await queue.idle();
    expect(started).toEqual(["listing running", "paid again", "listing 9"]);
  });

  it("processes an event that comes while its listing's earlier one is running, after it", async () => {
    const { queue, started, settle } = recorder(4);
    queue.add(updated(1, "running"));
    queue.add(updated(1, "later"));
    expect(started).toEqual(["running", "later"]);
    await settle("running");
    await settle("later");
    await queue.idle();
  });

  it("goes on after an event whose processing failed", async () => {
    const failures: string[] = [];
    const done: string[] = [];
    const queue = webhookEventQueue(
      async (event) => {
        if (event.webhookId === "fails") throw new Error("the marketplace did not answer");
        done.push(event.webhookId);
      },
      { concurrency: 1, onError: (error) => failures.push(error.message) },
    );
    queue.add(updated(1, "fails"));
    queue.add(updated(2, "after"));
    await queue.idle();
    expect([failures, done]).toEqual([["the marketplace did not answer"], ["after"]]);
  });
});
