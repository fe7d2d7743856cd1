// Tests only: the stores run on both engines (lib/db/database.ts), so their suites run on SQLite and on a throwaway
// PostgreSQL cluster that this file's hooks start before the suites and stop after them.
import { afterAll, beforeAll } from "vitest";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres";

export function eachEngine(): [engine: string, location: () => string][] {
  let postgres: ThrowawayPostgres | undefined;
  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
  });
  afterAll(async () => {
    await postgres?.stop();
  });
  return [
    ["SQLite", () => ":memory:"],
    ["PostgreSQL", () => (postgres as ThrowawayPostgres).url],
  ];
}
