import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { Phase } from "./phases.js";
import type { Db } from "./store/db.js";
import { getListingRow } from "./store/listing-store.js";

// docs/marketplace.md §14: webhooks as the live marketplace delivers them: a flat body, the Standard Webhooks
// headers (the library signs), and the Standard Webhooks (Svix) schedule of retries on the sandbox clock, so that moving
// the clock forward sends what has come due. Subscriptions live in memory, as faults do: a reset or a restart forgets
// them.

export const LISTING_EVENTS = ["listing.created", "listing.updated", "listing.deleted"] as const;
export type ListingEvent = (typeof LISTING_EVENTS)[number];
/** Every event a subscription may take, and what it takes when it names none. */
export const WEBHOOK_EVENTS = [...LISTING_EVENTS, "order.paid"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** After a failed attempt, the waits before the next ones; after the last, the delivery has failed. */
export const RETRY_AFTER_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
export const DISABLE_AFTER_SECONDS = 5 * 24 * 3600;
const ATTEMPT_TIMEOUT_MS = 15_000;
const KEEP_DELIVERIES = 100;
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export type Subscription = {
  id: string;
  url: string;
  secret: string;
  events: WebhookEvent[];
  created_at: number;
  /** Since when every attempt to this endpoint has failed (sandbox seconds); null after any success. */
  failing_since: number | null;
  disabled_at: number | null;
};

export type WebhookBody = { event_type: WebhookEvent; resource_url: string; shop_id: number };

export type Delivery = {
  /** The `webhook-id`: the same on every attempt and on a resend, so a receiver can tell it was sent before. */
  id: string;
  event_type: WebhookEvent;
  subscription_id: string;
  url: string;
  body: WebhookBody;
  created_at: number;
  attempts: number;
  status: number | null;
  error: string | null;
  state: "pending" | "delivered" | "failed";
  last_attempt_at: number | null;
  next_attempt_at: number | null;
};

/** A delivery and where it stands in the schedule. */
type Sending = { delivery: Delivery; retries: number; dueMs: number | null; inFlight: boolean };

export type WebhookContext = {
  readonly db: Db;
  now(): number;
  nowMs(): number;
  reached(since: Phase): boolean;
};

export type ResendAnswer = { ok: true; delivery: Delivery } | { ok: false; status: 404 | 409; error: string };

export class WebhookHub {
  /** The sandbox's own base URL, which `resource_url` names (startSandbox sets it once listening). */
  origin = "http://localhost:4010";
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly sendings: Sending[] = [];
  private readonly aborts = new Set<AbortController>();
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;

  constructor(private readonly state: WebhookContext) {}

  /** A secret may be given, as a portal lets one be set, so that an endpoint already running keeps its own. */
  subscribe(url: string, events: readonly WebhookEvent[] = WEBHOOK_EVENTS, secret?: string): Subscription {
    const subscription: Subscription = {
      id: `wh_${randomBytes(9).toString("base64url")}`,
      url,
      secret: secret ?? `whsec_${randomBytes(24).toString("base64")}`,
      events: [...events],
      created_at: this.state.now(),
      failing_since: null,
      disabled_at: null,
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  unsubscribe(id: string) {
    return this.subscriptions.delete(id);
  }

  /** Turns a disabled endpoint back on; deliveries that failed meanwhile stay failed (resend them). */
  enable(id: string) {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return undefined;
    subscription.disabled_at = null;
    subscription.failing_since = null;
    return subscription;
  }

  list(): Subscription[] {
    return [...this.subscriptions.values()];
  }

  recentDeliveries(subscriptionId?: string): Delivery[] {
    return this.sendings
      .map((sending) => sending.delivery)
      .filter((delivery) => subscriptionId === undefined || delivery.subscription_id === subscriptionId)
      .reverse();
  }

  listingChanged(eventType: ListingEvent, listingId: number, deleted?: { shop_id: number }) {
    if (!this.sending()) return;
    const shopId = deleted?.shop_id ?? getListingRow(this.state.db, listingId)?.shop_id;
    if (shopId !== undefined) this.send(eventType, `/v3/application/listings/${listingId}`, shopId);
  }

  // docs/marketplace.md §16.5: the receipt named by its URL under its shop.
  orderPaid(shopId: number, receiptId: number) {
    if (this.sending()) this.send("order.paid", `/v3/application/shops/${shopId}/receipts/${receiptId}`, shopId);
  }

  private sending() {
    return this.state.reached("webhooks") && this.subscriptions.size > 0;
  }

  private send(eventType: WebhookEvent, path: string, shopId: number) {
    const body: WebhookBody = { event_type: eventType, resource_url: `${this.origin}${path}`, shop_id: shopId };
    for (const subscription of this.subscriptions.values()) {
      if (!subscription.events.includes(body.event_type) || subscription.disabled_at !== null) continue;
      const sending: Sending = {
        delivery: {
          id: `msg_${randomBytes(12).toString("base64url")}`,
          event_type: body.event_type,
          subscription_id: subscription.id,
          url: subscription.url,
          body,
          created_at: this.state.now(),
          attempts: 0,
          status: null,
          error: null,
          state: "pending",
          last_attempt_at: null,
          next_attempt_at: this.state.now(),
        },
        retries: 0,
        dueMs: null,
        inFlight: false,
      };
      this.sendings.push(sending);
      if (this.sendings.length > KEEP_DELIVERIES) this.sendings.shift();
      void this.attempt(sending);
    }
  }

  /** Sends a delivery again now, with its webhook-id; if that fails, the schedule starts over. */
  resend(deliveryId: string): ResendAnswer {
    const sending = this.sendings.find((candidate) => candidate.delivery.id === deliveryId);
    if (!sending) return { ok: false, status: 404, error: `No recent delivery ${deliveryId}.` };
    const subscription = this.subscriptions.get(sending.delivery.subscription_id);
    if (!subscription)
      return { ok: false, status: 409, error: "Its subscription was deleted: subscribe the endpoint again." };
    if (subscription.disabled_at !== null)
      return {
        ok: false,
        status: 409,
        error: `The endpoint is disabled: POST /__sandbox/webhooks/${subscription.id}/enable first.`,
      };
    if (sending.inFlight) return { ok: false, status: 409, error: "This delivery is being sent now: try again." };
    sending.retries = 0;
    sending.dueMs = null;
    sending.delivery.state = "pending";
    void this.attempt(sending);
    return { ok: true, delivery: sending.delivery };
  }

  clear() {
    this.generation++;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const abort of this.aborts) abort.abort();
    this.aborts.clear();
    this.subscriptions.clear();
    this.sendings.length = 0;
  }

  /** The sandbox clock moved, or a retry was timed: what came due is sent now, the rest is timed anew. */
  wake() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = this.state.nowMs();
    let next = Infinity;
    for (const sending of this.sendings) {
      if (sending.dueMs === null) continue;
      if (sending.dueMs <= now) {
        sending.dueMs = null;
        void this.attempt(sending);
      } else next = Math.min(next, sending.dueMs);
    }
    if (next === Infinity) return;
    this.timer = setTimeout(() => this.wake(), Math.min(next - now, LONGEST_TIMER_MS));
    this.timer.unref();
  }

  private async attempt(sending: Sending) {
    const { delivery } = sending;
    const subscription = this.subscriptions.get(delivery.subscription_id);
    if (!subscription || subscription.disabled_at !== null) return this.giveUp(delivery);
    const generation = this.generation;
    sending.inFlight = true;
    delivery.attempts += 1;
    const startedMs = this.state.nowMs();
    delivery.last_attempt_at = Math.floor(startedMs / 1000);
    delivery.next_attempt_at = null;
    // The signature's time is the real one: receivers check it against their own clock (replay protection), which the
    // sandbox clock, moved for tests, would fail.
    const sentAt = new Date();
    const payload = JSON.stringify(delivery.body);
    const abort = new AbortController();
    this.aborts.add(abort);
    const timer = setTimeout(
      () => abort.abort(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`)),
      ATTEMPT_TIMEOUT_MS,
    );
    try {
      const response = await fetch(subscription.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": delivery.id,
          "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
          "webhook-signature": new Webhook(subscription.secret).sign(delivery.id, sentAt, payload),
        },
        body: payload,
        signal: abort.signal,
      });
      await response.body?.cancel();
      delivery.status = response.status;
      delivery.error = response.ok ? null : `answered ${response.status}`;
    } catch (error) {
      delivery.status = null;
      const reason = abort.signal.aborted ? abort.signal.reason : error;
      delivery.error = reason instanceof Error ? reason.message : String(reason);
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort);
      sending.inFlight = false;
    }
    if (generation !== this.generation) return;
    const now = this.state.now();
    if (delivery.error === null) {
      delivery.state = "delivered";
      subscription.failing_since = null;
      return;
    }
    subscription.failing_since ??= now;
    if (now - subscription.failing_since >= DISABLE_AFTER_SECONDS) return this.disable(subscription);
    const wait = RETRY_AFTER_SECONDS[sending.retries];
    if (wait === undefined || !this.subscriptions.has(subscription.id) || subscription.disabled_at !== null)
      return this.giveUp(delivery);
    sending.retries += 1;
    // Counted from the attempt's start, as last_attempt_at shows it, however long the receiver took to answer.
    sending.dueMs = startedMs + wait * 1000;
    delivery.next_attempt_at = Math.ceil(sending.dueMs / 1000);
    this.wake();
  }

  // docs/marketplace.md §14: an endpoint whose every attempt has failed for 5 days is disabled, and what it still
  // had to deliver with it.
  private disable(subscription: Subscription) {
    subscription.disabled_at = this.state.now();
    for (const sending of this.sendings)
      if (sending.delivery.subscription_id === subscription.id && sending.delivery.state === "pending") {
        sending.dueMs = null;
        this.giveUp(sending.delivery);
      }
  }

  private giveUp(delivery: Delivery) {
    delivery.state = "failed";
    delivery.next_attempt_at = null;
  }
}
