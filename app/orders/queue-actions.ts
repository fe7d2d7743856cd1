"use server";

import { z } from "zod";
import { sellerAction, type Refusal } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import type { Result } from "@/lib/marketplace";
import { moveItems, type Mover, type MoveOutcome } from "@/lib/orders/queue/moves";
import { itemFactsOf } from "@/lib/orders/queue/queue-view";
import type { MoveKind } from "@/lib/orders/queue/states";

const MAX_ITEMS_PER_MOVE = 500;

const itemIds = z
  .array(z.string().regex(/^[1-9][0-9]{0,15}(-r[1-9][0-9]{0,3})?$/, "That is not an item of the queue."))
  .min(1, "Tick at least one item first.")
  .max(MAX_ITEMS_PER_MOVE, `Choose at most ${MAX_ITEMS_PER_MOVE} items at a time, then the next ones.`);

const batchSchema = z.object({ itemIds });
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

async function moved(
  mover: Mover,
  kind: MoveKind | "undo",
  ids: string[],
  extra: { note?: string; reason?: string } = {},
) {
  const database = await db();
  return answered(await moveItems(database, mover, kind, ids, itemFactsOf(database, mover), extra));
}

async function shipItems(mover: Mover, ids: string[]) {
  return moved(mover, "shipped", ids);
}

const moverOf = (seller: { userId: number; shopId: number }): Mover => ({
  userId: seller.userId,
  shopId: seller.shopId,
});

export const markMadeAction = sellerAction("save", batchSchema, async (input, { seller }) =>
  moved(moverOf(seller), "made", input.itemIds),
);

export const markShippedAction = sellerAction("save", batchSchema, async (input, { seller }) =>
  shipItems(moverOf(seller), input.itemIds),
);

export const approveAction = sellerAction("save", batchSchema, async (input, { seller }) =>
  moved(moverOf(seller), "approve", input.itemIds),
);

export const noteCorrectionAction = sellerAction("save", correctionSchema, async (input, { seller }) =>
  moved(moverOf(seller), "correct", input.itemIds, { note: input.note }),
);

export const remakeAction = sellerAction("save", remakeSchema, async (input, { seller }) =>
  moved(moverOf(seller), "remake", input.itemIds, { reason: input.reason }),
);

export const undoMoveAction = sellerAction("save", batchSchema, async (input, { seller }) =>
  moved(moverOf(seller), "undo", input.itemIds),
);
