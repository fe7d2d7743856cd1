"use server";

import { z } from "zod";
import { sellerAction, type Refusal } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import type { Result } from "@/lib/marketplace";
import {
  anyMovable,
  moveItems,
  shipItems,
  type Mover,
  type MoveOutcome,
  type ShipReceipts,
} from "@/lib/orders/queue/moves";
import { SHIP_RECEIPTS_MAX, shipReceipts } from "@/lib/orders/ship-receipts";
import { trackingInput } from "@/lib/orders/tracking-input";
import { itemFactsOf } from "@/lib/orders/queue/queue-view";
import { ON_DEADLINE, type MoveKind } from "@/lib/orders/queue/states";
import { keptOrdersReady } from "@/lib/orders/background";
import { marketplaceNowMs } from "@/lib/marketplace/marketplace-date";

const MAX_ITEMS_PER_MOVE = 500;

const itemIds = z
  .array(z.string().regex(/^[1-9][0-9]{0,15}(-r[1-9][0-9]{0,3})?$/, "That is not an item of the queue."))
  .min(1, "Tick at least one item first.")
  .max(MAX_ITEMS_PER_MOVE, `Choose at most ${MAX_ITEMS_PER_MOVE} items at a time, then the next ones.`);

const batchSchema = z.object({ itemIds });
const shipSchema = z.object({
  itemIds,
  // A tracking code belongs to one order: it is taken when the ticked items are all of one order.
  tracking: trackingInput.optional(),
});

const ONE_ORDER_PER_CODE =
  "A tracking code belongs to one order, and the ticked items are of several: tick one order's items to give its code, or clear the code to mark several shipped.";
const TOO_MANY_ORDERS = `At most ${SHIP_RECEIPTS_MAX} orders can be marked shipped at once: tick fewer, then the next ones.`;
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
 * The kept orders brought up to date before a batch that makes or ships (two requests, whatever the batch's size), so
 * an order cancelled since the page loaded is refused before anything is sent; a batch whose items are none of the
 * shop's, or none of which the move could take, reads nothing. When the marketplace cannot answer, the batch is
 * judged on what is kept: the marketplace itself refuses a shipment to a cancelled order.
 */
async function refreshed(seller: Mover, kind: MoveKind, ids: string[]) {
  const database = await db();
  if (await anyMovable(database, seller, kind, ids, itemFactsOf(database, seller)))
    await keptOrdersReady(seller, 0, "now");
}

async function moved(
  mover: Mover,
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

/** Each ticked item's order is marked shipped on the marketplace (createReceiptShipment), then the item moves. */
export const markShippedAction = sellerAction("save", shipSchema, async (input, { seller, marketplace }) => {
  await refreshed(seller, "shipped", input.itemIds);
  const database = await db();
  const ship: ShipReceipts = async (receiptIds) => {
    if (input.tracking && receiptIds.length > 1) return { refusal: ONE_ORDER_PER_CODE };
    if (receiptIds.length > SHIP_RECEIPTS_MAX) return { refusal: TOO_MANY_ORDERS };
    const tracking = input.tracking && [{ receiptId: receiptIds[0]!, ...input.tracking }];
    const shipped = await shipReceipts(database, marketplace, seller, { receiptIds, tracking });
    if (!shipped.ok) return { refusal: shipped.refusal };
    return new Map(shipped.data.map((one) => [one.receiptId, one.shipped ? null : one.reason]));
  };
  const outcome = await shipItems(database, seller, input.itemIds, itemFactsOf(database, seller), ship);
  return "refusal" in outcome ? { ok: false as const, refusal: outcome.refusal } : answered(outcome);
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
