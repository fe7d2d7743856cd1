import { control, newSeller, putQuestions } from "./sandbox-control";

type Receipt = { receipt_id: number };
type StoredQuestion = { question_id: number };

/**
 * A seller whose listing asks for a name, and how a buyer orders it: `ago` seconds before now, with any other field of
 * the control API's order (`payment_review`, say).
 */
export async function sellerAskingName() {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await putQuestions(seller, listingId, [
    { question_type: "text_input", question_text: "Name", required: true, max_allowed_characters: 12 },
  ]);
  const listing = await control<{ personalization: { personalization_questions: StoredQuestion[] } }>(
    `/listings/${listingId}`,
  );
  const questionId = listing.personalization.personalization_questions[0]!.question_id;
  const place = (buyer: string, value: string, ago = 0, extra: Record<string, unknown> = {}) =>
    control<Receipt>("/orders", {
      listing_id: listingId,
      buyer: { name: buyer },
      answers: [{ question_id: questionId, value }],
      created_timestamp: Math.floor(Date.now() / 1000) - ago,
      ...extra,
    });
  return { seller, place };
}
