"use server";

import { z } from "zod";
import { sellerAction, type Refusal } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import type { Result } from "@/lib/marketplace";
import { anyMovable, moveItems, type MoveOutcome } from "@/lib/orders/queue/moves";
import { queueStore } from "@/lib/orders/queue/queue-store";
import { shipList, shipOrders, type ShipBatch } from "@/lib/orders/ship-orders";
import { SHIP_RECEIPTS_MAX } from "@/lib/orders/ship-receipts";
import { LIST_MAX_BYTES } from "@/lib/orders/shipment-list-bounds";
import { CARRIERS } from "@/lib/orders/carriers";
import { itemFactsOf } from "@/lib/orders/queue/queue-view";
import { ON_DEADLINE, type MoveKind } from "@/lib/orders/queue/states";
import { keptOrdersReady } from "@/lib/orders/background";
import { marketplaceNowMs } from "@/lib/marketplace/marketplace-date";
import type { Seller } from "@/lib/marketplace/wire";

const MAX_ITEMS_PER_MOVE = 500;

const itemIds = z
  .array(z.string().regex(/^[1-9][0-9]{0,15}(-r[1-9][0-9]{0,3})?$/, "That is not an item of the queue."))
  .min(1, "Tick at least one item first.")
  .max(MAX_ITEMS_PER_MOVE, `Choose at most ${MAX_ITEMS_PER_MOVE} items at a time, then the next ones.`);

const batchSchema = z.object({ itemIds });
// Each code is checked in lib (a bad one refuses its order, not the batch); here only the shape and its bounds.
const shipSchema = z.object({
  itemIds,
  carrierName: z.enum(
    CARRIERS.map((carrier) => carrier.value),
    { error: "Choose the carrier from the list." },
  ),
  tracking: z
    .array(z.object({ receiptId: z.number().int().positive(), trackingCode: z.string().max(200) }))
    .max(
      SHIP_RECEIPTS_MAX,
      `At most ${SHIP_RECEIPTS_MAX} orders can be marked shipped at once: tick fewer, then the next ones.`,
    ),
});
const listSchema = z.object({
  list: z
    .string()
    .min(1, "Paste the list, or choose its file, first.")
    .max(LIST_MAX_BYTES, `The list is over ${LIST_MAX_BYTES / 1024} KB: ship it in parts of a few hundred orders.`),
});
const remakeSchema = z.object({
  itemIds,
  reason: z.string().trim().min(1, "Say why the item is remade.").max(500, "Keep the reason under 500 characters."),
});
const correctionSchema = z.object({
  itemIds,
  note: z
    .string()
    .trim()
    .min(1, "Write the correction the buyer agreed to.")
    .max(1000, "Keep the note under 1,000 characters."),
});

/** Some items moved: each refused one says why. None moved: the batch is refused with the items' own sentences. */
function answered(outcome: MoveOutcome): Result<MoveOutcome> | Refusal {
  if (outcome.done.length > 0 || outcome.refused.length === 0) return { ok: true, data: outcome };
  return { ok: false, refusal: outcome.refused.map((item) => item.reason).join(" ") };
}

const askSchema = z.object({
  itemIds,
  waitDays: z
    .number({ error: "Give the buyer a number of days to answer." })
    .int("Give the buyer a whole number of days to answer.")
    .min(1, "Give the buyer at least one day to answer.")
    .max(30, "Give the buyer at most 30 days to answer."),
  onDeadline: z.enum(ON_DEADLINE, { error: "Choose what happens when the deadline passes: hold, or go ahead." }),
});

const DAY_SECONDS = 24 * 3600;

/**
 * The kept orders brought up to date before a batch that makes (two requests, whatever the batch's size), so an order
 * cancelled since the page loaded is refused; a batch whose items are none of the shop's, or none of which the move
 * could take, reads nothing. A shipment reads them once its own checks pass (lib/orders/ship-orders.ts). When the
 * marketplace cannot answer, the batch is judged on what is kept: the marketplace itself refuses a shipment to a
 * cancelled order.
 */
async function refreshed(seller: Seller, kind: MoveKind, ids: string[]) {
  const database = await db();
  if (await anyMovable(database, seller, kind, ids, itemFactsOf(database, seller)))
    await keptOrdersReady(seller, 0, "now");
}

const refreshOf = (seller: Seller) => () => keptOrdersReady(seller, 0, "now");

async function moved(
  mover: Seller,
  kind: MoveKind | "undo",
  ids: string[],
  extra: Parameters<typeof moveItems>[5] = {},
) {
  const database = await db();
  return answered(await moveItems(database, mover, kind, ids, itemFactsOf(database, mover), extra));
}

export const markMadeAction = sellerAction("save", batchSchema, async (input, { seller }) => {
  await refreshed(seller, "made", input.itemIds);
  return moved(seller, "made", input.itemIds);
});

function shipAnswered(batch: ShipBatch | { refusal: string }): Result<ShipBatch> | Refusal {
  if ("refusal" in batch) return { ok: false, refusal: batch.refusal };
  if (batch.done.length > 0 || batch.waiting.length > 0 || batch.refused.length === 0) return { ok: true, data: batch };
  return { ok: false, refusal: [...new Set(batch.refused.map((item) => item.reason))].join("\n") };
}

/** The form: each ticked item's order marked shipped on the marketplace with its code, the carrier kept for next time. */
export const markShippedAction = sellerAction("save", shipSchema, async (input, { seller, marketplace }) => {
  const database = await db();
  await queueStore(database).setCarrier(seller.shopId, input.carrierName);
  const shipments = input.tracking.map((one) => ({ ...one, carrierName: input.carrierName }));
  const order = { itemIds: input.itemIds, shipments };
  return shipAnswered(await shipOrders(database, marketplace, seller, order, { refresh: refreshOf(seller) }));
});

/** A pasted or uploaded list of "order, carrier, tracking", each line checked before anything is sent. */
export const shipListAction = sellerAction("save", listSchema, async (input, { seller, marketplace }) => {
  return shipAnswered(await shipList(await db(), marketplace, seller, input.list, { refresh: refreshOf(seller) }));
});

export const approveAction = sellerAction("save", batchSchema, async (input, { seller }) =>
  moved(seller, "approve", input.itemIds),
);

/** The buyer's note was read: the item goes on as usual (to make, or still in review for a flagged answer). */
export const markNoteReadAction = sellerAction("save", batchSchema, async (input, { seller }) =>
  moved(seller, "read-note", input.itemIds),
);

export const noteCorrectionAction = sellerAction("save", correctionSchema, async (input, { seller }) =>
  moved(seller, "correct", input.itemIds, { note: input.note }),
);

export const remakeAction = sellerAction("save", remakeSchema, async (input, { seller }) =>
  moved(seller, "remake", input.itemIds, { reason: input.reason }),
);

export const undoMoveAction = sellerAction("save", batchSchema, async (input, { seller }) =>
  moved(seller, "undo", input.itemIds),
);

/** From review: the seller asks the buyer elsewhere and the item waits, its deadline on the marketplace's clock. */
export const askBuyerAction = sellerAction("save", askSchema, async (input, { seller }) => {
  const deadline = Math.floor(marketplaceNowMs() / 1000) + input.waitDays * DAY_SECONDS;
  return moved(seller, "ask", input.itemIds, { deadline, waitDays: input.waitDays, onDeadline: input.onDeadline });
});
