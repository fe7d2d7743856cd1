"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { historyStore } from "@/lib/history/history-store";
import { settleUnknown } from "@/lib/writes/settle-unknown";
import type { Result } from "@/lib/marketplace";
import type { Question } from "@/lib/marketplace/wire";

const inputSchema = z.object({ listingId: z.number().int().positive(), entryId: z.uuid().optional() });

export type SaveSettlement = { entryId?: string; outcome: "unknown" | "done" | "gone"; questions?: Question[] };

/**
 * A save whose answer never came, settled by reading the listing back: the editor asks until the write shows
 * ("done") or its entry is given up ("gone"). Without `entryId` it follows the listing's newest unsettled write.
 */
export const settleSaveAction = sellerAction(
  "load",
  inputSchema,
  async ({ listingId, entryId }, { seller, marketplace }): Promise<Result<SaveSettlement>> => {
    const history = historyStore(await db());
    // Chosen before settling, which may settle it.
    const followed =
      entryId ?? (await history.list(seller.shopId, listingId)).find((each) => each.outcome !== "done")?.id;
    const entries = await settleUnknown(history, marketplace, seller, listingId);
    const entry = entries.find((each) => each.id === followed);
    if (!entry) return { ok: true, data: { entryId: followed, outcome: "gone" } };
    if (entry.outcome !== "done") return { ok: true, data: { entryId: entry.id, outcome: "unknown" } };
    const listing = await marketplace.getListing(seller.userId, listingId);
    return {
      ok: true,
      data: { entryId: entry.id, outcome: "done", ...(listing.ok && { questions: listing.data.questions }) },
    };
  },
);
