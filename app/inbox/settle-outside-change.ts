"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { historyStore } from "@/lib/history/history-store";
import { changeListing } from "@/lib/writes/recorded-write";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { mirrorStore } from "@/lib/mirror/mirror-store";

const inputSchema = z.object({ changeId: z.uuid(), decision: z.enum(["keep", "revert"]) });

const GONE =
  "That change is no longer in the inbox: it was kept or reverted already. Reload the page to see the inbox.";

export const settleOutsideChangeAction = sellerAction(
  "save",
  inputSchema,
  async ({ changeId, decision }, { seller, marketplace }) => {
    const database = await db();
    const store = mirrorStore(database);
    const change = await store.change(seller.shopId, changeId);
    if (!change || change.status !== "open") return { ok: false, refusal: GONE };
    if (decision === "keep") {
      await store.settleChange(seller.shopId, changeId, "kept");
      return { ok: true, data: null };
    }
    const written = await changeListing(historyStore(database), marketplace, {
      changer: seller,
      listingId: change.listingId,
      target: change.before,
      action: "outside-revert",
      phase: await personalizationPhase().current(),
    });
    if (!written.ok) return written;
    await store.settleChange(seller.shopId, changeId, "reverted");
    return { ok: true, data: null };
  },
);
