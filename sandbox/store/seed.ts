import type { Db } from "./db.js";
import { forgetAnswers } from "./listing-cache.js";
import { hashPassword } from "../crypto.js";
import { seedOrders } from "./seed-orders.js";

export const DEMO_APP = {
  name: "Personalization Dashboard (demo)",
  keystring: "sbxdemo4keystring7x2q9m1",
  shared_secret: "sbxdemo8secret3k5v",
  redirect_uris: ["http://localhost:3000/api/auth/callback/marketplace"],
} as const;

export const DEMO_SELLERS = {
  ada: {
    user_id: 50001,
    shop_id: 70001,
    email: "ada@example.com",
    password: "ada-sandbox-1",
    shop_name: "AdaPrintsStudio",
  },
  bo: { user_id: 50002, shop_id: 70002, email: "bo@example.com", password: "bo-sandbox-2", shop_name: "BulkBazaar" },
  cy: { user_id: 50003, shop_id: null, email: "cy@example.com", password: "cy-sandbox-3", shop_name: null },
  dee: {
    user_id: 50004,
    shop_id: 70004,
    email: "dee@example.com",
    password: "dee-sandbox-4",
    shop_name: "EdgeCaseEmporium",
  },
} as const;

export const SEED_TIME = 1_790_000_000;

export type SeedQuestion = {
  instructions: string | null;
  required: boolean;
  max_allowed_characters: number;
  add_on_price?: number;
};

const ADD_ON_PRICES: Readonly<Record<number, number>> = { 1_000_000_004: 250, 1_000_000_010: 500, 4_000_000_003: 300 };

type SeedListing = {
  title: string;
  state: string;
  question?: SeedQuestion;
  /** Personalizable without a question (a listing the seller switched on and never asked anything). */
  personalizable?: boolean;
  legacy?: { is_required: boolean; char_count_max: number | null; instructions: string | null };
  featured_rank?: number;
  shop_section_id?: number;
  return_policy_id?: number;
  taxonomy_id?: number;
};

const STATES_OF_ADA = [
  ...Array(15).fill("active"),
  ...Array(5).fill("inactive"),
  ...Array(4).fill("draft"),
  ...Array(3).fill("expired"),
  ...Array(3).fill("sold_out"),
] as string[];

export const TAXONOMY_IDS = { jewelry: 1208, prints: 2078, bags: 133, signs: 1027, other: 6827 } as const;
const { jewelry, prints, bags, signs } = TAXONOMY_IDS;
const ADA_TAXONOMIES = [jewelry, prints, prints, bags, jewelry, signs];

const ADA_ITEMS = [
  "Name necklace",
  "Birth flower print",
  "Custom pet portrait",
  "Monogram tote bag",
  "Engraved keyring",
  "Wedding sign",
];

function adaListings(): SeedListing[] {
  return STATES_OF_ADA.map((state, index) => {
    const listing: SeedListing = {
      title: `${ADA_ITEMS[index % ADA_ITEMS.length]} no. ${index + 1}`,
      state,
      shop_section_id: 80001 + (index % 3),
      return_policy_id: 90001,
      featured_rank: index < 3 ? index + 1 : undefined,
      taxonomy_id: ADA_TAXONOMIES[index % ADA_TAXONOMIES.length],
    };
    if (index % 3 === 0) {
      listing.question = {
        instructions:
          index % 2 === 0 ? "Enter the name to engrave, up to 12 letters." : "Tell us the date and initials you want.",
        required: index % 2 === 0,
        max_allowed_characters: index % 2 === 0 ? 12 : 60,
      };
    }
    if (index === 7) {
      listing.question = {
        instructions: "Which colour should the thread be?",
        required: false,
        max_allowed_characters: 30,
      };
      listing.legacy = { is_required: true, char_count_max: 100, instructions: "Which colour?" };
    }
    return listing;
  });
}

/**
 * What the shop health check finds in BulkBazaar, by index among its listings, all of them inactive, draft or expired
 * (the active ones stay as simple as before). The add-on prices are seeded only in the periods that have them.
 */
export const BO_HEALTH_PROBLEMS = {
  "too-long": [241, 242],
  "all-caps": [243, 245, 246],
  "required-without-instructions": [247, 249],
  "add-on-price": [250, 251],
  "no-question": [253, 254],
  refused: [255, 257],
} as const;

