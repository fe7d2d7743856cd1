import "server-only";
import type { Database } from "../db/database";
import type { Marketplace, ShipmentTracking } from "../marketplace/client";
import type { MarketplaceFailure } from "../marketplace/failure";
import type { Order } from "../marketplace/receipt-wire";
import { canShip, PERMISSION_NAMES } from "../marketplace/scopes";
import { shipmentHistory } from "../history/shipment-history";
import { CERTAINLY_UNCHANGED } from "../writes/recorded-write";
import type { Refusal } from "../actions/seller-action";
import { orderStore } from "./order-store";

// Marking orders shipped on the marketplace (docs/marketplace.md §16.6), one createReceiptShipment per receipt, paced
// by the shared pacer like every request. The receipts are checked against the shop's kept orders first, so an id of
// another shop costs no request; each shipment is kept in the history before it is sent.

/** One request per receipt: a bound keeps one call of the action within a few seconds of the shared rate. */
export const SHIP_RECEIPTS_MAX = 50;

export type ShipSeller = { userId: number; shopId: number; scopes: readonly string[] };

export type Shipping = { receiptIds: number[]; tracking?: ({ receiptId: number } & ShipmentTracking)[] };

export type ShipOutcome = { receiptId: number; shipped: true } | { receiptId: number; shipped: false; reason: string };

export type ShipRefusal = Refusal & { missingScope: true };

export const SHIPPING_NEEDS_SCOPE = `Nothing was sent to the marketplace: marking orders shipped there records the shipment on your sales, which needs your permission “${PERMISSION_NAMES.transactions_w}” (transactions_w), and you have not given it to the dashboard. Sign in again and allow it; your listings, orders and changes stay as they are.`;

const notKept = (receiptId: number) =>
  `Order ${receiptId} is not one of your shop's orders that the dashboard has read, so nothing was sent for it. Open Orders so the newest are read, then try again.`;
const NOT_PAID = "This order is not paid yet, so it was not marked shipped.";
const CANCELED =
  "This order was cancelled on the marketplace, so nothing was sent: do not ship it, and put its items aside.";
const SHIPPED_ALREADY =
  "This order is marked shipped already, so nothing was sent; give a tracking code to add a shipment.";

// After these, the receipts not sent yet would fail the same way: they are left unsent.
const STOPS_THE_REST = new Set<MarketplaceFailure["kind"]>([
  "reauth",
  "invalid_token",
  "insufficient_scope",
  "rate_limited",
]);

function failureReason(failure: MarketplaceFailure): string {
  switch (failure.kind) {
    case "reauth":
    case "invalid_token":
      return "Not marked shipped: your marketplace sign-in has expired. Sign in again and ship it again.";
    case "insufficient_scope":
      return SHIPPING_NEEDS_SCOPE;
    case "invalid":
      return failure.field === "tracking_code" || failure.field === "carrier_name"
        ? `Not marked shipped: the marketplace needs the tracking for this order (${failure.message.replace(/^[\w.]+: /, "")}). Add its carrier and tracking code, then ship it again.`
        : `Not marked shipped: the marketplace refused it (${failure.message}). Correct it and ship it again.`;
    case "forbidden":
    case "not_found":
      return `Not marked shipped: the marketplace refused it (${failure.message}). Check that you are signed in to the shop that sold it.`;
    case "conflict":
      return `Not marked shipped: the marketplace refused it (${failure.message}).`;
    case "rate_limited":
      return `Not marked shipped: the marketplace is busy and asked the dashboard to wait ${failure.retryAfter} seconds. Ship it again in a moment.`;
    case "unavailable":
    case "timeout":
      return "The marketplace did not answer, and reading the order back did not show it shipped: open Orders in a minute to see whether it was, before shipping it again.";
    case "unexpected":
      return `Something unexpected went wrong (${failure.message}). Open Orders to see whether it shipped before trying again.`;
  }
}

