import "server-only";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { MIGRATIONS } from "./migrations";
import { databaseAnswers, databaseOutage, noteDatabaseAnswer, noteDatabaseFailure } from "./outage";

export type Database = {
  engine: "sqlite" | "postgres";
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  execute(sql: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
};

function privateFolder(folder: string) {
  if (!existsSync(folder)) return void mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = statSync(folder);
  const shared = (stat.mode & 0o1000) !== 0 || resolve(folder) === process.cwd() || stat.uid !== process.getuid?.();
  if (!shared) chmodSync(folder, 0o700);
}

function privateFiles(path: string) {
  closeSync(openSync(path, "a", 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

type Statement = import("better-sqlite3").Statement;

async function openSqlite(path: string): Promise<Database> {
  const { default: Sqlite } = await import("better-sqlite3");
  if (path !== ":memory:") {
    privateFolder(dirname(path));
    privateFiles(path);
  }
  const sqlite = new Sqlite(path);
  try {
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("journal_mode = WAL");
    // With WAL, NORMAL syncs at checkpoints: a crash of the process loses nothing, a power cut only the last commits.
    sqlite.pragma("synchronous = NORMAL");
  } catch (error) {
    sqlite.close();
    throw error;
  }
  if (path !== ":memory:") privateFiles(path);
  const statements = new Map<string, Statement>();
  const prepare = (sql: string) => {
    const cached = statements.get(sql);
    if (cached) return cached;
    const statement = sqlite.prepare(sql.replace(/\$(\d+)/g, "?$1"));
    if (statements.size < 200) statements.set(sql, statement);
    return statement;
  };
  const numbered = (params: unknown[]) => Object.fromEntries(params.map((value, index) => [index + 1, value]));
  return {
    engine: "sqlite",
    query: async <T>(sql: string, params: unknown[] = []) => prepare(sql).all(numbered(params)) as T[],
    execute: async (sql: string, params: unknown[] = []) => prepare(sql).run(numbered(params)).changes,
    close: async () => void sqlite.close(),
  };
}

type Queryable = { query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }> };

// Every statement tells lib/db/outage.ts whether the database answers, so that work waiting on it knows when to go on.
async function noted(target: Queryable, sql: string, params: unknown[]) {
  try {
    const result = await target.query(sql, params);
    noteDatabaseAnswer();
    return result;
  } catch (error) {
    noteDatabaseFailure(error);
    // Its end is noticed even when no work waits on it: pages answer 503 until then (proxy.ts).
    if (databaseOutage()) void databaseAnswers({ query: (probe) => noted(target, probe, []) });
    throw error;
  }
}

const postgresOn = (target: Queryable, close: () => Promise<void>): Database => ({
  engine: "postgres",
  query: async <T>(sql: string, params: unknown[] = []) => (await noted(target, sql, params)).rows as T[],
  execute: async (sql: string, params: unknown[] = []) => (await noted(target, sql, params)).rowCount ?? 0,
  close,
});

/** A connection that neither opens nor fails (a network partition) would otherwise hold its caller for ever. */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  pg.types.setTypeParser(20, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection the server closes (a restart, a fail-over) is dropped by the pool and reported here; unheard,
  // the pool's error event would be an uncaught exception.
  pool.on("error", noteDatabaseFailure);
  // Instances starting together race to migrate: one connection holds an advisory lock from the first statement on
  // (two concurrent CREATE TABLE IF NOT EXISTS collide in PostgreSQL's catalogue), and a lock belongs to its connection.
  const client = await pool.connect().catch(async (error: unknown) => {
    noteDatabaseFailure(error);
    await pool.end();
    throw error;
  });
  try {
    await client.query("SELECT pg_advisory_lock(727001)");
    await migrate(postgresOn(client, async () => {}));
  } finally {
    await client.query("SELECT pg_advisory_unlock(727001)").catch(() => undefined);
    client.release();
  }
  return postgresOn(pool, () => pool.end());
}

async function migrate(db: Database) {
  await db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
  const done = new Set(
    (await db.query<{ version: number }>("SELECT version FROM schema_migrations")).map((row) => row.version),
  );
  for (const [index, sql] of MIGRATIONS.entries()) {
    if (done.has(index + 1)) continue;
    for (const statement of sql
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean))
      await db.execute(statement);
    await db.execute("INSERT INTO schema_migrations (version) VALUES ($1)", [index + 1]);
  }
}

export async function openDatabase(location: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(location)) return openPostgres(location);
  const db = await openSqlite(location);
  try {
    await db.execute("BEGIN IMMEDIATE");
    await migrate(db).catch(async (error: unknown) => {
      await db.execute("ROLLBACK");
      throw error;
    });
    await db.execute("COMMIT");
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
