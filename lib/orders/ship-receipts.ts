import "server-only";
import type { Database } from "../db/database";
import type { Marketplace, ShipmentTracking } from "../marketplace/client";
import type { MarketplaceFailure } from "../marketplace/failure";
import type { Order } from "../marketplace/receipt-wire";
import { canShip, PERMISSION_NAMES } from "../marketplace/scopes";
import { shipmentHistory } from "../history/shipment-history";
import { untilUnclaimed } from "../history/write-claim";
import { CERTAINLY_UNCHANGED } from "../writes/recorded-write";
import type { Refusal } from "../actions/seller-action";
import { orderStore } from "./order-store";
import type { Seller } from "../marketplace/wire";

// Marking orders shipped on the marketplace (docs/marketplace.md §16.6), one createReceiptShipment per receipt, paced
// by the shared pacer like every request. The receipts are checked against the shop's kept orders first, so an id of
// another shop costs no request; each shipment is claimed and kept in the history before it is sent, so it is sent once.

/** One request per receipt: a bound keeps one call of the action within a few seconds of the shared rate. */
export const SHIP_RECEIPTS_MAX = 50;

export type ShipSeller = Seller & { scopes: readonly string[] };

export type Shipping = { receiptIds: number[]; tracking?: ({ receiptId: number } & ShipmentTracking)[] };

/** `waiting`: the marketplace did not answer; the shipment is kept and sent when it answers (waiting-shipments.ts). */
export type ShipOutcome =
  { receiptId: number; shipped: true } | { receiptId: number; shipped: false; reason: string; waiting?: true };

export const WAITING = "Waiting for the marketplace: will be sent when it answers.";

export const DOWN = new Set<MarketplaceFailure["kind"]>(["unavailable", "timeout"]);
export const DOWN_IN_A_ROW = 3;

export type ShipRefusal = Refusal & { missingScope: true };

export const SHIPPING_NEEDS_SCOPE = `Nothing was sent to the marketplace: marking orders shipped there records the shipment on your sales, which needs your permission “${PERMISSION_NAMES.transactions_w}” (transactions_w), and you have not given it to the dashboard. Sign in again and allow it; your listings, orders and changes stay as they are.`;

const notKept = (receiptId: number) =>
  `Order ${receiptId} is not one of your shop's orders that the dashboard has read, so nothing was sent for it. Open Orders so the newest are read, then try again.`;
const NOT_PAID = "This order is not paid yet, so it was not marked shipped.";
const CANCELED =
  "This order was cancelled on the marketplace, so nothing was sent: do not ship it, and put its items aside.";
const SHIPPED_ALREADY =
  "This order is marked shipped already, so nothing was sent; give a tracking code to add a shipment.";

const BEING_SENT =
  "Not marked shipped yet: this order's shipment is being sent by another request (a second click, or another tab) that the marketplace has not answered. Open Orders in a minute to see whether it shipped, before shipping it again.";

// After these, the receipts not sent yet would fail the same way: they are left unsent.
const STOPS_THE_REST = new Set<MarketplaceFailure["kind"]>([
  "reauth",
  "invalid_token",
  "insufficient_scope",
  "rate_limited",
]);

const WIRE_WORDS: Record<string, string> = {
  tracking_code: "tracking code",
  carrier_name: "carrier",
  receipt_id: "order",
  shop_id: "shop",
};

/** The marketplace's sentence with its field names in the seller's words. */
const inWords = (message: string) =>
  message.replace(/\b[a-z]+_[a-z_]+\b/g, (name) => WIRE_WORDS[name] ?? name.replace(/_/g, " "));

