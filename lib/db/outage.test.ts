import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/harness/dashboard-process";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../test/harness/throwaway-postgres";
import { sharedPacer } from "../marketplace/shared-pacer";
import { openDatabase, type Database } from "./database";
import { databaseAnswers, databaseOutage, DatabaseUnavailable, isDatabaseUnreachable, throughOutages } from "./outage";

let postgres: ThrowawayPostgres;
let database: Database;

beforeAll(async () => {
  postgres = await startThrowawayPostgres();
  database = await openDatabase(postgres.url);
});
afterAll(async () => {
  await database?.close();
  await postgres?.stop();
});

const report = { status: 200, limitPerSecond: 50, remainingThisSecond: 50, sentAt: Date.now() };

describe("a database that stops answering", () => {
  it("tells a refused connection from a statement the database refuses", async () => {
    const closed = `postgres://postgres@localhost:${await freePort()}/postgres`;
    const refused = await openDatabase(closed).catch((error: unknown) => error);
    expect(isDatabaseUnreachable(refused)).toBe(true);
    const wrong = await database.query("SELECT * FROM no_such_table").catch((error: unknown) => error);
    expect(isDatabaseUnreachable(wrong)).toBe(false);
    expect(isDatabaseUnreachable(new DatabaseUnavailable("gone"))).toBe(true);
  });

  it("is seen as an outage while it is stopped: the pacer takes no slot, then goes on by itself once it is back", async () => {
    const pacer = sharedPacer(database);
    await pacer.beforeRequest();
    pacer.afterResponse(report);
    expect(databaseOutage()).toBeUndefined();

    postgres.halt();
    const taken = await pacer.beforeRequest().then(
      () => "a slot",
      (error: unknown) => error,
    );
    expect(isDatabaseUnreachable(taken)).toBe(true);
    expect(databaseOutage()).toMatchObject({ reason: expect.any(String) });
    // A pacer made during the outage cannot even read the limit; it does not keep that failure once the database is back.
    const late = sharedPacer(database);
    await expect(late.beforeRequest()).rejects.toSatisfy(isDatabaseUnreachable);

    let back = false;
    const waited = databaseAnswers(database).then(() => (back = true));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(back).toBe(false);
    postgres.restart();
    await waited;
    expect(databaseOutage()).toBeUndefined();
    await pacer.beforeRequest();
    await late.beforeRequest();
  }, 30_000);

  it("keeps work that needs it (a webhook event) until it answers, rather than dropping it", async () => {
    await database.execute("CREATE TABLE IF NOT EXISTS kept_events (id INTEGER PRIMARY KEY)");
    postgres.halt();
    let tries = 0;
    const kept = throughOutages(database, async () => {
      tries++;
      return database.execute("INSERT INTO kept_events (id) VALUES (1)");
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    postgres.restart();
    expect(await kept).toBe(1);
    expect(tries).toBeGreaterThan(1);
    expect(await database.query("SELECT id FROM kept_events")).toEqual([{ id: 1 }]);
    await expect(throughOutages(database, () => database.query("SELECT nothing FROM kept_events"))).rejects.toThrow(
      /nothing/,
    );
  }, 30_000);
});
