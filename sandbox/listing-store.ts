import type { Db } from "./db.js";
import type { ListingWire, StoredQuestion } from "./api/wire.js";

export type { StoredQuestion };

export type ListingRow = {
  listing_id: number;
  shop_id: number;
  user_id: number;
  title: string;
  description: string;
  state: string;
  quantity: number;
  price_amount: number;
  tags: string;
  created_timestamp: number;
  updated_timestamp: number;
  featured_rank: number | null;
  shop_section_id: number | null;
  return_policy_id: number | null;
  is_personalizable: number;
  questions: string;
  legacy_is_required: number;
  legacy_char_count_max: number | null;
  legacy_instructions: string | null;
};

export const LISTING_STATES = ["active", "inactive", "sold_out", "draft", "expired"] as const;

export function listingJson(row: ListingRow, include: { personalization: boolean }): ListingWire {
  const listing: ListingWire = {
    listing_id: row.listing_id,
    user_id: row.user_id,
    shop_id: row.shop_id,
    title: row.title,
    description: row.description,
    state: row.state as ListingWire["state"],
    quantity: row.quantity,
    url: `https://marketplace.example/listing/${row.listing_id}`,
    price: { amount: row.price_amount, divisor: 100, currency_code: "USD" },
    tags: JSON.parse(row.tags) as string[],
    created_timestamp: row.created_timestamp,
    updated_timestamp: row.updated_timestamp,
    featured_rank: row.featured_rank ?? -1,
    shop_section_id: row.shop_section_id,
    return_policy_id: row.return_policy_id,
    is_personalizable: row.is_personalizable === 1,
    personalization_is_required: row.legacy_is_required === 1,
    personalization_char_count_max: row.legacy_char_count_max,
    personalization_instructions: row.legacy_instructions,
  };
  if (include.personalization) listing.personalization = { personalization_questions: JSON.parse(row.questions) as StoredQuestion[] };
  return listing;
}

export function getListingRow(db: Db, listingId: number) {
  return db.prepare("SELECT * FROM listings WHERE listing_id = ?").get(listingId) as ListingRow | undefined;
}

/** Full replacement (spec 3.1); the legacy fields are derived from the new structure (decisions.md "Legacy fields on read"). */
export function replaceQuestions(db: Db, listingId: number, questions: StoredQuestion[], now: number) {
  const first = questions[0];
  db.prepare(
    `UPDATE listings SET questions = ?, is_personalizable = ?, legacy_is_required = ?, legacy_char_count_max = ?,
       legacy_instructions = ?, updated_timestamp = ? WHERE listing_id = ?`,
  ).run(
    JSON.stringify(questions),
    first ? 1 : 0,
    first?.required ? 1 : 0,
    first?.max_allowed_characters ?? null,
    first?.instructions ?? null,
    now,
    listingId,
  );
}
