/** Portable SQL for SQLite and PostgreSQL, applied in order at start-up. */
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
];
