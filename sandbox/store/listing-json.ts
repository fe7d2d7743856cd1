import { statement, type Db } from "./db.js";
import { getShopRow, shopJson } from "./shop-store.js";
import {
  commercialGuaranteeEnabled,
  EU_GUARANTEE_FIELDS,
  type EuGuarantee,
  type InventoryWire,
  type ListingAssociation,
  type ListingWire,
  type ShopWire,
  type StoredQuestion,
} from "../wire.js";

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
  taxonomy_id: number | null;
  is_personalizable: number;
  questions: string;
  legacy_is_required: number;
  legacy_char_count_max: number | null;
  legacy_instructions: string | null;
} & EuGuarantee;

/**
 * What one read shows: the associations asked for with `includes`, the legacy fields until their deprecation (docs/marketplace.md §9),
 * the EU guarantee fields from their date (§18), and the origin the sandbox was reached at, under which its images are
 * served (the image host in sandbox/app.ts).
 */
export type ListingView = {
  includes: readonly ListingAssociation[];
  legacy: boolean;
  guarantees?: boolean;
  origin?: string;
};

export const money = (amount: number) => ({ amount, divisor: 100, currency_code: "USD" });
const ENDING_AFTER_SECONDS = 120 * 24 * 3600;

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Every field of the OAS's ShopListing: the stored ones, and seeded values derived from the listing for the rest. */
function listingFields(row: ListingRow, view: ListingView): ListingWire {
  const listing: ListingWire = {
    listing_id: row.listing_id,
    user_id: row.user_id,
    shop_id: row.shop_id,
    title: row.title,
    description: row.description,
    rich_description: `<p>${escapeHtml(row.description)}</p>`,
    state: row.state as ListingWire["state"],
    creation_timestamp: row.created_timestamp,
    created_timestamp: row.created_timestamp,
    ending_timestamp: row.created_timestamp + ENDING_AFTER_SECONDS,
    original_creation_timestamp: row.created_timestamp,
    last_modified_timestamp: row.updated_timestamp,
    updated_timestamp: row.updated_timestamp,
    state_timestamp: row.created_timestamp,
    quantity: row.quantity,
    shop_section_id: row.shop_section_id,
    featured_rank: row.featured_rank ?? -1,
    url: `https://marketplace.example/listing/${row.listing_id}`,
    num_favorers: row.listing_id % 97,
    non_taxable: false,
    is_taxable: true,
    is_customizable: true,
    is_personalizable: row.is_personalizable === 1,
    listing_type: "physical",
    tags: JSON.parse(row.tags) as string[],
    materials: ["cotton paper", "ink"],
    shipping_profile_id: shippingProfileId(row),
    return_policy_id: row.return_policy_id,
    processing_min: 1,
    processing_max: 3,
    who_made: "i_did",
    when_made: "made_to_order",
    is_supply: false,
    item_weight: 0.2,
    item_weight_unit: "kg",
    item_length: 20,
    item_width: 15,
    item_height: 2,
    item_dimensions_unit: "cm",
    is_private: false,
    style: ["Minimalist"],
    file_data: "",
    has_variations: false,
    should_auto_renew: true,
    language: "en-US",
    price: money(row.price_amount),
    converted_price: null,
    taxonomy_id: row.taxonomy_id,
    readiness_state_id: row.shop_id * 10 + 1,
    suggested_title: null,
  };
  if (view.guarantees) {
    for (const field of EU_GUARANTEE_FIELDS) Object.assign(listing, { [field]: row[field] });
    Object.assign(listing, { ecgt_commercial_guarantee_enabled: commercialGuaranteeEnabled(row) });
  }
  if (!view.legacy) return listing;
  listing.personalization_is_required = row.legacy_is_required === 1;
  listing.personalization_char_count_max = row.legacy_char_count_max;
  listing.personalization_instructions = row.legacy_instructions;
  return listing;
}

const shippingProfileId = (row: Pick<ListingRow, "shop_id">) => row.shop_id * 10 + 2;

