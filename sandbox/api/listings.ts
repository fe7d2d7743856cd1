import { z } from "zod";
import { storedBytes } from "../space-limits.js";
import { jsonError, jsonText, splitList, type Ctx } from "../http.js";
import { notVisibleRefusal, ownedListing, ownShopOr403, shopOr404, visible } from "./access.js";
import {
  getListingRow,
  getListingVisibility,
  insertDraftListing,
  listingPageText,
  listingText,
  replaceQuestions,
  updateListingFields,
  type ListingQuery,
  type Paging,
} from "../store/listing-store.js";
import { inventoryJson, listingJson, listingsJson, type ListingRow, type ListingView } from "../store/listing-json.js";
import { guaranteesOf, LATEST_LISTING_FORMS, listingFormsAt } from "./listing-forms.js";
import { statement } from "../store/db.js";
import {
  defineRoute,
  enumListQuery,
  enumRefusal,
  enumValue,
  floatQuery,
  idParam,
  integerQuery,
  integerValue,
  limitQuery,
  refusals,
  reply,
  type BodyReader,
} from "./routes.js";
import { examples } from "./examples.js";
import {
  inventoryWithListingSchema,
  listingPageSchema,
  listingSchema,
  LISTING_READ_STATES,
  LISTING_STATES,
  type ListingAssociation,
} from "../wire.js";

/** The associations each read's `includes` takes, as the OAS lists them for it. */
const SHOP_INCLUDES = [
  "Shipping",
  "Images",
  "Shop",
  "User",
  "Translations",
  "Inventory",
  "Videos",
  "Personalization",
  "BuyerPrice",
] as const;
const LISTING_INCLUDES = ["Images", "Shop", "User", "Translations", "Videos", "Personalization", "BuyerPrice"] as const;

const includesQuery = <const V extends readonly [ListingAssociation, ...ListingAssociation[]]>(values: V) =>
  enumListQuery(values, "Associations to attach, comma-separated, case-insensitive.");

/** What a read shows: the associations asked for; the legacy fields go with the phase (docs/marketplace.md §9). */
export function viewOf(c: Ctx, includes: readonly ListingAssociation[] = []): ListingView {
  const state = c.get("state");
  const view = { includes, legacy: state.legacyFieldsShown, guarantees: state.guaranteeFieldsShown };
  return includes.includes("Images") ? { ...view, origin: new URL(c.req.url).origin + c.get("state").base } : view;
}

/** docs/marketplace.md §11: limit 1..100 (25), offset 0..12000 (0). */
const pagingQuery = {
  limit: limitQuery("Listings per page."),
  offset: integerQuery({
    name: "offset",
    max: 12000,
    default: 0,
    message: "Offset must be a whole number from 0 to 12000.",
    overMax: "Offset provided is greater than the maximum offset allowed.",
    description: "Listings to skip.",
  }),
};

const SORT_COLUMNS = {
  created: "created_timestamp",
  price: "price_amount",
  updated: "updated_timestamp",
  score: "created_timestamp",
};

/** The OAS's sort parameters; a read that is given neither keeps its own order. */
const sortQuery = {
  sort_on: enumValue(["created", "price", "updated", "score"]).optional().meta({
    description: "created (when the listing was made), price, updated or score (newest first, as the live API does).",
  }),
  sort_order: enumValue(["asc", "ascending", "desc", "descending", "up", "down"]).optional().meta({
    description:
      "Ascending (asc, ascending, up) or descending (desc, descending, down); descending when only sort_on is given.",
  }),
};

function orderOf(sort: { sort_on?: keyof typeof SORT_COLUMNS; sort_order?: string }, otherwise: string) {
  if (!sort.sort_on && !sort.sort_order) return otherwise;
  const on = sort.sort_on ?? "created";
  const direction = on !== "score" && ["asc", "ascending", "up"].includes(sort.sort_order ?? "desc") ? "ASC" : "DESC";
  return `${SORT_COLUMNS[on]} ${direction}, listing_id ${direction}`;
}

const keywordsQuery = z
  .string()
  .optional()
  .meta({ description: "Words that must all appear in the title, description or tags." });

const likeEscaped = (word: string) => word.replace(/[\\%_]/g, (character) => `\\${character}`);

function keywordFilter(keywords: string | undefined): ListingQuery {
  const words = (keywords ?? "").split(/\s+/).filter(Boolean);
  return {
    where: words.map(() => "(title || ' ' || description || ' ' || tags) LIKE ? ESCAPE '\\'").join(" AND ") || "1",
    params: words.map((word) => `%${likeEscaped(word)}%`),
  };
}

