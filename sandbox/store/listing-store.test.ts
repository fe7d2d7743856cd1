import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb, statement } from "./db.js";
import { seed } from "./seed.js";
import {
  listingJson,
  listingJsonColumn,
  listingText,
  replaceQuestions,
  type ListingRow,
  type ListingView,
} from "./listing-store.js";
import { DEFAULT_OPTIONS, SandboxState } from "../state.js";

// Pages of listings are written by SQLite (listingJsonColumn) and single ones by listingText; both must equal listingJson.
const state = new SandboxState(DEFAULT_OPTIONS);
afterAll(() => state.close());

const VIEWS: ListingView[] = [true, false].flatMap((personalization) =>
  [true, false].map((legacy) => ({ personalization, legacy })),
);

const rows = () => state.db.prepare("SELECT * FROM listings ORDER BY listing_id").all() as ListingRow[];

describe("the three ways to write a listing as JSON agree", () => {
  it("for every seeded listing, with and without includes=personalization and the legacy fields", () => {
    const all = rows();
    expect(all.length).toBeGreaterThan(250);
    for (const include of VIEWS) {
      const fromSql = statement(state.db, `SELECT ${listingJsonColumn(include)} FROM listings ORDER BY listing_id`)
        .pluck()
        .all() as string[];
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
      .prepare(
        "UPDATE listings SET title = ?, description = ?, tags = ?, featured_rank = 3, shop_section_id = NULL, price_amount = ? WHERE listing_id = ?",
      )
      .run(
        'Quote " backslash \\ tab \t newline \n emoji 😀 \u2028',
        "",
        JSON.stringify(["ünïcode", 'a"b', ""]),
        2 ** 40,
        first.listing_id,
      );
    replaceQuestions(
      state.db,
      first.listing_id,
      [
        {
          question_id: 281_474_976_710_000,
          question_type: "text_input",
          question_text: "Personalization",
          instructions: 'Ünïcode "quoted"',
          required: false,
          max_allowed_characters: 1024,
          max_allowed_files: null,
          options: null,
          add_on_price: { amount: 250, divisor: 100, currency_code: "USD" },
        },
      ],
      1,
    );
    const row = statement(state.db, "SELECT * FROM listings WHERE listing_id = ?").get(first.listing_id) as ListingRow;
    for (const view of VIEWS) {
      const fromSql = statement(state.db, `SELECT ${listingJsonColumn(view)} FROM listings WHERE listing_id = ?`)
        .pluck()
        .get(first.listing_id) as string;
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
      expect.arrayContaining([
        "personalization_is_required",
        "personalization_char_count_max",
        "personalization_instructions",
      ]),
    );
  });
});

describe("the JSON SQLite stores for each listing", () => {
  it("is written for the listings of a database made before it existed, when that database is opened", () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-stored-json-"));
    try {
      const file = join(dir, "sandbox.db");
      const before = openDb(file);
      seed(before, { per_second: 10, per_day: 100 });
      // The database as the first migration left it: no stored JSON, no triggers.
      before.exec(
        "DROP TRIGGER listings_json_on_insert; DROP TRIGGER listings_json_on_update; ALTER TABLE listings DROP COLUMN json_fields; ALTER TABLE listings DROP COLUMN json_legacy;",
      );
      before.pragma("user_version = 1");
      before.close();

      const reopened = openDb(file);
      try {
        const all = reopened.prepare("SELECT * FROM listings ORDER BY listing_id").all() as ListingRow[];
        expect(all.length).toBeGreaterThan(250);
        const view = { personalization: true, legacy: true };
        const fromSql = reopened
          .prepare(`SELECT ${listingJsonColumn(view)} FROM listings ORDER BY listing_id`)
          .pluck()
          .all() as string[];
        all.forEach((row, index) => expect(JSON.parse(fromSql[index] as string)).toEqual(listingJson(row, view)));
      } finally {
        reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("follows a write that changes only the state or only the legacy fields", () => {
    const [first] = rows();
    if (!first) throw new Error("no seeded listing");
    state.db.prepare("UPDATE listings SET state = 'inactive' WHERE listing_id = ?").run(first.listing_id);
    state.db
      .prepare("UPDATE listings SET legacy_instructions = 'Changed behind the new API' WHERE listing_id = ?")
      .run(first.listing_id);
    const row = statement(state.db, "SELECT * FROM listings WHERE listing_id = ?").get(first.listing_id) as ListingRow;
    const view = { personalization: false, legacy: true };
    const fromSql = JSON.parse(
      statement(state.db, `SELECT ${listingJsonColumn(view)} FROM listings WHERE listing_id = ?`)
        .pluck()
        .get(first.listing_id) as string,
    );
    expect(fromSql).toMatchObject({ state: "inactive", personalization_instructions: "Changed behind the new API" });
    expect(fromSql).toEqual(listingJson(row, view));
  });
});
