"use server";

import { z } from "zod";
import { sellerQuestionSchema } from "@/lib/personalization/editor-schema";
import { snapshotOfForm } from "@/lib/personalization/snapshot-codec";
import { snapshotSchema } from "@/lib/personalization/snapshot-schema";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { historyStore } from "@/lib/history/history-store";
import { changeListing } from "@/lib/writes/recorded-write";

// `loaded`: the listing's questions as the editor read them, so a change made since is not written over.
const inputSchema = z.object({
  listingId: z.number().int().positive(),
  question: sellerQuestionSchema,
  loaded: z.optional(snapshotSchema),
});

export const updatePersonalizationAction = sellerAction(
  "save",
  inputSchema,
  async ({ listingId, question, loaded }, { seller, marketplace }) =>
    changeListing(historyStore(await db()), marketplace, {
      changer: seller,
      listingId,
      target: snapshotOfForm(question),
      action: "save",
      phase: "single",
      expected: loaded,
    }),
);
