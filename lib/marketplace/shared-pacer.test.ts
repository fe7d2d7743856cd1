import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eachEngine } from "../../test/harness/each-engine";
import { openDatabase, type Database } from "../db/database";
import { sharedPacer } from "./shared-pacer";

const PER_SECOND = 20;
const report = { status: 200, limitPerSecond: PER_SECOND, remainingThisSecond: PER_SECOND, sentAt: Date.now() };

/** The most sends in any one second, as the marketplace counts them (docs/marketplace.md §12). */
const mostInOneSecond = (sentAt: number[]) =>
  Math.max(...sentAt.map((start) => sentAt.filter((at) => at >= start && at < start + 1000).length));

describe.each(eachEngine())("the shared pacer on %s", (_engine, location) => {
  let db: Database;

  beforeEach(async () => {
    db = await openDatabase(location());
    await db.execute("DELETE FROM rate_pacer", []);
  });
  afterEach(() => db.close());

  it("lets a seller's own requests go ahead of a change running at the limit, without the app exceeding the limit", async () => {
    // Two instances' background runners (three workers each) keep the limit busy for about 2.5 s.
    const background = [sharedPacer(db), sharedPacer(db)];
    const seller = sharedPacer(db, { foreground: true });
    for (const pacer of [...background, seller]) {
      await pacer.beforeRequest();
      pacer.afterResponse(report);
    }
    const sentAt: number[] = [];
    let running = true;
    const workers = background.flatMap((pacer) =>
      [1, 2, 3].map(async () => {
        while (running) {
          await pacer.beforeRequest();
          sentAt.push(Date.now());
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // A save: its read, its write and its read-back one after the other.
    const waits: number[] = [];
    for (let request = 0; request < 3; request++) {
      const asked = Date.now();
      await seller.beforeRequest();
      waits.push(Date.now() - asked);
      sentAt.push(Date.now());
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await Promise.all(workers);

    // About one spacing (51 ms at 98% of 20 a second) each, never behind the queued background requests.
    expect(Math.max(...waits)).toBeLessThan(250);
    // 98% of 20 a second spaced evenly: 20 in one second at the most, and the background kept the limit busy.
    expect(mostInOneSecond(sentAt)).toBeLessThanOrEqual(PER_SECOND);
    expect(mostInOneSecond(sentAt)).toBeGreaterThanOrEqual(PER_SECOND - 2);
  });

  it("does not hold a seller's first requests a second apart while the marketplace has not yet told the limit", async () => {
    const seller = sharedPacer(db, { foreground: true });
    const asked = Date.now();
    for (let request = 0; request < 3; request++) await seller.beforeRequest();
    expect(Date.now() - asked).toBeLessThan(500);
  });
});
