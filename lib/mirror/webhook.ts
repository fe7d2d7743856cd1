import "server-only";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import type { ShopMirror } from "./shop-mirror";

// docs/marketplace.md §14: the body as delivered is flat, the listing named by its resource URL; fields this receiver
// does not know are ignored.
const LISTING_EVENT_TYPES = ["listing.created", "listing.updated", "listing.deleted"] as const;
const LISTING_PATH = /\/v3\/application\/listings\/(\d+)\/?$/;

const bodySchema = z.looseObject({
  event_type: z.string(),
  resource_url: z.string().optional(),
  shop_id: z.union([z.number().int(), z.string().regex(/^\d+$/)]).nullish(),
});

export type ListingEvent = {
  webhookId: string;
  type: (typeof LISTING_EVENT_TYPES)[number];
  listingId: number;
  /** The shop the event names: only a hint whose seller reads a listing the mirror does not hold yet. */
  shopId: number | null;
};

export type WebhookLog = { level: "info" | "warn"; msg: string; [detail: string]: unknown };

export type WebhookAnswer = { status: number; error?: string; event?: ListingEvent; log?: WebhookLog };

/** A listing event is a few hundred bytes; anything far larger is not one, and is not held in memory to check. */
export const WEBHOOK_BODY_MAX_BYTES = 64 * 1024;
export const TOO_LARGE = `Refused: a listing webhook's body is at most ${WEBHOOK_BODY_MAX_BYTES / 1024} kB.`;

let verifier: { secret: string; webhook: Webhook } | undefined;

const webhookFor = (secret: string) =>
  (verifier?.secret === secret ? verifier : (verifier = { secret, webhook: new Webhook(secret) })).webhook;

function listingIdOf(resourceUrl: string | undefined): number | null {
  const match = resourceUrl === undefined ? null : LISTING_PATH.exec(URL.parse(resourceUrl)?.pathname ?? "");
  return match ? Number(match[1]) : null;
}

// A signed event this receiver cannot act on is still acknowledged: the sender's retries would bring the same body,
// and an endpoint that keeps failing is disabled (docs/marketplace.md §14). The log line says what was dropped.
function eventOf(payload: unknown, webhookId: string): { event: ListingEvent } | { log: WebhookLog } {
  const body = bodySchema.safeParse(payload);
  if (!body.success)
    return {
      log: { level: "warn", msg: "webhook not read: no event_type, or a shop_id that is not a number", webhookId },
    };
  const type = LISTING_EVENT_TYPES.find((known) => known === body.data.event_type);
  if (!type)
    return {
      log: { level: "info", msg: "webhook ignored: not a listing event", webhookId, eventType: body.data.event_type },
    };
  const listingId = listingIdOf(body.data.resource_url);
  if (listingId === null)
    return {
      log: {
        level: "warn",
        msg: "webhook not read: its resource_url names no listing",
        webhookId,
        eventType: type,
        resourceUrl: body.data.resource_url ?? null,
      },
    };
  const shopId = body.data.shop_id === undefined || body.data.shop_id === null ? null : Number(body.data.shop_id);
  return { event: { webhookId, type, listingId, shopId } };
}

// Seen ids are kept in the database, so that a restart or another instance acknowledges a redelivery without acting.
export async function receiveWebhook(
  delivery: { body: string; headers: Headers },
  deps: { secret: string | undefined; mirror: ShopMirror },
): Promise<WebhookAnswer> {
  if (!deps.secret)
    return { status: 404, error: "Webhooks are off: set MARKETPLACE_WEBHOOK_SECRET to the endpoint's signing secret." };
  if (Buffer.byteLength(delivery.body) > WEBHOOK_BODY_MAX_BYTES) return { status: 413, error: TOO_LARGE };
  const headers = {
    "webhook-id": delivery.headers.get("webhook-id") ?? "",
    "webhook-timestamp": delivery.headers.get("webhook-timestamp") ?? "",
    "webhook-signature": delivery.headers.get("webhook-signature") ?? "",
  };
  let payload: unknown;
  try {
    payload = webhookFor(deps.secret).verify(delivery.body, headers);
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { status: 401, error: `Refused: ${error.message}.` };
    return { status: 400, error: "The body is not JSON." };
  }
  // Senders deliver at least once and take anything but 2xx for a failure (docs/marketplace.md §14).
  if (!(await deps.mirror.store.firstDelivery(headers["webhook-id"])))
    return { status: 200, log: { level: "info", msg: "webhook received before", webhookId: headers["webhook-id"] } };
  const read = eventOf(payload, headers["webhook-id"]);
  return "event" in read ? { status: 202, event: read.event } : { status: 200, log: read.log };
}

// The event's ids say only which listing to read: what changes follows the marketplace's answer, read with the token of
// the shop the mirror holds the listing for, so that an event naming another shop's listing cannot remove it.
// The same event processed twice changes nothing more.
export async function processEvent(event: ListingEvent, { mirror }: { mirror: ShopMirror }) {
  const held = await mirror.store.listing(event.listingId);
  const shop = await mirror.store.shop(held?.listing.shopId ?? event.shopId ?? -1);
  if (!shop) return;
  const read = await mirror.marketplace.getListing(shop.userId, event.listingId);
  if (!read.ok) {
    if (read.failure.kind !== "not_found") throw new Error(`reading listing ${event.listingId}: ${read.failure.kind}`);
    if (!held) return;
    await mirror.removed(event.listingId);
    await mirror.store.synced(shop.shopId, "webhook");
    return;
  }
  if (!(await mirror.store.shop(read.data.shopId))) return;
  await mirror.apply(read.data, "webhook");
  await mirror.store.synced(read.data.shopId, "webhook");
}
