"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { dateBound } from "@/lib/orders/day";
import { queueStore } from "@/lib/orders/queue/queue-store";

const shipBySchema = z.object({
  itemId: z.string().regex(/^[1-9][0-9]{0,15}-r[1-9][0-9]{0,3}$/, "Only a remake's ship-by can be changed here."),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the day the remake must ship by.")
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), "Choose the day the remake must ship by."),
});

/**
 * A remake's ship-by, changed by the seller (the marketplace knows nothing of remakes, so this asks it nothing): the
 * start of the chosen day in the seller's time zone, as a remake's own ship-by is.
 */
export const setRemakeShipByAction = sellerAction("save", shipBySchema, async (input, { seller }) => {
  const store = queueStore(await db());
  const shipBy = dateBound(input.day, await store.timeZone(seller.shopId));
  if (!(await store.setShipBy(seller.shopId, input.itemId, shipBy)))
    return { ok: false as const, refusal: "There is no such remake in your shop's queue: reload the page." };
  return { ok: true as const, data: input.day };
});
