"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { SHIP_RECEIPTS_MAX, shipReceipts } from "@/lib/orders/ship-receipts";

const TOO_MANY = `At most ${SHIP_RECEIPTS_MAX} orders can be marked shipped at once: select fewer and try again.`;

const receiptId = z.number().int().positive();

const inputSchema = z.object({
  receiptIds: z.array(receiptId).min(1).max(SHIP_RECEIPTS_MAX, { error: TOO_MANY }),
  tracking: z
    .array(
      z.object({
        receiptId,
        carrierName: z.string().trim().min(1).max(100),
        trackingCode: z.string().trim().min(1).max(100),
      }),
    )
    .max(SHIP_RECEIPTS_MAX)
    .optional(),
});

/**
 * Marks the seller's orders shipped on the marketplace (docs/marketplace.md §16.6), one result per receipt. Receipts
 * not among the shop's kept orders are refused without a request; without transactions_w nothing is sent.
 */
export const shipReceiptsAction = sellerAction("save", inputSchema, async (input, { seller, marketplace }) =>
  shipReceipts(await db(), marketplace, seller, input),
);
