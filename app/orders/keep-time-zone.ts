"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { isTimeZone } from "@/lib/orders/day";
import { queueStore } from "@/lib/orders/queue/queue-store";

const timeZoneSchema = z.object({
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, "That is not a time zone this dashboard knows; days stay as they were."),
});

/** The browser's time zone, sent once and kept with the seller: their days (due today, the date filter) turn in it. */
export const keepTimeZoneAction = sellerAction("save", timeZoneSchema, async (input, { seller }) => {
  await queueStore(await db()).setTimeZone(seller.shopId, input.timeZone);
  return { ok: true as const, data: input.timeZone };
});
