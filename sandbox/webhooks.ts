import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { Phase } from "./phases.js";
import type { Db } from "./store/db.js";
import { getListingRow, listingJson } from "./store/listing-store.js";

// docs/marketplace.md §14: listing webhooks, signed with the Standard Webhooks headers (the library
// signs), retried with growing waits when the endpoint does not answer 2xx. Subscriptions live in memory, as faults do:
// a reset or a restart forgets them.

export const LISTING_EVENTS = ["listing.created", "listing.updated", "listing.deleted"] as const;
export type ListingEvent = (typeof LISTING_EVENTS)[number];

export type Subscription = { id: string; url: string; secret: string; events: ListingEvent[]; created_at: number };

export type Delivery = {
  event_id: string;
  event_type: ListingEvent;
  subscription_id: string;
  url: string;
  attempts: number;
  status: number | null;
  error: string | null;
  state: "pending" | "delivered" | "failed";
};

const ATTEMPT_TIMEOUT_MS = 5000;
const KEEP_DELIVERIES = 100;

export type WebhookContext = {
  readonly db: Db;
  now(): number;
  reached(since: Phase): boolean;
  readonly legacyFieldsShown: boolean;
  readonly options: { readonly webhookRetryMs: readonly number[] };
};

export class WebhookHub {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly deliveries: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly aborts = new Set<AbortController>();

  constructor(private readonly state: WebhookContext) {}

  subscribe(url: string, events: readonly ListingEvent[] = LISTING_EVENTS): Subscription {
    const subscription: Subscription = {
      id: `wh_${randomBytes(9).toString("base64url")}`,
      url,
      secret: `whsec_${randomBytes(24).toString("base64")}`,
      events: [...events],
      created_at: this.state.now(),
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  unsubscribe(id: string) {
    return this.subscriptions.delete(id);
  }

  list(): Subscription[] {
    return [...this.subscriptions.values()];
  }

  recentDeliveries(): Delivery[] {
    return [...this.deliveries].reverse();
  }

  listingChanged(eventType: ListingEvent, listingId: number, deleted?: { shop_id: number; user_id: number }) {
    if (!this.state.reached("webhooks") || this.subscriptions.size === 0) return;
    let data: unknown;
    if (deleted) data = { listing_id: listingId, ...deleted };
    else {
      const row = getListingRow(this.state.db, listingId);
      if (!row) return;
      data = listingJson(this.state.db, row, { includes: ["Personalization"], legacy: this.state.legacyFieldsShown });
    }
    const eventId = `evt_${randomBytes(12).toString("base64url")}`;
    const payload = JSON.stringify({ event_type: eventType, event_id: eventId, created_at: this.state.now(), data });
    for (const subscription of this.subscriptions.values()) {
      if (!subscription.events.includes(eventType)) continue;
      const delivery: Delivery = {
        event_id: eventId,
        event_type: eventType,
        subscription_id: subscription.id,
        url: subscription.url,
        attempts: 0,
        status: null,
        error: null,
        state: "pending",
      };
      this.deliveries.push(delivery);
      if (this.deliveries.length > KEEP_DELIVERIES) this.deliveries.shift();
      void this.attempt(subscription, delivery, payload);
    }
  }

  clear() {
    for (const timer of this.timers) clearTimeout(timer);
    for (const abort of this.aborts) abort.abort();
    this.timers.clear();
    this.aborts.clear();
    this.subscriptions.clear();
    this.deliveries.length = 0;
  }

  private async attempt(subscription: Subscription, delivery: Delivery, payload: string) {
    delivery.attempts += 1;
    // The signature's time is the real one: receivers check it against their own clock (replay protection), which the
    // sandbox clock, moved for tests, would fail. created_at in the payload is the sandbox clock's.
    const sentAt = new Date();
    const abort = new AbortController();
    this.aborts.add(abort);
    const timer = setTimeout(() => abort.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      const response = await fetch(subscription.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": delivery.event_id,
          "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
          "webhook-signature": new Webhook(subscription.secret).sign(delivery.event_id, sentAt, payload),
        },
        body: payload,
        signal: abort.signal,
      });
      await response.body?.cancel();
      delivery.status = response.status;
      delivery.error = response.ok ? null : `answered ${response.status}`;
    } catch (error) {
      delivery.status = null;
      delivery.error = error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort);
    }
    if (abort.signal.aborted && !this.subscriptions.has(subscription.id)) return;
    if (delivery.error === null) {
      delivery.state = "delivered";
      return;
    }
    const wait = this.state.options.webhookRetryMs[delivery.attempts - 1];
    if (wait === undefined || !this.subscriptions.has(subscription.id)) {
      delivery.state = "failed";
      return;
    }
    const retry = setTimeout(() => {
      this.timers.delete(retry);
      void this.attempt(subscription, delivery, payload);
    }, wait);
    this.timers.add(retry);
  }
}