export async function shipReceipts(
  db: Database,
  marketplace: Marketplace,
  seller: ShipSeller,
  shipping: Shipping,
): Promise<{ ok: true; data: ShipOutcome[] } | ShipRefusal> {
  if (!canShip(seller.scopes)) return { ok: false, refusal: SHIPPING_NEEDS_SCOPE, missingScope: true };
  const receiptIds = [...new Set(shipping.receiptIds)];
  const tracking = new Map(shipping.tracking?.map((entry) => [entry.receiptId, entry]));
  const orders = orderStore(db);
  const kept = await orders.kept(seller.shopId, receiptIds);
  const outcomes: ShipOutcome[] = [];
  let stopped: string | undefined;
  for (const receiptId of receiptIds) {
    const order = kept.get(receiptId);
    const given = tracking.get(receiptId);
    const refused = stopped ?? (order ? refusalOf(order, given) : notKept(receiptId));
    if (refused) {
      outcomes.push({ receiptId, shipped: false, reason: refused });
      continue;
    }
    const sent = await shipOne(db, marketplace, seller, { receiptId, tracking: given, wasOpen: !order!.shipped });
    if (sent.ok) {
      await orders.put(seller.shopId, [sent.data]);
      outcomes.push({ receiptId, shipped: true });
      continue;
    }
    const reason = (await canceledMeanwhile(db, marketplace, seller, receiptId, sent.failure))
      ? CANCELED
      : failureReason(sent.failure);
    outcomes.push({ receiptId, shipped: false, reason });
    if (STOPS_THE_REST.has(sent.failure.kind)) stopped = reason;
  }
  return { ok: true, data: outcomes };
}

/** The marketplace refuses a shipment to a cancelled receipt (400): one read back tells that from a wrong request. */
async function canceledMeanwhile(
  db: Database,
  marketplace: Marketplace,
  seller: ShipSeller,
  receiptId: number,
  failure: MarketplaceFailure,
) {
  if (failure.kind !== "invalid") return false;
  const now = await marketplace.getShopReceipt(seller.userId, seller.shopId, receiptId);
  if (!now.ok || now.data.life !== "canceled") return false;
  await orderStore(db).put(seller.shopId, [now.data]);
  return true;
}

function refusalOf(order: Order, tracking: ShipmentTracking | undefined) {
  if (order.life === "canceled") return CANCELED;
  if (!order.paid) return NOT_PAID;
  if (order.shipped && !tracking) return SHIPPED_ALREADY;
  return undefined;
}

async function shipOne(
  db: Database,
  marketplace: Marketplace,
  seller: ShipSeller,
  { receiptId, tracking, wasOpen }: { receiptId: number; tracking?: ShipmentTracking; wasOpen: boolean },
) {
  const history = shipmentHistory(db);
  // An earlier send whose answer never came may have landed since: the receipt read back tells, before a second one.
  const unknown = (await history.list(seller.shopId, receiptId)).filter((earlier) => earlier.outcome === "unknown");
  if (unknown.length > 0 && wasOpen) {
    const now = await marketplace.getShopReceipt(seller.userId, seller.shopId, receiptId);
    if (now.ok && now.data.shipped) {
      for (const earlier of unknown) await history.settle(earlier.id, "done");
      return now;
    }
  }
  const entry = await history.record({ shopId: seller.shopId, userId: seller.userId, receiptId, ...tracking });
  const sent = await marketplace.createReceiptShipment(
    seller.userId,
    seller.shopId,
    receiptId,
    tracking && { carrierName: tracking.carrierName, trackingCode: tracking.trackingCode },
  );
  if (sent.ok) {
    await history.settle(entry, "done");
    return sent;
  }
  if (CERTAINLY_UNCHANGED.has(sent.failure.kind)) {
    await history.forget(entry);
    return sent;
  }
  // A lost answer may hide a shipment that landed: the receipt read back tells, for an order that was open.
  const readBack = await marketplace.getShopReceipt(seller.userId, seller.shopId, receiptId);
  if (readBack.ok && readBack.data.shipped && wasOpen) {
    await history.settle(entry, "done");
    return readBack;
  }
  await history.settle(entry, "unknown");
  if (readBack.ok) await orderStore(db).put(seller.shopId, [readBack.data]);
  return sent;
}
