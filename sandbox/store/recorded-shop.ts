import { readHar, type HarEntry } from "../requests/har-file.js";
import { EU_GUARANTEE_FIELDS } from "../wire.js";
import { statement, type Db } from "./db.js";
import { forgetAnswers } from "./listing-cache.js";
import { insertOrder } from "./receipt-store.js";
import { foundIn, type Found } from "./recorded-answers.js";
import { insertShop, insertUser } from "./seed.js";

// npm run sandbox -- --from <file.har> (docs/sandbox.md, "Recording a real shop, and replaying it offline"): what
// a recording's answers show (recorded-answers.ts) becomes the sandbox's starting state, replacing the seed's listings
// and orders of each shop it shows them for, so that writes change recorded data.

export type Loaded = { shops: number; listings: number; questioned: number; receipts: number; calls: number };

const cents = (price: { amount: number; divisor: number }) => Math.round((price.amount * 100) / (price.divisor || 1));

function refusalFor(db: Db, found: Found): string | undefined {
  for (const shop of found.shops.values()) {
    const owner = statement(db, "SELECT user_id FROM shops WHERE shop_id = ?").pluck().get(shop.shop_id) as
      number | undefined;
    if (owner !== undefined && owner !== shop.user_id)
      return `shop ${shop.shop_id} is user ${owner}'s in the sandbox's seed but user ${shop.user_id}'s in the recording: start the sandbox with a fresh --db.`;
    const other = statement(db, "SELECT shop_id FROM shops WHERE user_id = ? AND shop_id <> ?")
      .pluck()
      .get(shop.user_id, shop.shop_id) as number | undefined;
    if (other !== undefined)
      return `user ${shop.user_id} already has shop ${other} in the sandbox: start it with a fresh --db.`;
  }
  for (const listing of found.listings.values()) {
    const owner = statement(db, "SELECT shop_id FROM listings WHERE listing_id = ?").pluck().get(listing.listing_id) as
      number | undefined;
    if (owner !== undefined && !found.shops.has(owner))
      return `listing ${listing.listing_id} is shop ${owner}'s in the sandbox but shop ${listing.shop_id}'s in the recording: start the sandbox with a fresh --db.`;
  }
  for (const receipt of found.receipts.values()) {
    const owner = statement(db, "SELECT shop_id FROM receipts WHERE receipt_id = ?").pluck().get(receipt.receipt_id) as
      number | undefined;
    if (owner !== undefined && !found.shops.has(owner))
      return `receipt ${receipt.receipt_id} is shop ${owner}'s in the sandbox but shop ${receipt.shop_id}'s in the recording: start the sandbox with a fresh --db.`;
  }
  return undefined;
}