function failureReason(failure: MarketplaceFailure): string {
  switch (failure.kind) {
    case "reauth":
    case "invalid_token":
      return "Not marked shipped: your marketplace sign-in has expired. Sign in again and ship it again.";
    case "insufficient_scope":
      return SHIPPING_NEEDS_SCOPE;
    case "invalid":
      return failure.field === "tracking_code" || failure.field === "carrier_name"
        ? "Not marked shipped: the marketplace needs a carrier and tracking code for this order (one over $10 within the United States, or to India). Type its tracking code, then ship it again."
        : `Not marked shipped: the marketplace refused it (${inWords(failure.message)}). Correct it and ship it again.`;
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
  // A marketplace that did not answer this many in a row is down: the receipts after them wait too, rather than each
  // waiting out its time-out; one unanswered among answers is a fault of that request alone.
  let unanswered = 0;
  for (const receiptId of receiptIds) {
    const order = kept.get(receiptId);
    const given = tracking.get(receiptId);
    const refused = stopped ?? (order ? refusalOf(order, given) : notKept(receiptId));
    if (refused) {
      outcomes.push({ receiptId, shipped: false, reason: refused });
      continue;
    }
    if (unanswered >= DOWN_IN_A_ROW) {
      outcomes.push({ receiptId, shipped: false, reason: WAITING, waiting: true });
      continue;
    }
    const sent = await shipOne(db, marketplace, seller, { receiptId, tracking: given, wasOpen: !order!.shipped });
    unanswered = !sent.ok && "failure" in sent && DOWN.has(sent.failure.kind) ? unanswered + 1 : 0;
    if (sent.ok) {
      if (sent.data) await orders.put(seller.shopId, [sent.data]);
      outcomes.push({ receiptId, shipped: true });
      continue;
    }
    if ("busy" in sent) {
      outcomes.push({ receiptId, shipped: false, reason: BEING_SENT });
      continue;
    }
    if (DOWN.has(sent.failure.kind)) {
      outcomes.push({ receiptId, shipped: false, reason: WAITING, waiting: true });
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

/** The receipt holds this shipment: its tracking code among the receipt's, or, untracked, an open order now shipped. */
const holds = (order: Order, trackingCode: string | null, wasOpen: boolean) =>
  trackingCode !== null && order.trackingCodes ? order.trackingCodes.includes(trackingCode) : wasOpen && order.shipped;

type Sent = { ok: true; data: Order | null } | { ok: false; failure: MarketplaceFailure } | { ok: false; busy: true };

// Sent once (lib/history/write-claim.ts): the shipment is claimed for its receipt in the history before it goes; a
// second request waits for the first one's outcome and reads it, matched by tracking code, instead of sending again.
async function shipOne(
  db: Database,
  marketplace: Marketplace,
  seller: ShipSeller,
  { receiptId, tracking, wasOpen }: { receiptId: number; tracking?: ShipmentTracking; wasOpen: boolean },
): Promise<Sent> {
  const history = shipmentHistory(db);
  const code = tracking?.trackingCode ?? null;
  // The same shipment: of an order that was open, any; of one shipped already (a remake's), one with its tracking code.
  const same = (earlier: { trackingCode: string | null }) => wasOpen || earlier.trackingCode === code;
  for (let round = 0; ; round += 1) {
    const entry = await history.record({ shopId: seller.shopId, userId: seller.userId, receiptId, ...tracking });
    if (!entry) {
      const settled = await untilUnclaimed(
        () => history.pending(seller.shopId, receiptId),
        (claim) => history.giveUp(claim),
      );
      if (!settled || round >= CLAIM_ROUNDS) return { ok: false, busy: true };
      continue;
    }
    // Claimed: whatever an earlier send of this shipment did has settled, and is read before sending another.
    const earlier = (await history.list(seller.shopId, receiptId)).filter((one) => one.id !== entry && same(one));
    if (earlier.some((one) => one.outcome === "done")) {
      await history.forget(entry);
      return { ok: true, data: null };
    }
    // An earlier send whose answer never came may have landed since: the receipt read back tells, before a second one.
    const unknown = earlier.filter((one) => one.outcome === "unknown");
    if (unknown.length > 0) {
      const now = await marketplace.getShopReceipt(seller.userId, seller.shopId, receiptId);
      // Unread, the earlier one may have landed: nothing is sent until the receipt can be read.
      if (!now.ok) {
        await history.forget(entry);
        return now;
      }
      const landed = unknown.filter((one) => holds(now.data, one.trackingCode, wasOpen));
      for (const one of landed) await history.settle(one.id, "done");
      if (landed.length > 0) {
        await history.forget(entry);
        return now;
      }
    }
    return sendRecorded(db, marketplace, seller, { receiptId, tracking, wasOpen, entry });
  }
}

/** A third request may claim the receipt between this one's wait and its claim: it waits again, a few times. */
const CLAIM_ROUNDS = 3;

async function sendRecorded(
  db: Database,
  marketplace: Marketplace,
  seller: ShipSeller,
  {
    receiptId,
    tracking,
    wasOpen,
    entry,
  }: { receiptId: number; tracking?: ShipmentTracking; wasOpen: boolean; entry: string },
): Promise<Sent> {
  const history = shipmentHistory(db);
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
  // A lost answer may hide a shipment that landed: the receipt read back tells, by its tracking code.
  const readBack = await marketplace.getShopReceipt(seller.userId, seller.shopId, receiptId);
  if (readBack.ok && holds(readBack.data, tracking?.trackingCode ?? null, wasOpen)) {
    await history.settle(entry, "done");
    return readBack;
  }
  await history.settle(entry, "unknown");
  if (readBack.ok) await orderStore(db).put(seller.shopId, [readBack.data]);
  return sent;
}
