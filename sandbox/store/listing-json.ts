import type { ListingView } from "./listing-store.js";

// Every listing's JSON is written by SQLite when the listing is written (triggers of the listings table, sandbox/db.ts),
// in two stored pieces: its fields up to is_personalizable, and the legacy fields. A read joins them with the stored tags
// and questions as text: building them with json_object on every read cost a page of 25 about 100 µs of CPU, a join 35.

const bool = (column: string) => `json(CASE ${column} WHEN 1 THEN 'true' ELSE 'false' END)`;

const LISTING_FIELDS = `
  'listing_id', listing_id, 'user_id', user_id, 'shop_id', shop_id, 'title', title, 'description', description,
  'state', state, 'quantity', quantity, 'url', 'https://marketplace.example/listing/' || listing_id,
  'price', json_object('amount', price_amount, 'divisor', 100, 'currency_code', 'USD'),
  'created_timestamp', created_timestamp, 'updated_timestamp', updated_timestamp, 'featured_rank', coalesce(featured_rank, -1),
  'shop_section_id', shop_section_id, 'return_policy_id', return_policy_id, 'is_personalizable', ${bool("is_personalizable")}`;

const LEGACY_FIELDS = `
  'personalization_is_required', ${bool("legacy_is_required")}, 'personalization_char_count_max', legacy_char_count_max,
  'personalization_instructions', legacy_instructions`;

/** `SET` assignments that write both pieces from the row's columns (the last value of each object is never an object). */
const STORE_JSON = `json_fields = rtrim(json_object(${LISTING_FIELDS}), '}'), json_legacy = ',' || rtrim(ltrim(json_object(${LEGACY_FIELDS}), '{'), '}')`;

/** Columns whose change rewrites the stored JSON (not tags and questions: reads splice those in as they are). */
const JSON_SOURCES = [
  "listing_id",
  "user_id",
  "shop_id",
  "title",
  "description",
  "state",
  "quantity",
  "price_amount",
  "created_timestamp",
  "updated_timestamp",
  "featured_rank",
  "shop_section_id",
  "return_policy_id",
  "is_personalizable",
  "legacy_is_required",
  "legacy_char_count_max",
  "legacy_instructions",
];

/** The sandbox's second migration: the stored pieces, kept current by triggers, filled for listings already there. */
export const STORED_LISTING_JSON_MIGRATION = `
  ALTER TABLE listings ADD COLUMN json_fields TEXT NOT NULL DEFAULT '';
  ALTER TABLE listings ADD COLUMN json_legacy TEXT NOT NULL DEFAULT '';
  CREATE TRIGGER listings_json_on_insert AFTER INSERT ON listings
    BEGIN UPDATE listings SET ${STORE_JSON} WHERE listing_id = NEW.listing_id; END;
  CREATE TRIGGER listings_json_on_update AFTER UPDATE OF ${JSON_SOURCES.join(", ")} ON listings
    BEGIN UPDATE listings SET ${STORE_JSON} WHERE listing_id = NEW.listing_id; END;
  UPDATE listings SET ${STORE_JSON};`;

/**
 * A column expression for a listing's JSON in one view (the same as listingJson; listing-store.test.ts holds them
 * equal): a page of 25 then costs one query and a join, with no row objects built in JavaScript.
 */
export function listingJsonColumn(view: ListingView) {
  const legacy = view.legacy ? " || json_legacy" : "";
  const questions = view.personalization
    ? ` || ',"personalization":{"personalization_questions":' || questions || '}'`
    : "";
  return `json_fields${legacy} || ',"tags":' || tags${questions} || '}'`;
}
