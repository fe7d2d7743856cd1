import { z } from "zod";
import { answerProblem, UPLOAD_SEPARATOR, type BuyerAnswer } from "../../lib/personalization/answer-rules.js";
import type { Db } from "./db.js";
import { getListingRow } from "./listing-store.js";
import { insertOrder } from "./receipt-store.js";
import { PERSONALIZATION_PROPERTY_ID, type VariationWire } from "../receipt-wire.js";
import type { StoredQuestion } from "../wire.js";

// A buyer's order (POST /__sandbox/orders, docs/marketplace.md §17): the listing's questions as they stand now, each
// answer checked against its rules, the add-on prices of the answered questions added to the price.

const answerBody = z.strictObject({
  question_id: z.int(),
  value: z.string().max(4096).nullable().optional(),
  files: z.array(z.string().max(300)).max(20).nullable().optional(),
});

export const orderBody = z.strictObject({
  listing_id: z.int(),
  quantity: z.int().min(1).max(99).default(1),
  buyer: z.strictObject({ name: z.string().min(1).max(100).optional(), email: z.email().optional() }).default({}),
  answers: z.array(answerBody).max(10).default([]),
  message_from_buyer: z.string().max(1000).nullable().optional(),
  paid: z.boolean().default(true),
  shipped: z.boolean().default(false),
  created_timestamp: z.int().min(946_684_800).optional(),
});

export type OrderOutcome = { receipt_id: number; shop_id: number } | { status: 400 | 404 | 409; error: string };

export function variationOf(question: StoredQuestion, answer: BuyerAnswer | undefined): VariationWire | null {
  const files = answer?.files ?? [];
  const value = answer?.value ?? "";
  const given = question.question_type.endsWith("_upload") ? files.join(UPLOAD_SEPARATOR) : value;
  if (given.trim() === "") return null;
  const option = question.options?.find((candidate) => candidate.label === value);
  return {
    property_id: PERSONALIZATION_PROPERTY_ID,
    value_id: question.question_type === "dropdown" ? (option?.option_id ?? null) : null,
    formatted_name: question.question_text,
    formatted_value: given,
    question_id: question.question_id,
  };
}

const centsOf = (money: StoredQuestion["add_on_price"]) =>
  money && money.divisor > 0 ? Math.round((money.amount * 100) / money.divisor) : 0;

export function placeOrder(db: Db, input: z.output<typeof orderBody>, now: number): OrderOutcome {
  const listing = getListingRow(db, input.listing_id);
  if (!listing) return { status: 404, error: `listing_id: listing ${input.listing_id} does not exist.` };
  if (listing.state !== "active")
    return {
      status: 409,
      error: `listing_id: listing ${listing.listing_id} is ${listing.state}; buyers can order only active listings.`,
    };
  const questions = JSON.parse(listing.questions) as StoredQuestion[];
  const byId = new Map<number, BuyerAnswer>();
  for (const [index, answer] of input.answers.entries()) {
    if (!questions.some((question) => question.question_id === answer.question_id))
      return {
        status: 400,
        error: `answers[${index}].question_id: listing ${listing.listing_id} has no question ${answer.question_id}; its questions are ${questions.map((question) => question.question_id).join(", ") || "none"}.`,
      };
    if (byId.has(answer.question_id))
      return { status: 400, error: `answers[${index}].question_id: question ${answer.question_id} is answered twice.` };
    byId.set(answer.question_id, answer);
  }
  const variations: VariationWire[] = [];
  let price = listing.price_amount;
  for (const question of questions) {
    const answer = byId.get(question.question_id);
    const problem = answerProblem(question, answer);
    if (problem) return { status: 400, error: `answers: ${problem.message}` };
    const variation = variationOf(question, answer);
    if (!variation) continue;
    variations.push(variation);
    price += centsOf(question.add_on_price);
  }
  const buyerUserId = 90_000 + (input.buyer.email ? hashOf(input.buyer.email) % 9_000 : 1);
  const created = input.created_timestamp ?? now;
  const receiptId = insertOrder(db, {
    shop_id: listing.shop_id,
    seller_user_id: listing.user_id,
    buyer_user_id: buyerUserId,
    buyer_name: input.buyer.name ?? "Sam Buyer",
    buyer_email: input.buyer.email ?? "buyer@example.com",
    message_from_buyer: input.message_from_buyer ?? null,
    paid: input.paid,
    created,
    shipped: input.shipped ? created + 3600 : null,
    items: [
      {
        listing_id: listing.listing_id,
        title: listing.title,
        quantity: input.quantity,
        price_amount: price,
        variations,
      },
    ],
  });
  return { receipt_id: receiptId, shop_id: listing.shop_id };
}

function hashOf(text: string) {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}
