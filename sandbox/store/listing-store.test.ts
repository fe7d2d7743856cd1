import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "./db.js";
import { DEMO_SELLERS, insertListings, seed } from "./seed.js";
import {
  deleteListing,
  getListingRow,
  insertDraftListing,
  listingText,
  replaceQuestions,
  updateListingFields,
} from "./listing-store.js";
import { listingJson, listingsJson, type ListingRow } from "./listing-json.js";
import { DEFAULT_OPTIONS, SandboxState } from "../state.js";
import {
  EU_GUARANTEE_FIELDS,
  LISTING_ASSOCIATIONS,
  listingSchema,
  type ListingAssociation,
  type ListingWire,
} from "../wire.js";

const state = new SandboxState(DEFAULT_OPTIONS);
afterAll(() => state.close());

const rows = () => state.db.prepare("SELECT * FROM listings ORDER BY listing_id").all() as ListingRow[];
const ADA = { shop_id: DEMO_SELLERS.ada.shop_id, user_id: DEMO_SELLERS.ada.user_id };
const VIEW = { includes: [], legacy: false };
const ALL_ASSOCIATIONS = Object.keys(LISTING_ASSOCIATIONS) as ListingAssociation[];
const LEGACY_KEYS = ["personalization_is_required", "personalization_char_count_max", "personalization_instructions"];
const ASSOCIATION_KEYS: string[] = Object.values(LISTING_ASSOCIATIONS);
const GUARANTEE_KEYS: string[] = [...EU_GUARANTEE_FIELDS, "ecgt_commercial_guarantee_enabled"];
const LISTING_KEYS = Object.keys(listingSchema.shape).filter(
  (key) => !LEGACY_KEYS.includes(key) && !ASSOCIATION_KEYS.includes(key) && !GUARANTEE_KEYS.includes(key),
);

describe("a listing as the reads write it", () => {
  it("has every field of ShopListing, and only those without includes or the legacy fields", () => {
    const all = rows();
    expect(all.length).toBeGreaterThan(250);
    for (const listing of listingsJson(state.db, all, { includes: [], legacy: false }))
      expect(Object.keys(listing).sort()).toEqual([...LISTING_KEYS].sort());
  });

  it("has the EU guarantee fields, null until written, when the view shows them", () => {
    for (const listing of listingsJson(state.db, rows().slice(0, 20), {
      includes: [],
      legacy: false,
      guarantees: true,
    })) {
      expect(Object.keys(listing).sort()).toEqual([...LISTING_KEYS, ...GUARANTEE_KEYS].sort());
      for (const field of EU_GUARANTEE_FIELDS) expect(listing[field]).toBeNull();
    }
  });

  it("parses with its declared schema for every seeded listing, with every association and the legacy fields", () => {
    for (const listing of listingsJson(state.db, rows(), { includes: ALL_ASSOCIATIONS, legacy: true })) {
      const parsed = listingSchema.strict().safeParse(listing);
      expect(parsed.success, parsed.error?.message).toBe(true);
      expect(Object.keys(listing)).toEqual(expect.arrayContaining([...ASSOCIATION_KEYS, ...LEGACY_KEYS]));
    }
  });

  it("gives a published listing's images at URLs under the sandbox's own origin, and a draft none yet", () => {
    const published = rows().find((row) => row.state === "active");
    const draft = rows().find((row) => row.state === "draft");
    if (!published || !draft) throw new Error("no seeded active and draft listings");
    const view = { includes: ["Images"], legacy: false, origin: "http://localhost:4010" } as const;
    const { images } = listingJson(state.db, published, view);
    expect(images?.length).toBeGreaterThan(0);
    for (const image of images ?? [])
      for (const url of [image.url_75x75, image.url_170x135, image.url_570xN, image.url_fullxfull])
        expect(url).toMatch(
          new RegExp(`^http://localhost:4010/images/${image.listing_image_id}/il_[0-9a-zN]+x[0-9a-zN]+\\.svg$`),
        );
    expect(listingJson(state.db, draft, view).images).toEqual([]);
  });

  it("moves last_modified_timestamp on every change, even two in the same second", () => {
    const [first] = rows();
    if (!first) throw new Error("no seeded listing");
    const modified = () =>
      listingJson(state.db, getListingRow(state.db, first.listing_id) as ListingRow, { includes: [], legacy: false })
        .last_modified_timestamp;
    const before = modified();
    const now = state.now();
    replaceQuestions(state.db, first.listing_id, [], now);
    const once = modified();
    replaceQuestions(state.db, first.listing_id, [], now);
    expect(once).toBeGreaterThan(before);
    expect(modified()).toBeGreaterThan(once);
  });
});

