import "server-only";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import type { ShopMirror } from "./shop-mirror";

// docs/marketplace.md §14: listing webhooks, payload `event_type`, `event_id`, `created_at`, `data`.
const eventSchema = z.object({
  event_type: z.string(),
  event_id: z.string().optional(),
  created_at: z.union([z.string(), z.number()]).optional(),
  data: z.looseObject({ listing_id: z.coerce.number().int(), shop_id: z.coerce.number().int().optional() }),
});

export type ListingEvent = z.infer<typeof eventSchema>;

export type WebhookAnswer = { status: number; error?: string; event?: ListingEvent };

/** A listing event is a few hundred bytes; anything far larger is not one, and is not held in memory to check. */
export const WEBHOOK_BODY_MAX_BYTES = 64 * 1024;
export const TOO_LARGE = `Refused: a listing webhook's body is at most ${WEBHOOK_BODY_MAX_BYTES / 1024} kB.`;

let verifier: { secret: string; webhook: Webhook } | undefined;

const webhookFor = (secret: string) =>
  (verifier?.secret === secret ? verifier : (verifier = { secret, webhook: new Webhook(secret) })).webhook;

// Seen ids are kept in the database, so that a restart or another instance refuses a replay too.
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
  const event = eventSchema.safeParse(payload);
  if (!(await deps.mirror.store.firstDelivery(headers["webhook-id"])))
    return { status: 409, error: "This webhook-id was received before; a replay changes nothing." };
  if (!event.success) return { status: 202 };
  return { status: 202, event: event.data };
}

// The same event processed twice changes nothing more.
export async function processEvent(event: ListingEvent, { mirror }: { mirror: ShopMirror }) {
  const listingId = event.data.listing_id;
  const shopId = event.data.shop_id ?? (await mirror.store.listing(listingId))?.listing.shopId;
  if (shopId === undefined) return;
  const shop = await mirror.store.shop(shopId);
  if (!shop) return;
  if (event.event_type === "listing.deleted") {
    await mirror.removed(listingId);
  } else {
    const read = await mirror.marketplace.getListing(shop.userId, listingId);
    if (!read.ok) {
      if (read.failure.kind === "not_found") await mirror.removed(listingId);
      return;
    }
    if (read.data.shopId !== shopId) return;
    await mirror.apply(read.data, "webhook");
  }
  await mirror.store.synced(shopId, "webhook");
}
