import "server-only";
import type { Marketplace } from "../marketplace/client";
import type { MarketplaceFailure, Result } from "../marketplace/failure";
import type { Question, Seller } from "../marketplace/wire";
import { DEFAULT_PHASE, type PersonalizationPhase } from "../env-schema";
import type { Snapshot } from "../personalization/snapshot";
import { personalizationBody } from "./question-set-body";

const refusesIds = (failure: MarketplaceFailure) =>
  failure.kind === "invalid" && /unknown field.*\b(question_id|option_id)\b/.test(failure.message);

const withoutIds = (snapshot: Snapshot): Snapshot => ({
  questions: snapshot.questions.map(({ id, optionIds, ...question }) => question),
});

/** The one send of a listing's questions; none deletes its personalization. */
export async function writeSnapshot(
  marketplace: Marketplace,
  changer: Seller,
  listingId: number,
  target: Snapshot,
  phase: PersonalizationPhase = DEFAULT_PHASE,
): Promise<Result<Question[]>> {
  const write = personalizationBody(target, phase);
  if (!write) {
    const removed = await marketplace.deleteListingPersonalization(changer.userId, changer.shopId, listingId);
    return removed.ok ? { ok: true, data: [] } : removed;
  }
  const send = (body: typeof write.body) =>
    marketplace.updateListingPersonalization(changer.userId, changer.shopId, listingId, body, {
      multipleQuestions: write.multipleQuestions,
    });
  const result = await send(write.body);
  if (result.ok || !refusesIds(result.failure)) return result;
  // A marketplace that does not know ids on writes yet (before 2026-07) is sent the same questions without them.
  const again = personalizationBody(withoutIds(target), phase);
  return again ? send(again.body) : result;
}