function store(db: Db, found: Found) {
  const shops = [...found.shops.values()];
  for (const shop of shops) {
    if (!statement(db, "SELECT 1 FROM users WHERE user_id = ?").get(shop.user_id))
      insertUser(db, {
        user_id: shop.user_id,
        email: `seller-${shop.user_id}@recorded.sandbox`,
        password: `recorded-${shop.user_id}`,
        first_name: "Recorded",
      });
    if (!statement(db, "SELECT 1 FROM shops WHERE shop_id = ?").get(shop.shop_id))
      insertShop(db, {
        shop_id: shop.shop_id,
        user_id: shop.user_id,
        shop_name: shop.shop_name ?? `Shop${shop.shop_id}`,
      });
    else if (shop.shop_name)
      statement(db, "UPDATE shops SET shop_name = ?, title = ? WHERE shop_id = ?").run(
        shop.shop_name,
        `${shop.shop_name}: handmade to order`,
        shop.shop_id,
      );
    // What the recording shows of a shop replaces the seed's: its listings if it holds any, its receipts likewise.
    if (found.receiptShops.has(shop.shop_id)) {
      const receipts = "(SELECT receipt_id FROM receipts WHERE shop_id = ?)";
      statement(db, `DELETE FROM receipt_shipments WHERE receipt_id IN ${receipts}`).run(shop.shop_id);
      statement(db, `DELETE FROM receipt_refunds WHERE receipt_id IN ${receipts}`).run(shop.shop_id);
      statement(db, "DELETE FROM transactions WHERE shop_id = ?").run(shop.shop_id);
      statement(db, "DELETE FROM receipts WHERE shop_id = ?").run(shop.shop_id);
    }
    if (found.listingShops.has(shop.shop_id)) statement(db, "DELETE FROM listings WHERE shop_id = ?").run(shop.shop_id);
  }
  for (const listing of found.listings.values())
    statement(db, "DELETE FROM listings WHERE listing_id = ?").run(listing.listing_id);
  for (const receipt of found.receipts.values()) {
    statement(db, "DELETE FROM receipt_shipments WHERE receipt_id = ?").run(receipt.receipt_id);
    statement(db, "DELETE FROM receipt_refunds WHERE receipt_id = ?").run(receipt.receipt_id);
    statement(db, "DELETE FROM transactions WHERE receipt_id = ?").run(receipt.receipt_id);
    statement(db, "DELETE FROM receipts WHERE receipt_id = ?").run(receipt.receipt_id);
  }
  const insert = db.prepare(`INSERT INTO listings (listing_id, shop_id, user_id, title, description, state, quantity,
      price_amount, tags, created_timestamp, updated_timestamp, featured_rank, shop_section_id, return_policy_id, taxonomy_id,
      is_personalizable, questions, legacy_is_required, legacy_char_count_max, legacy_instructions, ${EU_GUARANTEE_FIELDS.join(", ")})
    VALUES (@listing_id, @shop_id, @user_id, @title, @description, @state, @quantity, @price_amount, @tags, @created_timestamp,
      @updated_timestamp, @featured_rank, @shop_section_id, @return_policy_id, @taxonomy_id, @is_personalizable, @questions,
      @legacy_is_required, @legacy_char_count_max, @legacy_instructions, ${EU_GUARANTEE_FIELDS.map((field) => `@${field}`).join(", ")})`);
  for (const listing of found.listings.values()) {
    const questions = listing.personalization?.personalization_questions ?? [];
    const [first] = questions;
    insert.run({
      ...Object.fromEntries(EU_GUARANTEE_FIELDS.map((field) => [field, listing[field] ?? null])),
      listing_id: listing.listing_id,
      shop_id: listing.shop_id,
      user_id: listing.user_id,
      title: listing.title,
      description: listing.description,
      quantity: listing.quantity,
      created_timestamp: listing.created_timestamp,
      updated_timestamp: listing.updated_timestamp,
      featured_rank: listing.featured_rank,
      shop_section_id: listing.shop_section_id,
      return_policy_id: listing.return_policy_id,
      taxonomy_id: listing.taxonomy_id,
      // A removed listing is stored as the inactive one it was; the read state follows the phase (marketplace.md §18).
      state: listing.state === "removed" ? "inactive" : listing.state,
      price_amount: cents(listing.price),
      tags: JSON.stringify(listing.tags),
      is_personalizable: listing.is_personalizable || questions.length > 0 ? 1 : 0,
      questions: JSON.stringify(questions),
      legacy_is_required: (listing.personalization_is_required ?? first?.required ?? false) ? 1 : 0,
      legacy_char_count_max: listing.personalization_char_count_max ?? first?.max_allowed_characters ?? null,
      legacy_instructions: listing.personalization_instructions ?? first?.instructions ?? null,
    });
  }
  for (const receipt of found.receipts.values())
    insertOrder(
      db,
      {
        shop_id: receipt.shop_id,
        seller_user_id: receipt.seller_user_id,
        buyer_user_id: receipt.buyer_user_id,
        buyer_name: receipt.name,
        buyer_email: receipt.buyer_email ?? "",
        message_from_buyer: receipt.message_from_buyer,
        paid: receipt.is_paid,
        created: receipt.created_timestamp,
        shipped: receipt.is_shipped ? receipt.updated_timestamp : null,
        items: receipt.transactions.map((item) => ({
          listing_id: item.listing_id,
          title: item.title ?? "",
          quantity: item.quantity,
          price_amount: cents(item.price),
          variations: item.variations,
        })),
      },
      receipt.receipt_id,
    );
  forgetAnswers(db);
}

export type Recording = { file: string; found: Found; calls: number };

/** What a HAR's answers show, or the sentence saying why they cannot be loaded. */
export function recordingOf(file: string, entries: HarEntry[]): Recording | string {
  const found = foundIn(file, entries);
  return typeof found === "string" ? found : { file, found, calls: entries.length };
}

/** The recording's shops as the state's starting data, or the sentence saying why it cannot be. */
export function applyRecording(db: Db, { file, found, calls }: Recording): Loaded | string {
  const refused = refusalFor(db, found);
  if (refused) return `${file}: ${refused}`;
  db.transaction(() => store(db, found))();
  return {
    shops: found.shops.size,
    listings: found.listings.size,
    questioned: [...found.listings.values()].filter(
      (listing) => listing.personalization?.personalization_questions.length,
    ).length,
    receipts: found.receipts.size,
    calls,
  };
}

/** npm run sandbox -- --from: the file read within its bounds, then loaded. */
export async function loadRecording(db: Db, file: string): Promise<Loaded | string> {
  const entries = await readHar(file, "--from");
  if (typeof entries === "string") return entries;
  const recording = recordingOf(file, entries);
  return typeof recording === "string" ? recording : applyRecording(db, recording);
}