function and(...parts: ListingQuery[]): ListingQuery {
  const used = parts.filter((part) => part.where !== "1");
  return {
    where: used.map((part) => `(${part.where})`).join(" AND ") || "1",
    params: used.flatMap((part) => part.params),
  };
}

export const shopIdParam = idParam("The shop.", (raw) => `Shop ${raw} does not exist.`);

export const lenientIdParam = (description: string) =>
  z
    .string()
    .transform((raw) => (/^\d+$/.test(raw) ? Number(raw) : -1))
    .pipe(z.number().meta({ type: "integer", format: "int64" }))
    .meta({ description });

const idListQuery = (message: string, accepts: (id: number) => boolean, description: string) =>
  z
    .string({ error: message })
    .transform((value, ctx) => {
      const ids = splitList(value).map(Number);
      if (ids.length > 0 && ids.every((id) => Number.isInteger(id) && accepts(id))) return ids;
      ctx.issues.push({ code: "custom", message, input: value });
      return z.NEVER;
    })
    .pipe(z.array(z.number().meta({ type: "integer", format: "int64" })))
    .meta({ description });

function page(c: Ctx, paging: Paging | null, query: ListingQuery, view = viewOf(c)) {
  return jsonText(c, listingPageText(c.get("state").db, query, view, paging));
}

// ---- listing writes (docs/marketplace.md §10.1: form-encoded, arrays comma-separated; a JSON object is accepted too)

const formBody: BodyReader = {
  contentTypes: ["application/x-www-form-urlencoded", "multipart/form-data", "application/json"],
  async read(c) {
    const type = c.req.header("content-type") ?? "";
    try {
      if (type.startsWith("application/json")) {
        const body: unknown = await c.req.json();
        if (typeof body !== "object" || body === null || Array.isArray(body))
          return jsonError(c, 400, "Request body must be a JSON object.");
        return Object.fromEntries(
          Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? value.join(",") : String(value)]),
        );
      }
      if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
        const body = await c.req.parseBody();
        return Object.fromEntries(
          Object.entries(body).map(([key, value]) => [key, typeof value === "string" ? value : ""]),
        );
      }
    } catch {
      return jsonError(c, 400, "Request body could not be parsed.");
    }
    return jsonError(c, 415, "Content-Type must be application/x-www-form-urlencoded.");
  },
};

const pageReply = (description: string) => ({
  200: reply(description, listingPageSchema, () => examples().listingPage),
});
const listingReply = (description: string) => reply(description, listingSchema, () => examples().listing);

const updateListing = (method: "patch" | "put", operationId: string) =>
  defineRoute({
    method,
    path: "/v3/application/shops/:shop_id/listings/:listing_id{[0-9]+}",
    operationId,
    summary: method === "patch" ? "Update a listing" : "Update a listing (the PUT older clients used)",
    tags: ["ShopListing"],
    deprecated: method === "put",
    access: { token: "required", scope: "listings_w" },
    params: z.object({ shop_id: shopIdParam, listing_id: idParam("A listing in that shop.") }),
    body: { schema: LATEST_LISTING_FORMS.update, reader: formBody },
    responses: { 200: listingReply("The updated listing."), ...refusals(400, 401, 403, 404, 413, 415, 429) },
    handler: async (c, { params, body }) => {
      const row = ownedListing(c, params);
      if (row instanceof Response) return row;
      const state = c.get("state");
      const fields = await body(listingFormsAt(state).update);
      if (fields instanceof Response) return fields;
      if (fields.is_personalizable === "true" && row.is_personalizable === 0)
        return jsonError(
          c,
          400,
          "is_personalizable: add a question with updateListingPersonalization to make a listing personalizable.",
        );
      const changes = {
        title: fields.title,
        description: fields.description,
        tags: fields.tags === undefined ? undefined : JSON.stringify(splitList(fields.tags)),
        quantity: fields.quantity,
        price_amount: fields.price,
        state: fields.state,
        ...guaranteesOf(fields),
      };
      const full = state.refusal("bytes", storedBytes(changes));
      if (full) return jsonError(c, 403, full);
      state.db.transaction(() => {
        updateListingFields(state.db, row.listing_id, changes, state.now());
        // docs/marketplace.md §3.1 legacy path: is_personalizable=false removes personalization.
        if (fields.is_personalizable === "false") replaceQuestions(state.db, row.listing_id, [], state.now());
      })();
      state.webhooks.listingChanged("listing.updated", row.listing_id);
      const updated = getListingRow(state.db, row.listing_id);
      return c.json(updated && listingJson(state.db, updated, viewOf(c)));
    },
  });

