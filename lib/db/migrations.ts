export const MIGRATIONS = [
  `CREATE TABLE seller_tokens (
     user_id BIGINT PRIMARY KEY,
     access_token TEXT NOT NULL,
     refresh_token TEXT NOT NULL,
     access_expires_at BIGINT NOT NULL,
     scopes TEXT NOT NULL,
     lease_owner TEXT,
     lease_until BIGINT,
     updated_at BIGINT NOT NULL
   )`,
  `CREATE TABLE bulk_jobs (
     job_id TEXT PRIMARY KEY,
     user_id BIGINT NOT NULL,
     shop_id BIGINT NOT NULL,
     kind TEXT NOT NULL,
     target TEXT,
     undo_of TEXT,
     status TEXT NOT NULL,
     status_reason TEXT,
     created_at BIGINT NOT NULL,
     started_at BIGINT,
     finished_at BIGINT,
     claimed_at BIGINT NOT NULL DEFAULT 0
   );
   CREATE INDEX bulk_jobs_by_shop ON bulk_jobs (shop_id, created_at);
   CREATE TABLE bulk_job_items (
     job_id TEXT NOT NULL,
     listing_id BIGINT NOT NULL,
     seq INTEGER NOT NULL,
     title TEXT,
     target TEXT,
     status TEXT NOT NULL,
     reason TEXT,
     attempts INTEGER NOT NULL DEFAULT 0,
     before_state TEXT,
     not_before BIGINT NOT NULL DEFAULT 0,
     lease_owner TEXT,
     lease_until BIGINT,
     updated_at BIGINT NOT NULL,
     PRIMARY KEY (job_id, listing_id)
   );
   CREATE INDEX bulk_job_items_by_status ON bulk_job_items (job_id, status, seq);
   CREATE TABLE bulk_pacer (
     pacer_id TEXT PRIMARY KEY,
     per_second INTEGER NOT NULL,
     next_at BIGINT NOT NULL,
     hold_until BIGINT NOT NULL
   );
   CREATE TABLE personalization_history (
     history_id TEXT PRIMARY KEY,
     listing_id BIGINT NOT NULL,
     shop_id BIGINT NOT NULL,
     user_id BIGINT NOT NULL,
     action TEXT NOT NULL,
     job_id TEXT,
     previous TEXT NOT NULL,
     recorded_at BIGINT NOT NULL
   );
   CREATE INDEX personalization_history_by_listing ON personalization_history (shop_id, listing_id, recorded_at)`,
  // The table holds the cookie id's SHA-256, so a copied database row cannot be replayed as a cookie.
  `CREATE TABLE dashboard_sessions (
     session_hash TEXT PRIMARY KEY,
     user_id BIGINT NOT NULL,
     created_at BIGINT NOT NULL,
     last_seen_at BIGINT NOT NULL,
     user_agent TEXT
   );
   CREATE INDEX dashboard_sessions_by_user ON dashboard_sessions (user_id)`,
  `ALTER TABLE personalization_history ADD COLUMN outcome TEXT NOT NULL DEFAULT 'done';
   ALTER TABLE personalization_history ADD COLUMN target TEXT`,
  `CREATE TABLE question_templates (
     template_id TEXT PRIMARY KEY,
     shop_id BIGINT NOT NULL,
     user_id BIGINT NOT NULL,
     name TEXT NOT NULL,
     question_set TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     updated_at BIGINT NOT NULL
   );
   CREATE UNIQUE INDEX question_templates_by_shop_name ON question_templates (shop_id, name)`,
  `CREATE TABLE shop_listing_writes (
     shop_id BIGINT PRIMARY KEY,
     writes BIGINT NOT NULL
   )`,
  `CREATE TABLE mirror_shops (
     shop_id BIGINT PRIMARY KEY,
     user_id BIGINT NOT NULL,
     status TEXT NOT NULL,
     listings_read INTEGER NOT NULL DEFAULT 0,
     listings_total INTEGER NOT NULL DEFAULT 0,
     watermark BIGINT NOT NULL DEFAULT 0,
     synced_at BIGINT,
     synced_by TEXT,
     lease_until BIGINT NOT NULL DEFAULT 0,
     updated_at BIGINT NOT NULL
   );
   CREATE TABLE mirror_listings (
     listing_id BIGINT PRIMARY KEY,
     shop_id BIGINT NOT NULL,
     state TEXT NOT NULL,
     updated_timestamp BIGINT NOT NULL,
     listing TEXT NOT NULL
   );
   CREATE INDEX mirror_listings_by_shop ON mirror_listings (shop_id, state);
   CREATE TABLE webhook_deliveries (
     webhook_id TEXT PRIMARY KEY,
     received_at BIGINT NOT NULL
   );
   CREATE TABLE outside_changes (
     change_id TEXT PRIMARY KEY,
     shop_id BIGINT NOT NULL,
     listing_id BIGINT NOT NULL,
     title TEXT NOT NULL,
     before_state TEXT NOT NULL,
     after_state TEXT NOT NULL,
     changed_at BIGINT,
     detected_at BIGINT NOT NULL,
     found_by TEXT NOT NULL,
     status TEXT NOT NULL
   );
   CREATE INDEX outside_changes_by_shop ON outside_changes (shop_id, status, detected_at)`,
  `CREATE TABLE change_plans (
     plan_id TEXT PRIMARY KEY,
     user_id BIGINT NOT NULL,
     shop_id BIGINT NOT NULL,
     description TEXT NOT NULL,
     phase TEXT NOT NULL,
     status TEXT NOT NULL,
     undo_of TEXT,
     rate TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     applied_at BIGINT,
     finished_at BIGINT,
     reserve BIGINT,
     waiting_until BIGINT,
     status_reason TEXT
   );
   CREATE INDEX change_plans_by_shop ON change_plans (shop_id, created_at);
   CREATE TABLE change_plan_items (
     plan_id TEXT NOT NULL,
     listing_id BIGINT NOT NULL,
     seq INTEGER NOT NULL,
     title TEXT NOT NULL,
     state TEXT NOT NULL,
     status TEXT NOT NULL,
     reason TEXT,
     before_state TEXT NOT NULL,
     after_state TEXT,
     diff TEXT NOT NULL,
     last_modified BIGINT,
     included INTEGER NOT NULL DEFAULT 1,
     outcome TEXT,
     outcome_reason TEXT,
     current_state TEXT,
     kept TEXT,
     lease_owner TEXT,
     lease_until BIGINT,
     updated_at BIGINT NOT NULL,
     PRIMARY KEY (plan_id, listing_id)
   );
   CREATE INDEX change_plan_items_by_outcome ON change_plan_items (plan_id, outcome, seq);
   CREATE TABLE quota_minutes (
     minute BIGINT PRIMARY KEY,
     requests BIGINT NOT NULL
   )`,
  `CREATE TABLE shop_orders (
     shop_id BIGINT NOT NULL,
     receipt_id BIGINT NOT NULL,
     created_at BIGINT NOT NULL,
     updated_at BIGINT NOT NULL,
     is_open INTEGER NOT NULL,
     search_text TEXT NOT NULL,
     body TEXT NOT NULL,
     PRIMARY KEY (shop_id, receipt_id)
   );
   CREATE INDEX shop_orders_by_time ON shop_orders (shop_id, is_open, created_at);
   CREATE TABLE shop_order_items (
     shop_id BIGINT NOT NULL,
     receipt_id BIGINT NOT NULL,
     transaction_id BIGINT NOT NULL,
     listing_id BIGINT,
     title TEXT NOT NULL,
     quantity INTEGER NOT NULL,
     created_at BIGINT NOT NULL,
     answers TEXT NOT NULL,
     PRIMARY KEY (shop_id, transaction_id)
   );
   CREATE INDEX shop_order_items_by_listing ON shop_order_items (shop_id, listing_id, created_at);
   CREATE TABLE order_syncs (
     shop_id BIGINT PRIMARY KEY,
     filled INTEGER NOT NULL,
     watermark BIGINT NOT NULL,
     skip BIGINT NOT NULL,
     orders_read BIGINT NOT NULL,
     orders_total BIGINT NOT NULL,
     checked_at BIGINT NOT NULL
   )`,
  // One way to change many listings: the plan runner takes the bulk runner's retries, pauses and fair turns, and a
  // listing is written by one change at a time.
  `ALTER TABLE change_plan_items ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE change_plan_items ADD COLUMN not_before BIGINT NOT NULL DEFAULT 0;
   ALTER TABLE change_plans ADD COLUMN paused_at BIGINT;
   ALTER TABLE change_plans ADD COLUMN last_turn_at BIGINT NOT NULL DEFAULT 0;
   CREATE TABLE listing_write_leases (
     listing_id BIGINT PRIMARY KEY,
     lease_owner TEXT NOT NULL,
     lease_until BIGINT NOT NULL
   );
   ALTER TABLE bulk_pacer RENAME TO rate_pacer`,
  // The bulk jobs become changes, shown read-only on their change's page (their rows kept only the outcome).
  `INSERT INTO change_plans (plan_id, user_id, shop_id, description, phase, status, undo_of, rate, created_at, applied_at, finished_at, status_reason)
     SELECT job_id, user_id, shop_id,
       CASE kind WHEN 'remove' THEN 'Remove personalization' WHEN 'undo' THEN 'Undo a change' ELSE 'Apply a question' END,
       'single', 'applied', undo_of, '{"perSecond":1,"remainingToday":null}', created_at, COALESCE(started_at, created_at),
       COALESCE(finished_at, created_at),
       CASE WHEN status = 'finished' THEN NULL ELSE 'This change was stopped when the dashboard was updated. Select the listings again and change them.' END
     FROM bulk_jobs WHERE status <> 'preparing';
   INSERT INTO change_plan_items (plan_id, listing_id, seq, title, state, status, before_state, after_state, diff, included, outcome, outcome_reason, updated_at)
     SELECT i.job_id, i.listing_id, i.seq, COALESCE(i.title, ''), '', CASE WHEN i.status = 'unchanged' THEN 'unchanged' ELSE 'change' END,
       '[]', NULL, '[]', 1,
       CASE i.status WHEN 'done' THEN 'done' WHEN 'unchanged' THEN 'left-out' ELSE 'failed' END,
       CASE WHEN i.status = 'pending' THEN 'This change was stopped when the dashboard was updated, so this listing was not changed.' ELSE i.reason END,
       i.updated_at
     FROM bulk_job_items i JOIN bulk_jobs j ON j.job_id = i.job_id WHERE j.status <> 'preparing';
   DROP TABLE bulk_job_items;
   DROP TABLE bulk_jobs`,
  // The marketplace bans an app dormant for six months: the app's last successful request, shared by every instance.
  `CREATE TABLE marketplace_last_request (
     app TEXT PRIMARY KEY,
     succeeded_at BIGINT NOT NULL
   )`,
  // The production queue sorts by when an item must ship: the transaction's expected ship date, kept beside it.
  `ALTER TABLE shop_order_items ADD COLUMN ship_by BIGINT;
   CREATE INDEX shop_order_items_by_ship_by ON shop_order_items (shop_id, ship_by)`,
  // The shipments the dashboard sent, kept as personalization writes are: before sending, then settled.
  `CREATE TABLE shipment_history (
     history_id TEXT PRIMARY KEY,
     shop_id BIGINT NOT NULL,
     user_id BIGINT NOT NULL,
     receipt_id BIGINT NOT NULL,
     carrier_name TEXT,
     tracking_code TEXT,
     outcome TEXT NOT NULL,
     recorded_at BIGINT NOT NULL
   );
   CREATE INDEX shipment_history_by_receipt ON shipment_history (shop_id, receipt_id, recorded_at)`,
  // The production queue: the marketplace holds no production state, so each item's place in the queue is kept here,
  // with every move (who, when, the row before it, so the last one can be undone). An item with no row is to make.
  `CREATE TABLE queue_items (
     shop_id BIGINT NOT NULL,
     item_id TEXT NOT NULL,
     receipt_id BIGINT NOT NULL,
     transaction_id BIGINT NOT NULL,
     remake_of TEXT,
     reason TEXT,
     state TEXT NOT NULL,
     review TEXT,
     note TEXT,
     created_at BIGINT NOT NULL,
     PRIMARY KEY (shop_id, item_id)
   );
   CREATE INDEX queue_items_by_transaction ON queue_items (shop_id, transaction_id);
   CREATE TABLE queue_moves (
     shop_id BIGINT NOT NULL,
     item_id TEXT NOT NULL,
     seq INTEGER NOT NULL,
     kind TEXT NOT NULL,
     from_state TEXT NOT NULL,
     to_state TEXT NOT NULL,
     user_id BIGINT NOT NULL,
     moved_at BIGINT NOT NULL,
     row_before TEXT,
     undone_by BIGINT,
     undone_at BIGINT,
     PRIMARY KEY (shop_id, item_id, seq)
   )`,
  // Rewrites of stored rows that need the app's own code, which migrations cannot import: each runs once where that
  // code starts, and its row here says it ran (the change plans' rows in old formats: lib/changes/old-plan-rows.ts).
  `CREATE TABLE row_rewrites (
     name TEXT PRIMARY KEY,
     done_at BIGINT NOT NULL
   )`,
  // Every write is sent once: its "pending" row is its claim on the target, and a second pending row for the same
  // listing or receipt is refused by the database, on every instance alike (docs/architecture.md, "Sent once").
  // Rows pending now are unknown from here on: their writes are settled by reading back, as an unanswered one is.
  `ALTER TABLE personalization_history ADD COLUMN settled_at BIGINT;
   UPDATE personalization_history SET outcome = 'unknown' WHERE outcome = 'pending' AND action <> 'outside';
   CREATE UNIQUE INDEX personalization_history_one_pending ON personalization_history (shop_id, listing_id)
     WHERE outcome = 'pending' AND action <> 'outside';
   UPDATE shipment_history SET outcome = 'unknown' WHERE outcome = 'pending';
   CREATE UNIQUE INDEX shipment_history_one_pending ON shipment_history (shop_id, receipt_id) WHERE outcome = 'pending'`,
  // An item waiting on the buyer: its deadline on the marketplace's clock and what then; each seller's defaults.
  `ALTER TABLE queue_items ADD COLUMN deadline BIGINT;
   ALTER TABLE queue_items ADD COLUMN on_deadline TEXT;
   CREATE TABLE queue_settings (
     shop_id BIGINT PRIMARY KEY,
     wait_days INTEGER NOT NULL,
     on_deadline TEXT NOT NULL
   )`,
  // A kept listing's own count of writes: a count over a shop's listings (the header's Needs attention) moves when the
  // dashboard's own write is kept from its answer, which leaves the marketplace's timestamp as it was.
  "ALTER TABLE mirror_listings ADD COLUMN revision BIGINT NOT NULL DEFAULT 0",
  // The seller's days: the browser's time zone, kept with the seller so "due today" turns at their midnight; and a
  // remake's own ship-by, which its original's order date does not give.
  `ALTER TABLE queue_settings ADD COLUMN time_zone TEXT;
   ALTER TABLE queue_items ADD COLUMN ship_by BIGINT`,
  // A queue item whose order carries the buyer's note is in review until the seller has read the note.
  "ALTER TABLE queue_items ADD COLUMN note_read INTEGER NOT NULL DEFAULT 0",
  // The carrier a seller ships with, chosen once in the shipping form; a shipment the marketplace did not answer,
  // kept with its items until it is sent (lib/orders/waiting-shipments.ts), or with the marketplace's refusal then.
  `ALTER TABLE queue_settings ADD COLUMN carrier TEXT;
   CREATE TABLE waiting_shipments (
     shop_id BIGINT NOT NULL,
     receipt_id BIGINT NOT NULL,
     user_id BIGINT NOT NULL,
     carrier_name TEXT,
     tracking_code TEXT,
     item_ids TEXT NOT NULL,
     waiting_since BIGINT NOT NULL,
     refusal TEXT,
     PRIMARY KEY (shop_id, receipt_id)
   )`,
  // What a seller makes with (lib/production/): a profile's font file (base64, bounded by lib/production/font-file.ts),
  // the cap height and area the text must fit, and the listings it is used for, each listing at most one profile.
  `CREATE TABLE production_profiles (
     shop_id BIGINT NOT NULL,
     profile_id BIGINT NOT NULL,
     name TEXT NOT NULL,
     font_name TEXT NOT NULL,
     font_data TEXT NOT NULL,
     cap_height_mm DOUBLE PRECISION NOT NULL,
     width_mm DOUBLE PRECISION NOT NULL,
     lines INTEGER NOT NULL,
     capitals INTEGER NOT NULL,
     block_list TEXT NOT NULL,
     version BIGINT NOT NULL,
     updated_at BIGINT NOT NULL,
     PRIMARY KEY (shop_id, profile_id)
   );
   CREATE TABLE production_profile_listings (
     shop_id BIGINT NOT NULL,
     listing_id BIGINT NOT NULL,
     profile_id BIGINT NOT NULL,
     PRIMARY KEY (shop_id, listing_id)
   )`,
];
