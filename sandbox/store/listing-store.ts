import { statement, type Db } from "./db.js";
import type { ListingWire, StoredQuestion } from "../wire.js";
import { listingJsonColumn } from "./listing-json.js";
import { cachedRead } from "./listing-cache.js";

export { listingJsonColumn };

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

type ListingFields = Omit<ListingWire, "tags" | "personalization">;

/** What one read shows: the questions when asked for (spec 4.2), the legacy fields until their deprecation (spec 9). */
export type ListingView = { personalization: boolean; legacy: boolean };

function listingFields(row: ListingRow, view: ListingView): ListingFields {
  const fields: ListingFields = {
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
  };
  if (!view.legacy) return fields;
  return {
    ...fields,
    personalization_is_required: row.legacy_is_required === 1,
    personalization_char_count_max: row.legacy_char_count_max,
    personalization_instructions: row.legacy_instructions,
  };
}

export function listingJson(row: ListingRow, view: ListingView): ListingWire {
  const listing: ListingWire = { ...listingFields(row, view), tags: JSON.parse(row.tags) as string[] };
  if (view.personalization)
    listing.personalization = { personalization_questions: JSON.parse(row.questions) as StoredQuestion[] };
  return listing;
}

/**
 * The same listing as JSON text, with the stored tags and questions spliced in as they are (the sandbox wrote them
 * with JSON.stringify): pages of listings skip parsing and re-serialising them, which was most of a page's cost.
 */
export function listingText(row: ListingRow, view: ListingView): string {
  const fields = JSON.stringify(listingFields(row, view));
  const questions = view.personalization ? `,"personalization":{"personalization_questions":${row.questions}}` : "";
  return `${fields.slice(0, -1)},"tags":${row.tags}${questions}}`;
}

export type Paging = { limit: number; offset: number };

/** `{"count", "results"}` from listings already written as JSON text. */
export const pageText = (count: number, listings: string[]) => `{"count":${count},"results":[${listings.join(",")}]}`;

/** One page of the listings matching `where`, as the listing reads answer it (and as /openapi.json shows it). */
export function listingPageText(
  db: Db,
  where: string,
  params: unknown[],
  view: ListingView,
  paging: Paging,
  order = "listing_id",
) {
  const pageSql = `SELECT ${listingJsonColumn(view)} FROM listings WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`;
  const pageParams = [...params, paging.limit, paging.offset];
  // The page's SQL holds `where`, so it keys the count as well.
  return cachedRead(db, pageSql, pageParams, () => {
    const count =
      (statement(db, `SELECT COUNT(*) FROM listings WHERE ${where}`)
        .pluck()
        .get(...params) as number) ?? 0;
    return pageText(
      count,
      statement(db, pageSql)
        .pluck()
        .all(...pageParams) as string[],
    );
  });
}

type ListingText = { user_id: number; state: string; json: string };

/** One listing as JSON text, with what deciding who may see it needs. */
// One string per view, built once: a string built per call is hashed whole by each Map it is looked up in.
const listingTextSql = [false, true].map((personalization) =>
  [false, true].map(
    (legacy) =>
      `SELECT user_id, state, ${listingJsonColumn({ personalization, legacy })} AS json FROM listings WHERE listing_id = ?`,
  ),
);

export function getListingText(db: Db, listingId: number, view: ListingView) {
  const sql = listingTextSql[Number(view.personalization)]![Number(view.legacy)]!;
  return cachedRead(db, sql, [listingId], () => {
    const row = statement(db, sql).get(listingId) as ListingText | undefined;
    return row && Object.freeze(row);
  });
}

/** The columns of a ListingRow: not the stored JSON, which only reads of whole listings join (listing-json.ts). */
const ROW_COLUMNS = `listing_id, shop_id, user_id, title, description, state, quantity, price_amount, tags, created_timestamp,
  updated_timestamp, featured_rank, shop_section_id, return_policy_id, is_personalizable, questions, legacy_is_required,
  legacy_char_count_max, legacy_instructions`;

export function getListingRow(db: Db, listingId: number) {
  return statement(db, `SELECT ${ROW_COLUMNS} FROM listings WHERE listing_id = ?`).get(listingId) as
    ListingRow | undefined;
}

/**
 * Full replacement (spec 3.1); the legacy fields are derived from the new structure (decisions.md "Legacy fields on
 * read"), from its first text question when there are several. Answers the questions as stored (JSON text).
 */
export function replaceQuestions(db: Db, listingId: number, questions: StoredQuestion[], now: number): string {
  const text = questions.find((question) => question.question_type === "text_input");
  const stored = JSON.stringify(questions);
  statement(
    db,
    `UPDATE listings SET questions = ?, is_personalizable = ?, legacy_is_required = ?, legacy_char_count_max = ?,
       legacy_instructions = ?, updated_timestamp = ? WHERE listing_id = ?`,
  ).run(
    stored,
    questions.length > 0 ? 1 : 0,
    text?.required ? 1 : 0,
    text?.max_allowed_characters ?? null,
    text?.instructions ?? null,
    now,
    listingId,
  );
  return stored;
}
