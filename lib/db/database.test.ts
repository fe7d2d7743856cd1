import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "./database";
import { MIGRATIONS } from "./migrations";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../test/harness/throwaway-postgres";

let postgres: ThrowawayPostgres;
beforeAll(async () => {
  postgres = await startThrowawayPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

it("instances opening a fresh PostgreSQL at once all start, and each migration runs once", async () => {
  const opened = await Promise.allSettled(Array.from({ length: 6 }, () => openDatabase(postgres.url)));
  expect(opened.map((result) => result.status)).toEqual(Array(6).fill("fulfilled"));
  const [db] = opened.map(
    (result) => (result as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>).value,
  );
  const versions = await db!.query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
  expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  for (const result of opened) if (result.status === "fulfilled") await result.value.close();
}, 60_000);
