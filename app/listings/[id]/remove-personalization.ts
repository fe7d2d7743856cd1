"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { historyStore } from "@/lib/history/history-store";
import { changeListing } from "@/lib/writes/recorded-write";
import { NO_PERSONALIZATION } from "@/lib/personalization/snapshot";
import { personalizationPhase } from "@/lib/personalization/phase-probe";

const inputSchema = z.object({ listingId: z.number().int().positive() });

export const removePersonalizationAction = sellerAction(
  "remove",
  inputSchema,
  async ({ listingId }, { seller, marketplace }) =>
    changeListing(historyStore(await db()), marketplace, {
      changer: seller,
      listingId,
      target: NO_PERSONALIZATION,
      action: "remove",
      phase: await personalizationPhase().current(),
    }),
);
