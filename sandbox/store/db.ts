import Database from "better-sqlite3";

export type Db = Database.Database;

export type AppRow = {
  app_id: number;
  name: string;
  keystring: string;
  shared_secret: string;
  redirect_uris: string;
  per_second: number;
  per_day: number;
};

const MIGRATIONS = [
  `CREATE TABLE apps (
     app_id INTEGER PRIMARY KEY,
     name TEXT NOT NULL,
     keystring TEXT NOT NULL UNIQUE,
     shared_secret TEXT NOT NULL,
     redirect_uris TEXT NOT NULL,
     per_second INTEGER NOT NULL,
     per_day INTEGER NOT NULL
   );
   CREATE TABLE users (
     user_id INTEGER PRIMARY KEY,
     email TEXT NOT NULL UNIQUE,
     password_hash TEXT NOT NULL,
     password_hint TEXT NOT NULL,
     first_name TEXT NOT NULL
   );
   CREATE TABLE shops (
     shop_id INTEGER PRIMARY KEY,
     user_id INTEGER NOT NULL UNIQUE REFERENCES users(user_id),
     shop_name TEXT NOT NULL,
     title TEXT NOT NULL,
     currency_code TEXT NOT NULL,
     created_timestamp INTEGER NOT NULL
   );
   CREATE TABLE listings (
     listing_id INTEGER PRIMARY KEY,
     shop_id INTEGER NOT NULL REFERENCES shops(shop_id),
     user_id INTEGER NOT NULL,
     title TEXT NOT NULL,
     description TEXT NOT NULL,
     state TEXT NOT NULL,
     quantity INTEGER NOT NULL,
     price_amount INTEGER NOT NULL,
     tags TEXT NOT NULL,
     created_timestamp INTEGER NOT NULL,
     updated_timestamp INTEGER NOT NULL,
     featured_rank INTEGER,
     shop_section_id INTEGER,
     return_policy_id INTEGER,
     is_personalizable INTEGER NOT NULL,
     questions TEXT NOT NULL,
     legacy_is_required INTEGER NOT NULL,
     legacy_char_count_max INTEGER,
     legacy_instructions TEXT
   );
   CREATE INDEX listings_by_shop ON listings(shop_id, state, listing_id);
   CREATE TABLE receipt_listings (
     receipt_id INTEGER NOT NULL,
     shop_id INTEGER NOT NULL,
     listing_id INTEGER NOT NULL,
     PRIMARY KEY (receipt_id, listing_id)
   );
   CREATE TABLE interactions (
     interaction_id TEXT PRIMARY KEY,
     app_id INTEGER NOT NULL,
     redirect_uri TEXT NOT NULL,
     scopes TEXT NOT NULL,
     state TEXT,
     code_challenge TEXT NOT NULL,
     csrf_token TEXT NOT NULL,
     user_id INTEGER,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE codes (
     code_hash TEXT PRIMARY KEY,
     app_id INTEGER NOT NULL,
     user_id INTEGER NOT NULL,
     scopes TEXT NOT NULL,
     redirect_uri TEXT NOT NULL,
     code_challenge TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     used_at INTEGER
   );
   CREATE TABLE tokens (
     token_hash TEXT PRIMARY KEY,
     kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
     app_id INTEGER NOT NULL,
     user_id INTEGER NOT NULL,
     scopes TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     revoked INTEGER NOT NULL DEFAULT 0,
     code_hash TEXT
   );
   CREATE INDEX tokens_by_user ON tokens(user_id, app_id);
   CREATE TABLE legacy_tokens (
     token_hash TEXT PRIMARY KEY,
     app_id INTEGER NOT NULL,
     user_id INTEGER NOT NULL,
     scopes TEXT NOT NULL
   );
   CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  "SELECT 1",
  `DROP TRIGGER IF EXISTS listings_json_on_insert;
   DROP TRIGGER IF EXISTS listings_json_on_update;
   ALTER TABLE listings ADD COLUMN taxonomy_id INTEGER;
   ALTER TABLE shops ADD COLUMN location TEXT NOT NULL DEFAULT 'Portland, Oregon';
   ALTER TABLE shops ADD COLUMN country_iso TEXT NOT NULL DEFAULT 'US';`,
  `CREATE TABLE receipts (
     receipt_id INTEGER PRIMARY KEY,
     shop_id INTEGER NOT NULL REFERENCES shops(shop_id),
     seller_user_id INTEGER NOT NULL,
     buyer_user_id INTEGER NOT NULL,
     buyer_name TEXT NOT NULL,
     buyer_email TEXT NOT NULL,
     message_from_buyer TEXT,
     is_paid INTEGER NOT NULL DEFAULT 1,
     created_timestamp INTEGER NOT NULL,
     updated_timestamp INTEGER NOT NULL,
     shipped_timestamp INTEGER
   );
   CREATE INDEX receipts_by_shop ON receipts(shop_id, created_timestamp);
   CREATE TABLE transactions (
     transaction_id INTEGER PRIMARY KEY,
     receipt_id INTEGER NOT NULL REFERENCES receipts(receipt_id),
     shop_id INTEGER NOT NULL,
     listing_id INTEGER NOT NULL,
     title TEXT NOT NULL,
     quantity INTEGER NOT NULL,
     price_amount INTEGER NOT NULL,
     variations TEXT NOT NULL
   );
   CREATE INDEX transactions_by_receipt ON transactions(receipt_id);
   CREATE INDEX transactions_by_shop ON transactions(shop_id, transaction_id);
   INSERT INTO receipts (receipt_id, shop_id, seller_user_id, buyer_user_id, buyer_name, buyer_email, created_timestamp, updated_timestamp)
     SELECT DISTINCT r.receipt_id, r.shop_id, s.user_id, 1, 'A buyer', 'buyer@example.com', s.created_timestamp, s.created_timestamp
     FROM receipt_listings r JOIN shops s ON s.shop_id = r.shop_id;
   INSERT INTO transactions (receipt_id, shop_id, listing_id, title, quantity, price_amount, variations)
     SELECT r.receipt_id, r.shop_id, r.listing_id, l.title, 1, l.price_amount, '[]'
     FROM receipt_listings r JOIN listings l ON l.listing_id = r.listing_id;
   DROP TABLE receipt_listings;
   CREATE VIEW receipt_listings AS SELECT DISTINCT receipt_id, shop_id, listing_id FROM transactions;`,
  `ALTER TABLE listings ADD COLUMN ecgt_garan_brand TEXT;
   ALTER TABLE listings ADD COLUMN ecgt_garan_model TEXT;
   ALTER TABLE listings ADD COLUMN ecgt_garan_years INTEGER;
   ALTER TABLE listings ADD COLUMN ecgt_garan_guarantee_details TEXT;
   ALTER TABLE listings ADD COLUMN ecgt_other_commercial_guarantee_details TEXT;
   ALTER TABLE listings ADD COLUMN ecgt_after_sales_service_info TEXT;
   ALTER TABLE listings ADD COLUMN ecgt_software_update_details TEXT;`,
  `CREATE TABLE receipt_shipments (
     receipt_shipping_id INTEGER PRIMARY KEY,
     receipt_id INTEGER NOT NULL REFERENCES receipts(receipt_id),
     carrier_name TEXT NOT NULL,
     tracking_code TEXT NOT NULL,
     note_to_buyer TEXT,
     send_bcc INTEGER NOT NULL DEFAULT 0,
     shipment_notification_timestamp INTEGER NOT NULL
   );
   CREATE INDEX receipt_shipments_by_receipt ON receipt_shipments(receipt_id, receipt_shipping_id);
   INSERT INTO receipt_shipments (receipt_shipping_id, receipt_id, carrier_name, tracking_code, shipment_notification_timestamp)
     SELECT receipt_id, receipt_id, 'usps', printf('9400%018d', receipt_id), shipped_timestamp
     FROM receipts WHERE shipped_timestamp IS NOT NULL;`,
  `ALTER TABLE receipts ADD COLUMN paid_timestamp INTEGER;
   UPDATE receipts SET paid_timestamp = created_timestamp WHERE is_paid = 1;
   ALTER TABLE receipts ADD COLUMN canceled_timestamp INTEGER;
   ALTER TABLE receipts ADD COLUMN cancel_reason TEXT;
   ALTER TABLE receipts ADD COLUMN delivered_timestamp INTEGER;
   CREATE TABLE receipt_refunds (
     refund_id INTEGER PRIMARY KEY,
     receipt_id INTEGER NOT NULL REFERENCES receipts(receipt_id),
     amount INTEGER NOT NULL,
     reason TEXT,
     created_timestamp INTEGER NOT NULL
   );
   CREATE INDEX receipt_refunds_by_receipt ON receipt_refunds(receipt_id, refund_id);`,
];

export function openDb(path: string): Db {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  const version = db.pragma("user_version", { simple: true }) as number;
  for (const [index, sql] of MIGRATIONS.entries()) {
    if (index < version) continue;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${index + 1}`);
    })();
  }
  return db;
}

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

export function statement(db: Db, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) {
    if (cache.size > 1000) cache.clear();
    cache.set(sql, (prepared = db.prepare(sql)));
  }
  return prepared;
}
