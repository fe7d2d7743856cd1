import "server-only";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS } from "./migrations";

/** One query layer for both engines: SQL is written with $1, $2 … placeholders and portable types. */
export type Database = {
  engine: "sqlite" | "postgres";
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  execute(sql: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
};

async function openSqlite(path: string): Promise<Database> {
  const { default: Sqlite } = await import("better-sqlite3");
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Sqlite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  // SQLite's ?NNN placeholders are numbered like PostgreSQL's $NNN; better-sqlite3 binds them by number, not by position.
  const prepare = (sql: string) => sqlite.prepare(sql.replace(/\$(\d+)/g, "?$1"));
  const numbered = (params: unknown[]) => Object.fromEntries(params.map((value, index) => [index + 1, value]));
  return {
    engine: "sqlite",
    query: async <T>(sql: string, params: unknown[] = []) => prepare(sql).all(numbered(params)) as T[],
    execute: async (sql: string, params: unknown[] = []) => prepare(sql).run(numbered(params)).changes,
    close: async () => void sqlite.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  // BIGINT columns hold epoch milliseconds and user ids: read them as numbers.
  pg.types.setTypeParser(20, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    engine: "postgres",
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    execute: async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rowCount ?? 0,
    close: () => pool.end(),
  };
}

async function migrate(db: Database) {
  await db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
  // Instances starting together race to migrate; PostgreSQL serialises them with an advisory lock.
  if (db.engine === "postgres") await db.query("SELECT pg_advisory_lock(727001)");
  try {
    const done = new Set((await db.query<{ version: number }>("SELECT version FROM schema_migrations")).map((row) => row.version));
    for (const [index, sql] of MIGRATIONS.entries()) {
      if (done.has(index + 1)) continue;
      for (const statement of sql.split(";").map((part) => part.trim()).filter(Boolean)) await db.execute(statement);
      await db.execute("INSERT INTO schema_migrations (version) VALUES ($1)", [index + 1]);
    }
  } finally {
    if (db.engine === "postgres") await db.query("SELECT pg_advisory_unlock(727001)");
  }
}

/** `postgres://…` selects PostgreSQL; anything else is a SQLite file path (or :memory:). Migrations run on open. */
export async function openDatabase(location: string): Promise<Database> {
  const db = /^postgres(ql)?:\/\//.test(location) ? await openPostgres(location) : await openSqlite(location);
  await migrate(db);
  return db;
}
