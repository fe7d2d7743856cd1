import { statement, type Db } from "./db.js";
import { forgetAnswers, keepAnswer, keptAnswer } from "./listing-cache.js";
import { imageSvg, listingsJson, type IMAGE_SIZES, type ListingRow, type ListingView } from "./listing-json.js";
import { EU_GUARANTEE_FIELDS, type EuGuarantee, type ListingWire, type StoredQuestion } from "../wire.js";

const ROW_COLUMNS = `listing_id, shop_id, user_id, title, description, state, quantity, price_amount, tags, created_timestamp,
  updated_timestamp, featured_rank, shop_section_id, return_policy_id, taxonomy_id, is_personalizable, questions,
  legacy_is_required, legacy_char_count_max, legacy_instructions, ${EU_GUARANTEE_FIELDS.join(", ")}`;

/** One of a listing's photos drawn at one of its sizes (the file the image host in sandbox/app.ts serves), or null if it has no such photo. */
export function listingImageSvg(db: Db, imageId: number, size: keyof typeof IMAGE_SIZES): string | null {
  const row = getListingRow(db, Math.floor(imageId / 10));
  return row ? imageSvg(row, (imageId % 10) - 1, size) : null;
}

export function getListingRow(db: Db, listingId: number) {
  return statement(db, `SELECT ${ROW_COLUMNS} FROM listings WHERE listing_id = ?`).get(listingId) as
    ListingRow | undefined;
}

/** What decides who may see a listing (docs/marketplace.md §2.6), without the cost of reading its whole row. */
export function getListingVisibility(db: Db, listingId: number) {
  return statement(db, "SELECT state, user_id FROM listings WHERE listing_id = ?").get(listingId) as
    Pick<ListingRow, "state" | "user_id"> | undefined;
}

export type Paging = { limit: number; offset: number };

export type ListingQuery = { where: string; params: unknown[]; order?: string };

const ROWS_BY_IDS = `SELECT ${ROW_COLUMNS} FROM listings WHERE listing_id IN (SELECT value FROM json_each(?))`;

/** One query reads the rows of the answers not kept. */
function listingTexts(db: Db, ids: readonly number[], view: ListingView): string[] {
  const viewKey = `${view.legacy ? "legacy" : "current"} ${view.guarantees ? "ecgt" : ""} ${view.includes.join(",")} ${view.origin ?? ""}`;
  const texts = new Map<number, string>();
  for (const id of ids) {
    const kept = keptAnswer(db, `${id} ${viewKey}`);
    if (kept !== undefined) texts.set(id, kept);
  }
  const missing = ids.filter((id) => !texts.has(id));
  if (missing.length > 0) {
    const rows = statement(db, ROWS_BY_IDS).all(JSON.stringify(missing)) as ListingRow[];
    for (const listing of listingsJson(db, rows, view)) {
      const text = JSON.stringify(listing);
      keepAnswer(db, `${listing.listing_id} ${viewKey}`, text);
      texts.set(listing.listing_id, text);
    }
  }
  return ids.flatMap((id) => texts.get(id) ?? []);
}

export function listingText(db: Db, listingId: number, view: ListingView): string {
  const [text] = listingTexts(db, [listingId], view);
  if (text === undefined) throw new Error(`Listing ${listingId} does not exist.`);
  return text;
}

/** A page of listings as JSON text (`{count, results}`); `paging` null answers every listing of the query. */
export function listingPageText(db: Db, query: ListingQuery, view: ListingView, paging: Paging | null): string {
  const count = statement(db, `SELECT COUNT(*) FROM listings WHERE ${query.where}`)
    .pluck()
    .get(...query.params) as number;
  // SQLite reads a negative LIMIT as no limit.
  const ids = statement(
    db,
    `SELECT listing_id FROM listings WHERE ${query.where} ORDER BY ${query.order ?? "listing_id"} LIMIT ? OFFSET ?`,
  )
    .pluck()
    .all(...query.params, paging?.limit ?? -1, paging?.offset ?? 0) as number[];
  return `{"count":${count},"results":[${listingTexts(db, ids, view).join(",")}]}`;
}

export function listingPage(db: Db, query: ListingQuery, view: ListingView, paging: Paging | null) {
  return JSON.parse(listingPageText(db, query, view, paging)) as { count: number; results: ListingWire[] };
}

/** The columns a listing write may change (the personalization columns change with replaceQuestions). */
export type ListingChanges = Partial<
  Pick<ListingRow, "title" | "description" | "state" | "quantity" | "price_amount" | "tags"> & EuGuarantee
>;

/** last_modified_timestamp moves on every change, even two in the same second. */
export function updateListingFields(db: Db, listingId: number, changes: ListingChanges, now: number) {
  const changed = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (changed.length === 0) return;
  const set = changed.map(([column]) => `${column} = @${column}`).join(", ");
  statement(
    db,
    `UPDATE listings SET ${set}, updated_timestamp = max(@now, updated_timestamp + 1) WHERE listing_id = @id`,
  ).run({ ...Object.fromEntries(changed), now, id: listingId });
  forgetAnswers(db);
}

export type DraftListing = Pick<
  ListingRow,
  "shop_id" | "user_id" | "title" | "description" | "quantity" | "price_amount" | "tags"
> &
  Partial<EuGuarantee>;

const NO_GUARANTEE = Object.fromEntries(EU_GUARANTEE_FIELDS.map((field) => [field, null])) as EuGuarantee;

export function insertDraftListing(db: Db, draft: DraftListing, now: number): number {
  const result = statement(
    db,
    `INSERT INTO listings (shop_id, user_id, title, description, state, quantity, price_amount, tags, created_timestamp,
       updated_timestamp, is_personalizable, questions, legacy_is_required, ${EU_GUARANTEE_FIELDS.join(", ")})
     VALUES (@shop_id, @user_id, @title, @description, 'draft', @quantity, @price_amount, @tags, @now, @now, 0, '[]', 0,
       ${EU_GUARANTEE_FIELDS.map((field) => `@${field}`).join(", ")})`,
  ).run({ ...NO_GUARANTEE, ...draft, now });
  forgetAnswers(db);
  return Number(result.lastInsertRowid);
}

export function deleteListing(db: Db, listingId: number) {
  statement(db, "DELETE FROM listings WHERE listing_id = ?").run(listingId);
  forgetAnswers(db);
}

/**
 * Full replacement (docs/marketplace.md §3.1); the legacy fields are derived from the new structure (§11.5)
 * from its first text question when there are several. Answers the questions as stored (JSON text).
 */
export function replaceQuestions(db: Db, listingId: number, questions: StoredQuestion[], now: number): string {
  const text = questions.find((question) => question.question_type === "text_input");
  const stored = JSON.stringify(questions);
  statement(
    db,
    `UPDATE listings SET questions = ?, is_personalizable = ?, legacy_is_required = ?, legacy_char_count_max = ?,
       legacy_instructions = ?, updated_timestamp = max(?, updated_timestamp + 1) WHERE listing_id = ?`,
  ).run(
    stored,
    questions.length > 0 ? 1 : 0,
    text?.required ? 1 : 0,
    text?.max_allowed_characters ?? null,
    text?.instructions ?? null,
    now,
    listingId,
  );
  forgetAnswers(db);
  return stored;
}
