import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "./database";
import { MIGRATIONS } from "./migrations";

const folder = mkdtempSync(join(tmpdir(), "sqlite-open-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** This process's open descriptors on `file`. */
const handlesOn = (file: string) =>
  readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;

it("gives up on a file another process keeps locked past busy_timeout, closes what it opened, and opens it once the lock is gone", async () => {
  const file = join(folder, "dashboard.db");
  // Another process, as a second worker is: SQLite keeps a closed file open while this process itself holds a lock on it.
  const holder = spawn(
    process.execPath,
    [
      "-e",
      `const db = new (require("better-sqlite3"))(${JSON.stringify(file)}); db.exec("BEGIN EXCLUSIVE"); console.log("locked"); process.stdin.on("end", () => process.exit(0)); process.stdin.resume();`,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  await once(holder.stdout!, "data");

  await expect(openDatabase(file)).rejects.toThrow("database is locked");
  expect(handlesOn(file)).toBe(0);

  holder.stdin!.end();
  await once(holder, "exit");
  const db = await openDatabase(file);
  const versions = await db.query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
  expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  await db.close();
}, 20_000);