const boProblem = (index: number, addOnPrices: boolean): Partial<SeedListing> | undefined => {
  const is = (kind: keyof typeof BO_HEALTH_PROBLEMS) => (BO_HEALTH_PROBLEMS[kind] as readonly number[]).includes(index);
  const question = (fields: Partial<SeedQuestion>) => ({
    question: { instructions: "Initials to stitch", required: false, max_allowed_characters: 3, ...fields },
  });
  if (is("too-long"))
    return question({
      instructions: `Tell us the names to stitch, ${"and the colour of each one, ".repeat(10)}please.`,
    });
  if (is("all-caps")) return question({ instructions: "TYPE YOUR INITIALS below, three letters at most." });
  if (is("required-without-instructions")) return question({ instructions: null, required: true });
  if (is("add-on-price")) return question({ required: true, ...(addOnPrices && { add_on_price: 400 }) });
  if (is("no-question")) return { personalizable: true };
  if (is("refused")) return question({ instructions: "- initials, three letters at most" });
  return undefined;
};

function boListings(addOnPrices = false): SeedListing[] {
  return Array.from({ length: 260 }, (_, index) => ({
    title: `Bulk item ${String(index + 1).padStart(3, "0")}`,
    state: index < 240 ? "active" : index < 250 ? "inactive" : index < 255 ? "draft" : "expired",
    question:
      index % 4 === 0
        ? { instructions: `Initials for item ${index + 1}`, required: false, max_allowed_characters: 3 }
        : undefined,
    return_policy_id: 90002,
    ...boProblem(index, addOnPrices),
  }));
}

function deeListings(): SeedListing[] {
  const longest = `A${"b".repeat(254)}.`;
  return [
    {
      title: "Instructions at the 256-character limit",
      state: "active",
      question: { instructions: longest, required: true, max_allowed_characters: 1024 },
    },
    {
      title: "Answer limit of one character",
      state: "active",
      question: { instructions: "One letter for the charm.", required: true, max_allowed_characters: 1 },
    },
    {
      title: "Answer limit of 1024 characters",
      state: "active",
      question: {
        instructions: "Write your letter to be printed inside.",
        required: false,
        max_allowed_characters: 1024,
      },
    },
    {
      title: "Two capital words, still allowed",
      state: "active",
      question: { instructions: "PLEASE NOTE the date format DD/MM.", required: false, max_allowed_characters: 10 },
    },
    { title: "No personalization", state: "active" },
    {
      title: "Legacy fields disagree",
      state: "active",
      question: { instructions: "Name for the tag", required: false, max_allowed_characters: 20 },
      legacy: { is_required: true, char_count_max: 40, instructions: "Name" },
    },
    {
      title: "Draft with a question",
      state: "draft",
      question: { instructions: "9 digits of your choice", required: true, max_allowed_characters: 9 },
    },
  ];
}

export function insertUser(
  db: Db,
  user: { user_id?: number; email: string; password: string; first_name: string },
): number {
  const result = db
    .prepare("INSERT INTO users (user_id, email, password_hash, password_hint, first_name) VALUES (?, ?, ?, ?, ?)")
    .run(user.user_id ?? null, user.email, hashPassword(user.password), user.password, user.first_name);
  return Number(result.lastInsertRowid);
}

const SHOP_LOCATIONS: Record<number, { location: string; country_iso: string }> = {
  70001: { location: "Lisbon, Portugal", country_iso: "PT" },
  70002: { location: "Leeds, United Kingdom", country_iso: "GB" },
  70004: { location: "Austin, Texas", country_iso: "US" },
};

export function insertShop(db: Db, shop: { shop_id?: number; user_id: number; shop_name: string }): number {
  const place = shop.shop_id === undefined ? undefined : SHOP_LOCATIONS[shop.shop_id];
  const result = db
    .prepare(
      "INSERT INTO shops (shop_id, user_id, shop_name, title, currency_code, created_timestamp, location, country_iso) VALUES (?, ?, ?, ?, 'USD', ?, ?, ?)",
    )
    .run(
      shop.shop_id ?? null,
      shop.user_id,
      shop.shop_name,
      `${shop.shop_name}: handmade to order`,
      SEED_TIME,
      place?.location ?? "Portland, Oregon",
      place?.country_iso ?? "US",
    );
  return Number(result.lastInsertRowid);
}

