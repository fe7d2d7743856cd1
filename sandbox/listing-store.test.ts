import { afterAll, describe, expect, it } from "vitest";
import { statement } from "./db.js";
import { listingJson, listingJsonColumn, listingText, replaceQuestions, type ListingRow, type ListingView } from "./listing-store.js";
import { DEFAULT_OPTIONS, SandboxState } from "./state.js";

// Pages of listings are written by SQLite (listingJsonColumn) and single ones by listingText; both must equal listingJson.
const state = new SandboxState(DEFAULT_OPTIONS);
afterAll(() => state.close());

const VIEWS: ListingView[] = [true, false].flatMap((personalization) => [true, false].map((legacy) => ({ personalization, legacy })));

const rows = () => state.db.prepare("SELECT * FROM listings ORDER BY listing_id").all() as ListingRow[];

describe("the three ways to write a listing as JSON agree", () => {
  it("for every seeded listing, with and without includes=personalization and the legacy fields", () => {
    const all = rows();
    expect(all.length).toBeGreaterThan(250);
    for (const include of VIEWS) {
      const fromSql = statement(state.db, `SELECT ${listingJsonColumn(include)} FROM listings ORDER BY listing_id`).pluck().all() as string[];
      all.forEach((row, index) => {
        const expected = listingJson(row, include);
        expect(JSON.parse(fromSql[index] as string)).toEqual(expected);
        expect(JSON.parse(listingText(row, include))).toEqual(expected);
      });
    }
  });

  it("for text that needs escaping, empty and large values", () => {
    const [first] = rows();
    if (!first) throw new Error("no seeded listing");
    state.db
      .prepare("UPDATE listings SET title = ?, description = ?, tags = ?, featured_rank = 3, shop_section_id = NULL, price_amount = ? WHERE listing_id = ?")
      .run('Quote " backslash \\ tab \t newline \n emoji 😀 \u2028', "", JSON.stringify(["ünïcode", 'a"b', ""]), 2 ** 40, first.listing_id);
    replaceQuestions(state.db, first.listing_id, [{ question_id: 281_474_976_710_000, question_type: "text_input", question_text: "Personalization", instructions: "Ünïcode \"quoted\"", required: false, max_allowed_characters: 1024, max_allowed_files: null, options: null }], 1);
    const row = statement(state.db, "SELECT * FROM listings WHERE listing_id = ?").get(first.listing_id) as ListingRow;
    for (const view of VIEWS) {
      const fromSql = statement(state.db, `SELECT ${listingJsonColumn(view)} FROM listings WHERE listing_id = ?`).pluck().get(first.listing_id) as string;
      expect(JSON.parse(fromSql)).toEqual(listingJson(row, view));
      expect(JSON.parse(listingText(row, view))).toEqual(listingJson(row, view));
    }
  });

  it("without the legacy fields, a listing has none of their keys", () => {
    const [first] = rows();
    if (!first) throw new Error("no seeded listing");
    const keys = Object.keys(listingJson(first, { personalization: true, legacy: false }));
    expect(keys).toContain("is_personalizable");
    expect(keys.filter((key) => key.startsWith("personalization_"))).toEqual([]);
    expect(Object.keys(listingJson(first, { personalization: false, legacy: true }))).toEqual(
      expect.arrayContaining(["personalization_is_required", "personalization_char_count_max", "personalization_instructions"]),
    );
  });
});
