"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { historyStore } from "@/lib/history/history-store";
import { changeListing } from "@/lib/history/recorded-write";
import { personalizationPhase } from "@/lib/marketplace";

const inputSchema = z.object({ listingId: z.number().int().positive(), versionId: z.uuid() });

/** Puts back what the listing asked before an earlier change; the restore is recorded like any other write. */
export const restoreVersionAction = sellerAction(
  "save",
  inputSchema,
  async ({ listingId, versionId }, { seller, marketplace }) => {
    const history = historyStore(await db());
    const version = await history.find(seller.shopId, versionId);
    if (!version || version.listingId !== listingId) {
      return {
        ok: false,
        refusal: "That earlier version is no longer in this listing's history. Reload the page to see its history.",
      };
    }
    return changeListing(history, marketplace, {
      changer: seller,
      listingId,
      target: version.previous,
      action: "restore",
      phase: await personalizationPhase().current(),
    });
  },
);