export function questionRecord(question: SeedQuestion, questionId: number) {
  return {
    question_id: questionId,
    question_type: "text_input",
    question_text: "Personalization",
    instructions: question.instructions,
    required: question.required,
    max_allowed_characters: question.max_allowed_characters,
    max_allowed_files: null,
    options: null,
    add_on_price:
      question.add_on_price === undefined
        ? null
        : { amount: question.add_on_price, divisor: 100, currency_code: "USD" },
  };
}

export function insertListings(
  db: Db,
  shop: { shop_id: number; user_id: number },
  listings: SeedListing[],
  firstId?: number,
): number[] {
  const insert =
    db.prepare(`INSERT INTO listings (listing_id, shop_id, user_id, title, description, state, quantity, price_amount, tags,
      created_timestamp, updated_timestamp, featured_rank, shop_section_id, return_policy_id, taxonomy_id, is_personalizable,
      questions, legacy_is_required, legacy_char_count_max, legacy_instructions)
    VALUES (@listing_id, @shop_id, @user_id, @title, @description, @state, @quantity, @price_amount, @tags,
      @created, @created, @featured_rank, @shop_section_id, @return_policy_id, @taxonomy_id, @is_personalizable, @questions,
      @legacy_is_required, @legacy_char_count_max, @legacy_instructions)`);
  const ids = listings.map((listing, index) => {
    const listingId = firstId === undefined ? null : firstId + index;
    const question = listing.question;
    const legacy = listing.legacy ?? {
      is_required: question?.required ?? false,
      char_count_max: question?.max_allowed_characters ?? null,
      instructions: question?.instructions ?? null,
    };
    const result = insert.run({
      listing_id: listingId,
      shop_id: shop.shop_id,
      user_id: shop.user_id,
      title: listing.title,
      description: `${listing.title}, made to order in our studio.`,
      state: listing.state,
      quantity: listing.state === "sold_out" ? 0 : 5 + (index % 7),
      price_amount: 1500 + index * 25,
      tags: JSON.stringify(["handmade", "gift"]),
      created: SEED_TIME - (listings.length - index) * 3600,
      featured_rank: listing.featured_rank ?? null,
      shop_section_id: listing.shop_section_id ?? null,
      return_policy_id: listing.return_policy_id ?? null,
      taxonomy_id: listing.taxonomy_id ?? TAXONOMY_IDS.other,
      is_personalizable: question || listing.personalizable ? 1 : 0,
      questions: JSON.stringify(
        question ? [questionRecord(question, (listingId ?? shop.shop_id * 1000 + index) * 10 + 1)] : [],
      ),
      legacy_is_required: legacy.is_required ? 1 : 0,
      legacy_char_count_max: legacy.char_count_max,
      legacy_instructions: legacy.instructions,
    });
    return Number(result.lastInsertRowid);
  });
  forgetAnswers(db);
  return ids;
}

export function seed(
  db: Db,
  rate: { per_second: number; per_day: number },
  options: { addOnPrices?: boolean; now?: number } = {},
) {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO apps (app_id, name, keystring, shared_secret, redirect_uris, per_second, per_day)
       VALUES (1, @name, @keystring, @shared_secret, @redirect_uris, @per_second, @per_day)`,
    ).run({ ...DEMO_APP, redirect_uris: JSON.stringify(DEMO_APP.redirect_uris), ...rate });
    const { ada, bo, cy, dee } = DEMO_SELLERS;
    for (const [seller, firstName] of [
      [ada, "Ada"],
      [bo, "Bo"],
      [cy, "Cy"],
      [dee, "Dee"],
    ] as const) {
      insertUser(db, {
        user_id: seller.user_id,
        email: seller.email,
        password: seller.password,
        first_name: firstName,
      });
      if (seller.shop_id !== null)
        insertShop(db, { shop_id: seller.shop_id, user_id: seller.user_id, shop_name: seller.shop_name });
    }
    const priced = (listings: SeedListing[], firstId: number) =>
      options.addOnPrices
        ? listings.map((listing, index) => {
            const price = ADD_ON_PRICES[firstId + index];
            return price && listing.question
              ? { ...listing, question: { ...listing.question, add_on_price: price } }
              : listing;
          })
        : listings;
    insertListings(db, ada, priced(adaListings(), 1_000_000_001), 1_000_000_001);
    insertListings(db, bo, boListings(options.addOnPrices), 2_000_000_001);
    insertListings(db, dee, priced(deeListings(), 4_000_000_001), 4_000_000_001);
    seedOrders(db, { ada: ada.shop_id, ada_user: ada.user_id }, options.now ?? SEED_TIME);
  })();
}