export const listingRoutes = [
  defineRoute({
    method: "get",
    path: "/v3/application/listings/active",
    operationId: "findAllListingsActive",
    summary: "Active listings of every shop",
    tags: ["ShopListing"],
    access: { token: "optional" },
    description: "Newest first unless sort_on or sort_order says otherwise.",
    query: z.object({
      ...pagingQuery,
      keywords: keywordsQuery,
      ...sortQuery,
      min_price: floatQuery("min_price", "Lowest price, in the listing's currency (12.50)."),
      max_price: floatQuery("max_price", "Highest price, in the listing's currency."),
      taxonomy_id: integerValue({
        name: "taxonomy_id",
        min: 1,
        message: "taxonomy_id must be a positive whole number.",
      })
        .optional()
        .meta({ description: "Only listings in this seller taxonomy node." }),
      shop_location: z
        .string()
        .optional()
        .meta({ description: "Words of the shop's location (city, region or country) or its ISO country code." }),
    }),
    responses: { ...pageReply("A page of active listings."), ...refusals(400, 401, 403, 429) },
    handler: (c, { query }) => {
      const input = query();
      if (input instanceof Response) return input;
      const filters: ListingQuery[] = [{ where: "state = 'active'", params: [] }, keywordFilter(input.keywords)];
      if (input.min_price !== undefined)
        filters.push({ where: "price_amount >= ?", params: [Math.round(input.min_price * 100)] });
      if (input.max_price !== undefined)
        filters.push({ where: "price_amount <= ?", params: [Math.round(input.max_price * 100)] });
      if (input.taxonomy_id !== undefined) filters.push({ where: "taxonomy_id = ?", params: [input.taxonomy_id] });
      if (input.shop_location)
        filters.push({
          where:
            "shop_id IN (SELECT shop_id FROM shops WHERE location LIKE ? ESCAPE '\\' OR country_iso = ? COLLATE NOCASE)",
          params: [`%${likeEscaped(input.shop_location.trim())}%`, input.shop_location.trim()],
        });
      return page(c, input, { ...and(...filters), order: orderOf(input, "created_timestamp DESC, listing_id DESC") });
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/listings/batch",
    operationId: "getListingsByListingIds",
    summary: "Listings by id",
    tags: ["ShopListing"],
    access: { token: "optional" },
    query: z.object({
      listing_ids: idListQuery(
        "listing_ids must be a comma-separated list of listing ids.",
        (id) => id >= 1,
        "Up to 100 listing ids.",
      ).pipe(z.array(z.number()).max(100, "listing_ids accepts at most 100 ids.")),
      includes: includesQuery(LISTING_INCLUDES),
    }),
    responses: {
      ...pageReply("The listings this caller may see, in the order asked."),
      ...refusals(400, 401, 403, 429),
    },
    handler: (c, { query }) => {
      const input = query();
      if (input instanceof Response) return input;
      const db = c.get("state").db;
      const rows = input.listing_ids
        .map((id) => getListingRow(db, id))
        .filter((row): row is ListingRow => row !== undefined && visible(c, row));
      return c.json({ count: rows.length, results: listingsJson(db, rows, viewOf(c, input.includes)) });
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/listings/:listing_id{[0-9]+}",
    operationId: "getListing",
    summary: "A listing",
    tags: ["ShopListing"],
    access: { token: "optional" },
    params: z.object({ listing_id: idParam("The listing.") }),
    query: z.object({ includes: includesQuery(LISTING_INCLUDES) }),
    responses: { 200: listingReply("The listing."), ...refusals(400, 401, 403, 404, 429) },
    handler: (c, { params, query }) => {
      const db = c.get("state").db;
      const listing = getListingVisibility(db, params.listing_id);
      if (!listing || !visible(c, listing)) return notVisibleRefusal(c);
      const input = query();
      return input instanceof Response
        ? input
        : jsonText(c, listingText(db, params.listing_id, viewOf(c, input.includes)));
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/listings/:listing_id{[0-9]+}/inventory",
    operationId: "getListingInventory",
    summary: "The inventory of one of the caller's listings",
    tags: ["ShopListing Inventory"],
    access: { token: "required", scope: "listings_r" },
    params: z.object({ listing_id: idParam("The listing.") }),
    query: z.object({
      includes: enumValue(["Listing"])
        .optional()
        .meta({ description: "Listing: attach the listing (case-insensitive)." }),
    }),
    responses: {
      200: reply("One product with one offering.", inventoryWithListingSchema),
      ...refusals(400, 401, 403, 404, 429),
    },
    handler: (c, { params, query }) => {
      const db = c.get("state").db;
      const row = getListingRow(db, params.listing_id);
      if (!row) return jsonError(c, 404, `Listing ${c.req.param("listing_id")} does not exist.`);
      if (row.user_id !== c.get("bearer")?.user_id)
        return jsonError(c, 403, `Listing ${row.listing_id} does not belong to the user of this token.`);
      const input = query();
      if (input instanceof Response) return input;
      const inventory = inventoryJson(row);
      if (input.includes === "Listing") inventory.listing = listingJson(db, row, viewOf(c));
      return c.json(inventory);
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id/listings",
    operationId: "getListingsByShop",
    summary: "A shop's listings in one state",
    description: "Listings other than active ones only for the shop's owner.",
    tags: ["ShopListing"],
    access: { token: "required", scope: "listings_r" },
    params: z.object({ shop_id: shopIdParam }),
    query: z.object({
      state: enumValue(LISTING_READ_STATES)
        .default("active")
        .meta({ description: "Listings in this state; removed from 2026-09-21 (docs/marketplace.md §18)." }),
      ...pagingQuery,
      ...sortQuery,
      includes: includesQuery(SHOP_INCLUDES),
    }),
    responses: { ...pageReply("A page of the shop's listings."), ...refusals(400, 401, 403, 404, 429) },
    handler: (c, { params, query }) => {
      const shop = shopOr404(c, params.shop_id);
      if (shop instanceof Response) return shop;
      const states = c.get("state").reached("eu-guarantees") ? LISTING_READ_STATES : LISTING_STATES;
      const asked = c.req.query("state");
      if (asked !== undefined && !states.some((known) => known === asked.toLowerCase()))
        return jsonError(c, 400, enumRefusal(asked, states));
      const input = query();
      if (input instanceof Response) return input;
      if (input.state !== "active" && shop.user_id !== c.get("bearer")?.user_id)
        return jsonError(c, 403, `Only the owner of shop ${shop.shop_id} can list its ${input.state} listings.`);
      const listings = { where: "shop_id = ? AND state = ?", params: [shop.shop_id, input.state] };
      return page(c, input, { ...listings, order: orderOf(input, "listing_id") }, viewOf(c, input.includes));
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id/listings/active",
    operationId: "findAllActiveListingsByShop",
    summary: "A shop's active listings",
    tags: ["ShopListing"],
    access: { token: "optional" },
    params: z.object({ shop_id: shopIdParam }),
    query: z.object({ ...pagingQuery, ...sortQuery, keywords: keywordsQuery }),
    responses: { ...pageReply("A page of the shop's active listings."), ...refusals(400, 401, 403, 404, 429) },
    handler: (c, { params, query }) => {
      const shop = shopOr404(c, params.shop_id);
      if (shop instanceof Response) return shop;
      const input = query();
      if (input instanceof Response) return input;
      const filter = and(
        { where: "shop_id = ? AND state = 'active'", params: [shop.shop_id] },
        keywordFilter(input.keywords),
      );
      return page(c, input, { ...filter, order: orderOf(input, "listing_id") });
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id/listings/featured",
    operationId: "getFeaturedListingsByShop",
    summary: "A shop's featured listings, in their featured order",
    tags: ["ShopListing"],
    access: { token: "optional" },
    params: z.object({ shop_id: shopIdParam }),
    query: z.object(pagingQuery),
    responses: { ...pageReply("A page of the shop's featured listings."), ...refusals(400, 401, 403, 404, 429) },
    handler: (c, { params, query }) => {
      const shop = shopOr404(c, params.shop_id);
      if (shop instanceof Response) return shop;
      const input = query();
      return input instanceof Response
        ? input
        : page(c, input, {
            where: "shop_id = ? AND state = 'active' AND featured_rank IS NOT NULL",
            params: [shop.shop_id],
            order: "featured_rank",
          });
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id/shop-sections/listings",
    operationId: "getListingsByShopSectionId",
    summary: "A shop's active listings in some of its sections",
    tags: ["ShopListing"],
    access: { token: "optional" },
    params: z.object({ shop_id: shopIdParam }),
    query: z.object({
      shop_section_ids: idListQuery(
        "shop_section_ids must be a comma-separated list of section ids.",
        () => true,
        "Section ids.",
      ),
      ...pagingQuery,
      ...sortQuery,
    }),
    responses: { ...pageReply("A page of the listings in those sections."), ...refusals(400, 401, 403, 404, 429) },
    handler: (c, { params, query }) => {
      const shop = shopOr404(c, params.shop_id);
      if (shop instanceof Response) return shop;
      const input = query();
      if (input instanceof Response) return input;
      const sections = input.shop_section_ids;
      return page(c, input, {
        where: `shop_id = ? AND state = 'active' AND shop_section_id IN (${sections.map(() => "?").join(",")})`,
        params: [shop.shop_id, ...sections],
        order: orderOf(input, "listing_id"),
      });
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id/receipts/:receipt_id/listings",
    operationId: "getListingsByShopReceipt",
    summary: "The listings bought in one of the caller's receipts",
    tags: ["ShopListing"],
    access: { token: "required", scope: "transactions_r" },
    params: z.object({ shop_id: shopIdParam, receipt_id: lenientIdParam("The receipt.") }),
    query: z.object(pagingQuery),
    responses: { ...pageReply("A page of the receipt's listings."), ...refusals(400, 401, 403, 404, 429) },
    handler: (c, { params, query }) => {
      const shop = ownShopOr403(c, params.shop_id);
      if (shop instanceof Response) return shop;
      const receipt = statement(
        c.get("state").db,
        "SELECT 1 FROM receipt_listings WHERE receipt_id = ? AND shop_id = ?",
      )
        .pluck()
        .get(params.receipt_id, shop.shop_id);
      if (!receipt)
        return jsonError(c, 404, `Receipt ${c.req.param("receipt_id")} does not exist in shop ${shop.shop_id}.`);
      const input = query();
      return input instanceof Response
        ? input
        : page(c, input, {
            where: "listing_id IN (SELECT listing_id FROM receipt_listings WHERE receipt_id = ? AND shop_id = ?)",
            params: [params.receipt_id, shop.shop_id],
          });
    },
  }),

  defineRoute({
    method: "get",
    path: "/v3/application/shops/:shop_id/policies/return/:return_policy_id/listings",
    operationId: "getListingsByShopReturnPolicy",
    summary: "The caller's listings under one return policy",
    tags: ["ShopListing"],
    access: { token: "required", scope: "listings_r" },
    params: z.object({ shop_id: shopIdParam, return_policy_id: lenientIdParam("The return policy.") }),
    description: "Every such listing at once: the live API pages none of them.",
    responses: { ...pageReply("The listings under that policy."), ...refusals(401, 403, 404, 429) },
    handler: (c, { params }) => {
      const shop = ownShopOr403(c, params.shop_id);
      if (shop instanceof Response) return shop;
      return page(c, null, {
        where: "shop_id = ? AND return_policy_id = ?",
        params: [shop.shop_id, params.return_policy_id],
      });
    },
  }),

  defineRoute({
    method: "post",
    path: "/v3/application/shops/:shop_id/listings",
    operationId: "createDraftListing",
    summary: "Create a draft listing",
    tags: ["ShopListing"],
    access: { token: "required", scope: "listings_w" },
    params: z.object({ shop_id: shopIdParam }),
    body: { schema: LATEST_LISTING_FORMS.draft, reader: formBody },
    responses: { 201: listingReply("The new draft listing."), ...refusals(400, 401, 403, 404, 413, 415, 429) },
    handler: async (c, { params, body }) => {
      const shop = ownShopOr403(c, params.shop_id);
      if (shop instanceof Response) return shop;
      const state = c.get("state");
      const fields = await body(listingFormsAt(state).draft);
      if (fields instanceof Response) return fields;
      const draft = {
        shop_id: shop.shop_id,
        user_id: shop.user_id,
        title: fields.title,
        description: fields.description,
        quantity: fields.quantity,
        price_amount: fields.price,
        tags: JSON.stringify(splitList(fields.tags)),
        ...guaranteesOf(fields),
      };
      const full = state.refusal("listings") ?? state.refusal("bytes", storedBytes(draft));
      if (full) return jsonError(c, 403, full);
      const listingId = insertDraftListing(state.db, draft, state.now());
      state.webhooks.listingChanged("listing.created", listingId);
      const row = getListingRow(state.db, listingId);
      return c.json(row && listingJson(state.db, row, viewOf(c)), 201);
    },
  }),

  updateListing("patch", "updateListing"),
  updateListing("put", "updateListingWithPut"),
];
