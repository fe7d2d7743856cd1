import { beforeEach, describe, expect, it } from "vitest";
import { eachEngine } from "../../test/harness/each-engine";
import { sessionStore } from "../auth/session-store";
import { openDatabase, type Database } from "../db/database";
import { sellerActive } from "./seller-active";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(eachEngine())("a seller's activity on %s", (_engine, location) => {
  let db: Database;
  beforeEach(async () => {
    db = await openDatabase(location());
    await db.execute("DELETE FROM dashboard_sessions");
    return () => db.close();
  });

  it("is active while a session of theirs was seen within the window, idle after, and never for another seller", async () => {
    const signedInAt = Date.now();
    const sessions = sessionStore(db, { idleMs: DAY, absoluteMs: 30 * DAY }, () => signedInAt);
    const session = await sessions.create(41, null);
    expect(await sellerActive(db, 41, 15 * MINUTE, 30 * DAY, signedInAt + 14 * MINUTE)).toBe(true);
    expect(await sellerActive(db, 41, 15 * MINUTE, 30 * DAY, signedInAt + 16 * MINUTE)).toBe(false);
    expect(await sellerActive(db, 42, 15 * MINUTE, 30 * DAY, signedInAt)).toBe(false);

    // A page viewed later moves the session's last-seen time, and the seller is active again.
    const viewing = sessionStore(db, { idleMs: DAY, absoluteMs: 30 * DAY }, () => signedInAt + 20 * MINUTE);
    expect(await viewing.check(session, 41)).toEqual({ alive: true, userId: 41 });
    expect(await sellerActive(db, 41, 15 * MINUTE, 30 * DAY, signedInAt + 30 * MINUTE)).toBe(true);
  });
});