const PALETTE = [
  { hex: "C2185B", red: 194, green: 24, blue: 91, hue: 336, saturation: 88, brightness: 76 },
  { hex: "1976D2", red: 25, green: 118, blue: 210, hue: 210, saturation: 88, brightness: 82 },
  { hex: "388E3C", red: 56, green: 142, blue: 60, hue: 123, saturation: 61, brightness: 56 },
  { hex: "F57C00", red: 245, green: 124, blue: 0, hue: 30, saturation: 100, brightness: 96 },
  { hex: "7B1FA2", red: 123, green: 31, blue: 162, hue: 282, saturation: 81, brightness: 64 },
  { hex: "455A64", red: 69, green: 90, blue: 100, hue: 199, saturation: 31, brightness: 39 },
] as const;

function svgImage(width: number, height: number, hex: string, label: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#${hex}"/><text x="50%" y="55%" fill="#fff" font-family="sans-serif" font-size="${Math.round(height / 3)}" text-anchor="middle">${label}</text></svg>`;
}

const svgUrl = (width: number, height: number, hex: string, label: string) =>
  `data:image/svg+xml,${encodeURIComponent(svgImage(width, height, hex, label))}`;

const listingImageColor = (listingId: number, rank: number) =>
  PALETTE[(listingId + rank) % PALETTE.length] ?? PALETTE[0];

export const IMAGE_SIZES = {
  "75x75": [75, 75],
  "170x135": [170, 135],
  "570xN": [570, 456],
  fullxfull: [1140, 912],
} as const;

const imageUrl = (origin: string, imageId: number, size: keyof typeof IMAGE_SIZES) =>
  `${origin}/images/${imageId}/il_${size}.svg`;

/** One of a listing's photos, `rank` from 0, drawn at one of its sizes; null if it has no such photo. */
export function imageSvg(row: ListingRow, rank: number, size: keyof typeof IMAGE_SIZES): string | null {
  if (rank < 0 || rank >= images(row).length) return null;
  const [width, height] = IMAGE_SIZES[size];
  return svgImage(
    width,
    height,
    listingImageColor(row.listing_id, rank).hex,
    escapeHtml(row.title.slice(0, 1).toUpperCase()),
  );
}

/** The listing's two photos; a draft has none yet (the marketplace asks for one only when it is published). */
function images(row: ListingRow, origin = ""): NonNullable<ListingWire["images"]> {
  if (row.state === "draft") return [];
  return [0, 1].map((rank) => {
    const { hex, ...color } = listingImageColor(row.listing_id, rank);
    const id = row.listing_id * 10 + rank + 1;
    return {
      listing_id: row.listing_id,
      listing_image_id: id,
      hex_code: hex,
      ...color,
      is_black_and_white: false,
      creation_tsz: row.created_timestamp,
      created_timestamp: row.created_timestamp,
      rank: rank + 1,
      url_75x75: imageUrl(origin, id, "75x75"),
      url_170x135: imageUrl(origin, id, "170x135"),
      url_570xN: imageUrl(origin, id, "570xN"),
      url_fullxfull: imageUrl(origin, id, "fullxfull"),
      full_height: IMAGE_SIZES.fullxfull[1],
      full_width: IMAGE_SIZES.fullxfull[0],
      alt_text: rank === 0 ? row.title : `${row.title}, detail`,
    };
  });
}

function video(row: ListingRow) {
  return {
    video_id: row.listing_id * 10 + 9,
    height: 720,
    width: 1280,
    thumbnail_url: svgUrl(1280, 720, "263238", "&#9654;"),
    video_url: `https://marketplace.example/video/${row.listing_id}.mp4`,
    video_state: "active" as const,
  };
}

export function inventoryJson(row: ListingRow): InventoryWire {
  return {
    products: [
      {
        product_id: row.listing_id * 10,
        sku: "",
        is_deleted: false,
        offerings: [
          {
            offering_id: row.listing_id * 100,
            quantity: row.quantity,
            is_enabled: true,
            is_deleted: false,
            price: money(row.price_amount),
            readiness_state_id: row.shop_id * 10 + 1,
          },
        ],
        property_values: [],
      },
    ],
    price_on_property: [],
    quantity_on_property: [],
    sku_on_property: [],
    readiness_state_on_property: [],
  };
}

