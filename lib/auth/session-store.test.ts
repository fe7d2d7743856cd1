import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/database";
import { eachEngine } from "../../test/harness/each-engine";
import { sessionStore } from "./session-store";

const HOUR = 3_600_000;
const POLICY = { idleMs: 12 * HOUR, absoluteMs: 30 * 24 * HOUR };

describe.each(eachEngine())("session store on %s", (_engine, location) => {
  let db: Database;
  let clock = 1_800_000_000_000;
  const store = () => sessionStore(db, POLICY, () => clock);
  beforeAll(async () => {
    db = await openDatabase(location());
  });
  afterAll(async () => {
    await db.close();
  });

  it("keeps only a hash of the session id, never the id the cookie carries", async () => {
    const id = await store().create(201, "Mozilla/5.0 (test)");
    const rows = await db.query<{ session_hash: string; user_agent: string }>(
      "SELECT session_hash, user_agent FROM dashboard_sessions WHERE user_id = $1",
      [201],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.session_hash).not.toContain(id);
    expect(rows[0]?.user_agent).toBe("Mozilla/5.0 (test)");
    expect(await store().check(id, 201)).toEqual({ alive: true, userId: 201 });
  });

  it("refuses a session id it never issued, and one presented for another seller", async () => {
    const id = await store().create(202, null);
    expect(await store().check("made-up", 202)).toEqual({ alive: false, reason: "ended" });
    expect(await store().check(id, 203)).toEqual({ alive: false, reason: "ended" });
  });

  it("ends one of two browsers' sessions on sign-out and leaves the other alive", async () => {
    const first = await store().create(204, "browser one");
    const second = await store().create(204, "browser two");
    expect(await store().end(first, 204)).toBe(1);
    expect(await store().check(first, 204)).toEqual({ alive: false, reason: "ended" });
    expect(await store().check(second, 204)).toEqual({ alive: true, userId: 204 });
    expect(await store().end(second, 204)).toBe(0);
  });

  it("a session ended once stays ended after the seller signs in again elsewhere", async () => {
    const copied = await store().create(205, null);
    await store().end(copied, 205);
    const fresh = await store().create(205, null);
    expect(await store().check(copied, 205)).toEqual({ alive: false, reason: "ended" });
    expect(await store().check(fresh, 205)).toEqual({ alive: true, userId: 205 });
  });

  it("ends every session of one seller on 'sign out everywhere', and no one else's", async () => {
    const mine = [await store().create(206, null), await store().create(206, null)];
    const theirs = await store().create(207, null);
    expect(await store().endAll(206)).toBe(2);
    for (const id of mine) expect(await store().check(id, 206)).toEqual({ alive: false, reason: "ended" });
    expect(await store().check(theirs, 207)).toEqual({ alive: true, userId: 207 });
  });

  it("ends a session idle for longer than the idle limit, and keeps one that is used", async () => {
    const idle = await store().create(208, null);
    const used = await store().create(208, null);
    for (let step = 0; step < 13 * 3; step++) {
      clock += HOUR / 3;
      expect(await store().check(used, 208)).toEqual({ alive: true, userId: 208 });
    }
    expect(await store().count(208)).toBe(1);
    expect(await store().check(idle, 208)).toEqual({ alive: false, reason: "idle" });
    expect(await store().check(idle, 208)).toEqual({ alive: false, reason: "idle" });
    await store().create(208, null);
    expect(await store().check(idle, 208)).toEqual({ alive: false, reason: "ended" });
    expect(await store().check(used, 208)).toEqual({ alive: true, userId: 208 });
  });

  it("ends a session at its absolute age however busy it is", async () => {
    const busy = await store().create(209, null);
    for (let step = 1; step < 30 * 4; step++) {
      clock += 6 * HOUR;
      expect(await store().check(busy, 209)).toEqual({ alive: true, userId: 209 });
    }
    clock += 6 * HOUR;
    expect(await store().check(busy, 209)).toEqual({ alive: false, reason: "expired" });
  });
});