describe("a kept listing answer", () => {
  const activeOfShop = (listingId: number) =>
    (JSON.parse(listingText(state.db, listingId, { includes: ["Shop"], legacy: false })) as ListingWire).shop
      ?.listing_active_count;
  const activeRows = () => rows().filter((row) => row.state === "active" && row.shop_id === ADA.shop_id);

  it("is forgotten by each listing write of the store, also where it changes only the shop's other listings", () => {
    const [shown, other] = activeRows();
    if (!shown || !other) throw new Error("Ada has fewer than two active listings");
    const count = activeOfShop(shown.listing_id) ?? Number.NaN;
    updateListingFields(state.db, other.listing_id, { state: "inactive" }, state.now());
    expect(activeOfShop(shown.listing_id)).toBe(count - 1);
    insertListings(state.db, ADA, [{ title: "Added", state: "active" }]);
    expect(activeOfShop(shown.listing_id)).toBe(count);
    deleteListing(state.db, other.listing_id);
    insertDraftListing(
      state.db,
      { ...ADA, title: "Draft", description: "", quantity: 1, price_amount: 100, tags: "[]" },
      0,
    );
    expect(activeOfShop(shown.listing_id)).toBe(count);
    replaceQuestions(state.db, shown.listing_id, [], state.now());
    expect(
      JSON.parse(listingText(state.db, shown.listing_id, { includes: ["Personalization"], legacy: false })),
    ).toMatchObject({ is_personalizable: false, personalization: { personalization_questions: [] } });
  });

  it("is not kept when read inside a transaction, which may still roll back", () => {
    const [shown] = activeRows();
    if (!shown) throw new Error("Ada has no active listing");
    const title = () => (JSON.parse(listingText(state.db, shown.listing_id, VIEW)) as ListingWire).title;
    const original = title();
    expect(() =>
      state.db.transaction(() => {
        updateListingFields(state.db, shown.listing_id, { title: "Rolled back" }, state.now());
        expect(title()).toBe("Rolled back");
        throw new Error("roll back");
      })(),
    ).toThrow("roll back");
    expect(title()).toBe(original);
  });
});

describe("a database made before reads built the listing JSON", () => {
  it("loses the triggers that stored it and gains the filter columns when opened", () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-migration-"));
    try {
      const file = join(dir, "sandbox.db");
      const before = openDb(file);
      seed(before, { per_second: 10, per_day: 100 });
      // As the second migration left it: a trigger that writes the listing's JSON, no filter columns, no orders.
      before.exec(`DROP TABLE receipt_refunds; DROP TABLE receipt_shipments; DROP VIEW receipt_listings; DROP TABLE transactions; DROP TABLE receipts;
        CREATE TABLE receipt_listings (receipt_id INTEGER NOT NULL, shop_id INTEGER NOT NULL, listing_id INTEGER NOT NULL,
          PRIMARY KEY (receipt_id, listing_id));
        ALTER TABLE listings DROP COLUMN taxonomy_id; ALTER TABLE shops DROP COLUMN location;
        ALTER TABLE shops DROP COLUMN country_iso; ALTER TABLE listings ADD COLUMN json_fields TEXT NOT NULL DEFAULT '';
        ${EU_GUARANTEE_FIELDS.map((field) => `ALTER TABLE listings DROP COLUMN ${field};`).join(" ")}
        CREATE TRIGGER listings_json_on_update AFTER UPDATE OF title ON listings
          BEGIN UPDATE listings SET json_fields = NEW.title WHERE listing_id = NEW.listing_id; END;`);
      before.pragma("user_version = 2");
      before.close();

      const reopened = openDb(file);
      try {
        expect(reopened.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all()).toEqual([]);
        const [row] = reopened.prepare("SELECT * FROM listings ORDER BY listing_id LIMIT 1").all() as ListingRow[];
        if (!row) throw new Error("no listing after the migration");
        expect(listingJson(reopened, row, { includes: ["Shop"], legacy: false })).toMatchObject({
          taxonomy_id: null,
          shop: { shop_location_country_iso: "US" },
        });
      } finally {
        reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
