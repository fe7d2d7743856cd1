import { Hono } from "hono";
import { jsonError, splitList, type Ctx, type SandboxEnv } from "../http.js";
import { hasScope, needsToken, optionalToken } from "./credentials.js";
import { getListingRow, listingJson, LISTING_STATES, replaceQuestions, type ListingRow } from "../listing-store.js";
import { readForm } from "./form.js";

const LEGACY_WRITE_FIELDS = ["personalization_is_required", "personalization_char_count_max", "personalization_instructions"];

function includesOf(c: Ctx) {
  const parts = splitList(c.req.query("includes")).map((part) => part.toLowerCase());
  return { personalization: parts.includes("personalization"), listing: parts.includes("listing") };
}

// Spec 4.2 names the only three reads that honour includes=personalization; every other read ignores it.
const NO_PERSONALIZATION = { personalization: false };

function integerParam(value: string | undefined) {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** decisions.md "Listing reads": limit 1..100 (25), offset 0..12000 (0). */
function paging(c: Ctx): { limit: number; offset: number } | Response {
  const rawLimit = c.req.query("limit");
  const rawOffset = c.req.query("offset");
  const limit = rawLimit === undefined ? 25 : integerParam(rawLimit);
  const offset = rawOffset === undefined ? 0 : integerParam(rawOffset);
  if (limit === undefined || limit < 1 || limit > 100) return jsonError(c, 400, "Limit must be a whole number from 1 to 100.");
  if (offset === undefined) return jsonError(c, 400, "Offset must be a whole number from 0 to 12000.");
  if (offset > 12000) return jsonError(c, 400, "Offset provided is greater than the maximum offset allowed.");
  return { limit, offset };
}

/** Non-active listings are shown only to their owner with listings_r (spec 2.6). */
function visible(c: Ctx, row: ListingRow) {
  return row.state === "active" || (c.get("bearer")?.user_id === row.user_id && hasScope(c, "listings_r"));
}

function page(c: Ctx, where: string, params: unknown[], include = NO_PERSONALIZATION, order = "listing_id") {
  const paged = paging(c);
  if (paged instanceof Response) return paged;
  const db = c.get("state").db;
  const count = (db.prepare(`SELECT COUNT(*) FROM listings WHERE ${where}`).pluck().get(...params) as number) ?? 0;
  const rows = db
    .prepare(`SELECT * FROM listings WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...params, paged.limit, paged.offset) as ListingRow[];
  return c.json({ count, results: rows.map((row) => listingJson(row, include)) });
}

function shopOr404(c: Ctx) {
  const shopId = integerParam(c.req.param("shop_id"));
  const shop = shopId === undefined ? undefined : (c.get("state").db.prepare("SELECT shop_id, user_id FROM shops WHERE shop_id = ?").get(shopId) as { shop_id: number; user_id: number } | undefined);
  return shop ?? jsonError(c, 404, `Shop ${c.req.param("shop_id")} does not exist.`);
}

function ownShopOr403(c: Ctx) {
  const shop = shopOr404(c);
  if (shop instanceof Response) return shop;
  if (shop.user_id !== c.get("bearer")?.user_id) return jsonError(c, 403, `Shop ${shop.shop_id} does not belong to the user of this token.`);
  return shop;
}

function legacyFieldIn(fields: Record<string, string>) {
  return LEGACY_WRITE_FIELDS.find((field) => field in fields);
}

function legacyRefusal(c: Ctx, field: string) {
  return jsonError(c, 400, `${field}: this legacy field was deprecated on 2026-04-09; write personalization with updateListingPersonalization (POST /v3/application/shops/{shop_id}/listings/{listing_id}/personalization).`);
}

function priceInCents(value: string | undefined) {
  const price = Number(value);
  return value !== undefined && Number.isFinite(price) && price > 0 ? Math.round(price * 100) : undefined;
}

export function listingRoutes() {
  const routes = new Hono<SandboxEnv>();

  // GET /v3/application/listings/active
  routes.get("/listings/active", optionalToken, (c) => {
    const keywords = c.req.query("keywords");
    return keywords ? page(c, "state = 'active' AND title LIKE ?", [`%${keywords}%`]) : page(c, "state = 'active'", []);
  });

  // GET /v3/application/listings/batch
  routes.get("/listings/batch", optionalToken, (c) => {
    const ids = splitList(c.req.query("listing_ids")).map(Number);
    if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id < 1)) return jsonError(c, 400, "listing_ids must be a comma-separated list of listing ids.");
    if (ids.length > 100) return jsonError(c, 400, "listing_ids accepts at most 100 ids.");
    const db = c.get("state").db;
    const rows = ids.map((id) => getListingRow(db, id)).filter((row): row is ListingRow => row !== undefined && visible(c, row));
    const include = includesOf(c);
    return c.json({ count: rows.length, results: rows.map((row) => listingJson(row, include)) });
  });

  // GET /v3/application/listings/{listing_id}
  routes.get("/listings/:listing_id{[0-9]+}", optionalToken, (c) => {
    const row = getListingRow(c.get("state").db, Number(c.req.param("listing_id")));
    if (!row || !visible(c, row)) return jsonError(c, 404, `Listing ${c.req.param("listing_id")} does not exist or is not visible to this caller.`);
    return c.json(listingJson(row, includesOf(c)));
  });

  // GET /v3/application/listings/{listing_id}/inventory
  routes.get("/listings/:listing_id{[0-9]+}/inventory", needsToken("listings_r"), (c) => {
    const row = getListingRow(c.get("state").db, Number(c.req.param("listing_id")));
    if (!row) return jsonError(c, 404, `Listing ${c.req.param("listing_id")} does not exist.`);
    if (row.user_id !== c.get("bearer")?.user_id) return jsonError(c, 403, `Listing ${row.listing_id} does not belong to the user of this token.`);
    const inventory: Record<string, unknown> = {
      products: [
        {
          product_id: row.listing_id * 10,
          sku: "",
          is_deleted: false,
          offerings: [{ offering_id: row.listing_id * 100, quantity: row.quantity, is_enabled: true, is_deleted: false, price: { amount: row.price_amount, divisor: 100, currency_code: "USD" } }],
          property_values: [],
        },
      ],
      price_on_property: [],
      quantity_on_property: [],
      sku_on_property: [],
    };
    if (includesOf(c).listing) inventory.listing = listingJson(row, NO_PERSONALIZATION);
    return c.json(inventory);
  });

  // GET /v3/application/shops/{shop_id}/listings
  routes.get("/shops/:shop_id/listings", needsToken("listings_r"), (c) => {
    const shop = shopOr404(c);
    if (shop instanceof Response) return shop;
    const state = c.req.query("state") ?? "active";
    if (!(LISTING_STATES as readonly string[]).includes(state)) return jsonError(c, 400, `state must be one of ${LISTING_STATES.join(", ")}.`);
    if (state !== "active" && shop.user_id !== c.get("bearer")?.user_id) return jsonError(c, 403, `Only the owner of shop ${shop.shop_id} can list its ${state} listings.`);
    return page(c, "shop_id = ? AND state = ?", [shop.shop_id, state], includesOf(c));
  });

  // GET /v3/application/shops/{shop_id}/listings/active
  routes.get("/shops/:shop_id/listings/active", optionalToken, (c) => {
    const shop = shopOr404(c);
    return shop instanceof Response ? shop : page(c, "shop_id = ? AND state = 'active'", [shop.shop_id]);
  });

  // GET /v3/application/shops/{shop_id}/listings/featured
  routes.get("/shops/:shop_id/listings/featured", optionalToken, (c) => {
    const shop = shopOr404(c);
    return shop instanceof Response ? shop : page(c, "shop_id = ? AND state = 'active' AND featured_rank IS NOT NULL", [shop.shop_id], NO_PERSONALIZATION, "featured_rank");
  });

  // GET /v3/application/shops/{shop_id}/shop-sections/listings
  routes.get("/shops/:shop_id/shop-sections/listings", optionalToken, (c) => {
    const shop = shopOr404(c);
    if (shop instanceof Response) return shop;
    const sections = splitList(c.req.query("shop_section_ids")).map(Number);
    if (sections.length === 0 || sections.some((id) => !Number.isInteger(id))) return jsonError(c, 400, "shop_section_ids must be a comma-separated list of section ids.");
    return page(c, `shop_id = ? AND state = 'active' AND shop_section_id IN (${sections.map(() => "?").join(",")})`, [shop.shop_id, ...sections]);
  });

  // GET /v3/application/shops/{shop_id}/receipts/{receipt_id}/listings
  routes.get("/shops/:shop_id/receipts/:receipt_id/listings", needsToken("transactions_r"), (c) => {
    const shop = ownShopOr403(c);
    if (shop instanceof Response) return shop;
    const receiptId = integerParam(c.req.param("receipt_id"));
    return page(c, "listing_id IN (SELECT listing_id FROM receipt_listings WHERE receipt_id = ? AND shop_id = ?)", [receiptId ?? -1, shop.shop_id]);
  });

  // GET /v3/application/shops/{shop_id}/policies/return/{return_policy_id}/listings
  routes.get("/shops/:shop_id/policies/return/:return_policy_id/listings", needsToken("listings_r"), (c) => {
    const shop = ownShopOr403(c);
    if (shop instanceof Response) return shop;
    return page(c, "shop_id = ? AND return_policy_id = ?", [shop.shop_id, integerParam(c.req.param("return_policy_id")) ?? -1]);
  });

  // POST /v3/application/shops/{shop_id}/listings (createDraftListing)
  routes.post("/shops/:shop_id/listings", needsToken("listings_w"), async (c) => {
    const shop = ownShopOr403(c);
    if (shop instanceof Response) return shop;
    const fields = await readForm(c);
    if (fields instanceof Response) return fields;
    const legacy = legacyFieldIn(fields);
    if (legacy) return legacyRefusal(c, legacy);
    for (const field of ["quantity", "title", "description", "price"]) {
      if (!fields[field]) return jsonError(c, 400, `${field}: is required.`);
    }
    const quantity = integerParam(fields.quantity);
    if (quantity === undefined || quantity < 1) return jsonError(c, 400, "quantity: must be a whole number of at least 1.");
    const price = priceInCents(fields.price);
    if (price === undefined) return jsonError(c, 400, "price: must be a positive number.");
    const state = c.get("state");
    const result = state.db
      .prepare(
        `INSERT INTO listings (shop_id, user_id, title, description, state, quantity, price_amount, tags, created_timestamp,
           updated_timestamp, is_personalizable, questions, legacy_is_required)
         VALUES (?, ?, ?, ?, 'draft', ?, ?, ?, ?, ?, 0, '[]', 0)`,
      )
      .run(shop.shop_id, shop.user_id, fields.title, fields.description, quantity, price, JSON.stringify(splitList(fields.tags)), state.now(), state.now());
    const row = getListingRow(state.db, Number(result.lastInsertRowid));
    return c.json(row && listingJson(row, NO_PERSONALIZATION), 201);
  });

  // PATCH /v3/application/shops/{shop_id}/listings/{listing_id} (updateListing; older clients used PUT)
  routes.on(["PATCH", "PUT"], "/shops/:shop_id/listings/:listing_id{[0-9]+}", needsToken("listings_w"), async (c) => {
    const shop = ownShopOr403(c);
    if (shop instanceof Response) return shop;
    const state = c.get("state");
    const row = getListingRow(state.db, Number(c.req.param("listing_id")));
    if (!row) return jsonError(c, 404, `Listing ${c.req.param("listing_id")} does not exist.`);
    if (row.shop_id !== shop.shop_id) return jsonError(c, 403, `Listing ${row.listing_id} does not belong to shop ${shop.shop_id}.`);
    const fields = await readForm(c);
    if (fields instanceof Response) return fields;
    const legacy = legacyFieldIn(fields);
    if (legacy) return legacyRefusal(c, legacy);
    const changes: Record<string, unknown> = {};
    if (fields.title !== undefined) changes.title = fields.title;
    if (fields.description !== undefined) changes.description = fields.description;
    if (fields.tags !== undefined) changes.tags = JSON.stringify(splitList(fields.tags));
    if (fields.quantity !== undefined) {
      const quantity = integerParam(fields.quantity);
      if (quantity === undefined) return jsonError(c, 400, "quantity: must be a whole number.");
      changes.quantity = quantity;
    }
    if (fields.price !== undefined) {
      const price = priceInCents(fields.price);
      if (price === undefined) return jsonError(c, 400, "price: must be a positive number.");
      changes.price_amount = price;
    }
    if (fields.state !== undefined) {
      if (fields.state !== "active" && fields.state !== "inactive") return jsonError(c, 400, "state: must be active or inactive.");
      changes.state = fields.state;
    }
    const personalizable = fields.is_personalizable;
    if (personalizable !== undefined && personalizable !== "true" && personalizable !== "false") return jsonError(c, 400, "is_personalizable: must be true or false.");
    if (personalizable === "true" && row.is_personalizable === 0) {
      return jsonError(c, 400, "is_personalizable: add a question with updateListingPersonalization to make a listing personalizable.");
    }
    state.db.transaction(() => {
      const columns = Object.keys(changes);
      if (columns.length > 0) {
        state.db.prepare(`UPDATE listings SET ${columns.map((column) => `${column} = @${column}`).join(", ")}, updated_timestamp = @now WHERE listing_id = @id`).run({ ...changes, now: state.now(), id: row.listing_id });
      }
      // Spec 3.1 legacy path: is_personalizable=false removes personalization.
      if (personalizable === "false") replaceQuestions(state.db, row.listing_id, [], state.now());
    })();
    const updated = getListingRow(state.db, row.listing_id);
    return c.json(updated && listingJson(updated, NO_PERSONALIZATION));
  });

  return routes;
}
