"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { historyStore } from "@/lib/history/history-store";
import { changeListing, changedSince } from "@/lib/writes/recorded-write";
import { versionSnapshot } from "@/lib/history/versions";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { sameSnapshot, snapshotOf } from "@/lib/personalization/snapshot";
import { snapshotSchema } from "@/lib/personalization/snapshot-schema";

const inputSchema = z.object({
  listingId: z.number().int().positive(),
  versionId: z.uuid(),
  side: z.enum(["after", "before"]),
  // What the history showed as asked now: a listing changed since is not put back over without the seller's say.
  shown: z.optional(snapshotSchema),
});

/** Puts back one version of the listing's history, read the way the history shows it; the restore is recorded like any other write. */
export const restoreVersionAction = sellerAction(
  "save",
  inputSchema,
  async ({ listingId, versionId, side, shown }, { seller, marketplace }) => {
    const history = historyStore(await db());
    const listing = await marketplace.getListing(seller.userId, listingId);
    if (!listing.ok) return listing;
    if (listing.data.shopId !== seller.shopId)
      return { ok: false, refusal: "This listing is not in your shop. Go back to your listings." };
    const now = snapshotOf(listing.data);
    if (shown && !sameSnapshot(now, shown)) return changedSince(listing.data, "put back");
    const target = versionSnapshot(await history.list(seller.shopId, listingId), versionId, side, now);
    if (!target) {
      return {
        ok: false,
        refusal: "That earlier version is no longer in this listing's history. Reload the page to see its history.",
      };
    }
    if (sameSnapshot(target, now)) return { ok: true, data: listing.data.questions };
    // The editor's save path: a 5xx is tried again a bounded number of times, each retry reading the listing back first.
    return changeListing(history, marketplace, {
      changer: seller,
      listingId,
      target,
      action: "restore",
      phase: await personalizationPhase().current(),
      expected: now,
      known: listing.data,
      verb: "put back",
    });
  },
);
