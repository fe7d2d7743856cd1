import "server-only";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import { keepReceipt } from "../orders/kept-orders";
import type { ShopMirror } from "../mirror/shop-mirror";
import { listingEventRead, ownWriteEchoAfterWrite } from "../mirror/own-writes";

// docs/marketplace.md §14: the body as delivered is flat, the listing or receipt named by its resource URL; fields this
// receiver does not know are ignored.
const LISTING_EVENT_TYPES = ["listing.created", "listing.updated", "listing.deleted"] as const;
const LISTING_PATH = /\/v3\/application\/listings\/(\d+)\/?$/;
const RECEIPT_PATH = /\/v3\/application\/shops\/(\d+)\/receipts\/(\d+)\/?$/;

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

/** docs/marketplace.md §16.5: the shop and receipt its resource URL names, which the marketplace's answer confirms. */
export type OrderEvent = { webhookId: string; type: "order.paid"; shopId: number; receiptId: number };

export type MarketplaceEvent = ListingEvent | OrderEvent;

export type WebhookLog = { level: "info" | "warn"; msg: string; [detail: string]: unknown };

export type WebhookAnswer = { status: number; error?: string; event?: MarketplaceEvent; log?: WebhookLog };

/** An event is a few hundred bytes; anything far larger is not one, and is not held in memory to check. */
export const WEBHOOK_BODY_MAX_BYTES = 64 * 1024;
export const TOO_LARGE = `Refused: a webhook's body is at most ${WEBHOOK_BODY_MAX_BYTES / 1024} kB.`;
/** Not acknowledged, so that the sender delivers it again later: without the database it can be neither kept nor read. */
export const DATABASE_DOWN_LATER =
  "Not received: the dashboard's database does not answer right now. Deliver the event again later.";

let verifier: { secret: string; webhook: Webhook } | undefined;

const webhookFor = (secret: string) =>
  (verifier?.secret === secret ? verifier : (verifier = { secret, webhook: new Webhook(secret) })).webhook;

const pathMatch = (resourceUrl: string | undefined, path: RegExp) =>
  resourceUrl === undefined ? null : path.exec(URL.parse(resourceUrl)?.pathname ?? "");

const unreadable = (webhookId: string, eventType: string, resourceUrl: string | undefined, names: string) => ({
  log: {
    level: "warn" as const,
    msg: `webhook not read: its resource_url names no ${names}`,
    webhookId,
    eventType,
    resourceUrl: resourceUrl ?? null,
  },
});

// A signed event this receiver cannot act on is still acknowledged: the sender's retries would bring the same body,
// and an endpoint that keeps failing is disabled (docs/marketplace.md §14). The log line says what was dropped.
function eventOf(payload: unknown, webhookId: string): { event: MarketplaceEvent } | { log: WebhookLog } {
  const body = bodySchema.safeParse(payload);
  if (!body.success)
    return {
      log: { level: "warn", msg: "webhook not read: no event_type, or a shop_id that is not a number", webhookId },
    };
  const resourceUrl = body.data.resource_url;
  if (body.data.event_type === "order.paid") {
    const receipt = pathMatch(resourceUrl, RECEIPT_PATH);
    if (!receipt) return unreadable(webhookId, "order.paid", resourceUrl, "receipt");
    return { event: { webhookId, type: "order.paid", shopId: Number(receipt[1]), receiptId: Number(receipt[2]) } };
  }
  const type = LISTING_EVENT_TYPES.find((known) => known === body.data.event_type);
  if (!type)
    return {
      log: {
        level: "info",
        msg: "webhook ignored: not a listing or order event",
        webhookId,
        eventType: body.data.event_type,
      },
    };
  const listing = pathMatch(resourceUrl, LISTING_PATH);
  if (!listing) return unreadable(webhookId, type, resourceUrl, "listing");
  const listingId = Number(listing[1]);
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

// The event's ids say only what to read: what changes follows the marketplace's answer, read with the token of the shop
// the dashboard holds, so that an event naming another shop's listing or receipt cannot remove or add it.
// The same event processed twice changes nothing more.
export async function processEvent(event: MarketplaceEvent, { mirror }: { mirror: ShopMirror }) {
  if (event.type === "order.paid") return processOrderPaid(event, mirror);
  const held = await mirror.store.listing(event.listingId);
  const shop = await mirror.store.shop(held?.listing.shopId ?? event.shopId ?? -1);
  if (!shop) return;
  // The event of the dashboard's own write, whose answer the copy already holds (lib/mirror/own-writes.ts).
  if (
    event.type === "listing.updated" &&
    held &&
    (await ownWriteEchoAfterWrite(mirror.store.db, shop.shopId, event.listingId))
  ) {
    await mirror.store.synced(shop.shopId, "webhook");
    return;
  }
  listingEventRead(mirror.store.db, event.listingId);
  const read = await mirror.marketplace.getListing(shop.userId, event.listingId);
  if (!read.ok) {
    if (read.failure.kind !== "not_found") throw new Error(`reading listing ${event.listingId}: ${read.failure.kind}`);
    if (!held) return;
    await mirror.store.remove(event.listingId);
    await mirror.store.synced(shop.shopId, "webhook");
    return;
  }
  if (!(await mirror.store.shop(read.data.shopId))) return;
  await mirror.apply(read.data, "webhook");
  await mirror.store.synced(read.data.shopId, "webhook");
}

async function processOrderPaid(event: OrderEvent, mirror: ShopMirror) {
  const shop = await mirror.store.shop(event.shopId);
  if (!shop) return;
  const kept = await keepReceipt(mirror.store.db, mirror.marketplace, shop, event.receiptId);
  if (!kept.ok && kept.failure.kind !== "not_found")
    throw new Error(`reading receipt ${event.receiptId}: ${kept.failure.kind}`);
}
