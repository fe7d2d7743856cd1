"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { db } from "@/lib/db";
import { historyStore } from "@/lib/history/history-store";
import { changeListing } from "@/lib/writes/recorded-write";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { sellerQuestionsSchema } from "@/lib/personalization/editor-schema";
import { currencyForPrices } from "@/lib/actions/shop-currency";
import { snapshotOfQuestionSet } from "@/lib/personalization/snapshot-codec";
import { snapshotSchema } from "@/lib/personalization/snapshot-schema";

// `loaded`: the listing's questions as the editor read them, so a change made since is not written over.
const inputSchema = z.object({
  listingId: z.number().int().positive(),
  questions: sellerQuestionsSchema,
  loaded: z.optional(snapshotSchema),
});

const PHASE_CHANGED =
  "Nothing was changed: the marketplace no longer accepts several questions or these kinds of question (it has left its multi-question period). Your questions are still here. Reload the page to see what buyers are asked now before you change anything.";

const REFUSED_AS_CONFLICT =
  "Nothing was changed: the marketplace refused to replace this listing's questions, as if it had left its multi-question period for a moment. Your questions are still here. Reload the page to see what buyers are asked now, then save again.";

/** Writes a whole question set (docs/marketplace.md §9.4), with supports_multiple_personalization_questions, after keeping what the listing asked before. */
export const updateQuestionSetAction = sellerAction(
  "save",
  inputSchema,
  async ({ listingId, questions, loaded }, { seller, marketplace }) => {
    const phase = personalizationPhase();
    if ((await phase.current()) !== "multi") return { ok: false, refusal: PHASE_CHANGED };
    const currency = await currencyForPrices(marketplace, seller, questions);
    if (!currency.ok) return currency;
    const target = snapshotOfQuestionSet(questions, currency.data);
    const result = await changeListing(historyStore(await db()), marketplace, {
      changer: seller,
      listingId,
      target,
      action: "save",
      phase: "multi",
      expected: loaded,
    });
    // A refusal may mean the period ended under the seller: the client's phase probe has learnt it from this answer.
    if (
      !result.ok &&
      "failure" in result &&
      (result.failure.kind === "conflict" || result.failure.kind === "invalid")
    ) {
      if ((await phase.current()) !== "multi") return { ok: false, refusal: PHASE_CHANGED };
      // describeFailure's 409 speaks of the single-question editor; here the whole set was sent with the flag.
      if (result.failure.kind === "conflict") return { ok: false, refusal: REFUSED_AS_CONFLICT };
    }
    return result;
  },
);