function shippingProfile(row: ListingRow, country: string): NonNullable<ListingWire["shipping_profile"]> {
  const id = shippingProfileId(row);
  return {
    shipping_profile_id: id,
    title: "Standard shipping",
    user_id: row.user_id,
    origin_country_iso: country,
    is_deleted: false,
    shipping_profile_destinations: [
      {
        shipping_profile_destination_id: id * 10 + 1,
        shipping_profile_id: id,
        origin_country_iso: country,
        destination_country_iso: "",
        destination_region: "none",
        primary_cost: money(450),
        secondary_cost: money(150),
        shipping_carrier_id: null,
        mail_class: null,
        min_delivery_days: 3,
        max_delivery_days: 10,
      },
    ],
    shipping_profile_upgrades: [],
    origin_postal_code: null,
    profile_type: "manual",
    domestic_handling_fee: 0,
    international_handling_fee: 0,
  };
}

function buyerPrice(row: ListingRow): NonNullable<ListingWire["buyer_price"]> {
  return {
    base_price: money(row.price_amount),
    shipping_cost: money(450),
    is_free_shipping: false,
    original_price: money(row.price_amount),
    discounted_price: null,
    discount_amount: null,
    discount_percentage: null,
    has_discount: false,
    discount_start_epoch: null,
    discount_end_epoch: null,
  };
}

type UserRow = { user_id: number; email: string; first_name: string };

function related(db: Db, rows: readonly ListingRow[], view: ListingView) {
  const shops = new Map<number, ShopWire>();
  const users = new Map<number, UserRow>();
  for (const row of rows) {
    if ((view.includes.includes("Shop") || view.includes.includes("Shipping")) && !shops.has(row.shop_id)) {
      const shop = getShopRow(db, row.shop_id);
      if (shop) shops.set(row.shop_id, shopJson(db, shop));
    }
    if (view.includes.includes("User") && !users.has(row.user_id)) {
      const user = statement(db, "SELECT user_id, email, first_name FROM users WHERE user_id = ?").get(row.user_id) as
        UserRow | undefined;
      if (user) users.set(row.user_id, user);
    }
  }
  return { shops, users };
}

function withAssociations(row: ListingRow, view: ListingView, found: ReturnType<typeof related>): ListingWire {
  const listing = listingFields(row, view);
  for (const name of view.includes) {
    switch (name) {
      case "Images":
        listing.images = images(row, view.origin);
        break;
      case "Shop":
        listing.shop = found.shops.get(row.shop_id);
        break;
      case "User": {
        const user = found.users.get(row.user_id);
        listing.user = user && {
          user_id: user.user_id,
          primary_email: user.email,
          first_name: user.first_name,
          last_name: "Sandbox",
          image_url_75x75: svgUrl(75, 75, "455A64", escapeHtml(user.first_name.slice(0, 1))),
        };
        break;
      }
      case "Translations":
        listing.translations = {
          "en-US": {
            listing_id: row.listing_id,
            language: "en-US",
            title: row.title,
            description: row.description,
            tags: listing.tags,
          },
        };
        break;
      case "Videos":
        listing.videos = row.listing_id % 5 === 1 ? [video(row)] : [];
        break;
      case "Inventory":
        listing.inventory = inventoryJson(row);
        break;
      case "Shipping":
        listing.shipping_profile = shippingProfile(
          row,
          found.shops.get(row.shop_id)?.shop_location_country_iso ?? "US",
        );
        break;
      case "BuyerPrice":
        listing.buyer_price = buyerPrice(row);
        break;
      case "Personalization":
        listing.personalization = { personalization_questions: JSON.parse(row.questions) as StoredQuestion[] };
        break;
    }
  }
  return listing;
}

export function listingsJson(db: Db, rows: readonly ListingRow[], view: ListingView): ListingWire[] {
  const found = related(db, rows, view);
  return rows.map((row) => withAssociations(row, view, found));
}

export function listingJson(db: Db, row: ListingRow, view: ListingView): ListingWire {
  return withAssociations(row, view, related(db, [row], view));
}
