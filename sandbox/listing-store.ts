import { statement, type Db } from "./db.js";
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

type ListingFields = Omit<ListingWire, "tags" | "personalization">;

function listingFields(row: ListingRow): ListingFields {
  return {
    listing_id: row.listing_id,
    user_id: row.user_id,
    shop_id: row.shop_id,
    title: row.title,
    description: row.description,
    state: row.state as ListingWire["state"],
    quantity: row.quantity,
    url: `https://marketplace.example/listing/${row.listing_id}`,
    price: { amount: row.price_amount, divisor: 100, currency_code: "USD" },
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
}

export function listingJson(row: ListingRow, include: { personalization: boolean }): ListingWire {
  const listing: ListingWire = { ...listingFields(row), tags: JSON.parse(row.tags) as string[] };
  if (include.personalization) listing.personalization = { personalization_questions: JSON.parse(row.questions) as StoredQuestion[] };
  return listing;
}

/**
 * The same listing as JSON text, with the stored tags and questions spliced in as they are (the sandbox wrote them
 * with JSON.stringify): pages of listings skip parsing and re-serialising them, which was most of a page's cost.
 */
export function listingText(row: ListingRow, include: { personalization: boolean }): string {
  const fields = JSON.stringify(listingFields(row));
  const questions = include.personalization ? `,"personalization":{"personalization_questions":${row.questions}}` : "";
  return `${fields.slice(0, -1)},"tags":${row.tags}${questions}}`;
}

const bool = (column: string) => `json(CASE ${column} WHEN 1 THEN 'true' ELSE 'false' END)`;

const LISTING_OBJECT = `json_object(
  'listing_id', listing_id, 'user_id', user_id, 'shop_id', shop_id, 'title', title, 'description', description,
  'state', state, 'quantity', quantity, 'url', 'https://marketplace.example/listing/' || listing_id,
  'price', json_object('amount', price_amount, 'divisor', 100, 'currency_code', 'USD'),
  'created_timestamp', created_timestamp, 'updated_timestamp', updated_timestamp, 'featured_rank', coalesce(featured_rank, -1),
  'shop_section_id', shop_section_id, 'return_policy_id', return_policy_id, 'is_personalizable', ${bool("is_personalizable")},
  'personalization_is_required', ${bool("legacy_is_required")}, 'personalization_char_count_max', legacy_char_count_max,
  'personalization_instructions', legacy_instructions, 'tags', json(tags))`;

/**
 * A column expression that makes SQLite write each listing's JSON (the same as listingJson; listing-store.test.ts
 * holds them equal): a page of 25 then costs one query and a join, with no row objects built in JavaScript.
 */
export function listingJsonColumn(include: { personalization: boolean }) {
  return include.personalization ? `json_set(${LISTING_OBJECT}, '$.personalization', json_object('personalization_questions', json(questions)))` : LISTING_OBJECT;
}

export function getListingRow(db: Db, listingId: number) {
  return statement(db, "SELECT * FROM listings WHERE listing_id = ?").get(listingId) as ListingRow | undefined;
}

/** Full replacement (spec 3.1); the legacy fields are derived from the new structure (decisions.md "Legacy fields on read"). */
export function replaceQuestions(db: Db, listingId: number, questions: StoredQuestion[], now: number) {
  const first = questions[0];
  statement(
    db,
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
