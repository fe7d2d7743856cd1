import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/database";

export type SessionPolicy = { idleMs: number; absoluteMs: number };

export type SessionEnd = "ended" | "idle" | "expired";

export type SessionCheck = { alive: true; userId: number } | { alive: false; reason: SessionEnd };

type Row = { user_id: number; created_at: number; last_seen_at: number };

const hash = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex");

export function sessionStore(db: Database, policy: SessionPolicy, now: () => number = Date.now) {
  // Writing last-seen on every request would cost a write per page; a fraction of the idle limit is precise enough.
  const touchEveryMs = Math.min(60_000, policy.idleMs / 4);

  return {
    async create(userId: number, userAgent: string | null): Promise<string> {
      const sessionId = randomBytes(32).toString("base64url");
      const at = now();
      await db.execute(
        "DELETE FROM dashboard_sessions WHERE user_id = $1 AND (created_at <= $2 OR last_seen_at <= $3)",
        [userId, at - policy.absoluteMs, at - policy.idleMs],
      );
      await db.execute(
        "INSERT INTO dashboard_sessions (session_hash, user_id, created_at, last_seen_at, user_agent) VALUES ($1, $2, $3, $4, $5)",
        [hash(sessionId), userId, at, at, userAgent?.slice(0, 300) ?? null],
      );
      return sessionId;
    },

    async check(sessionId: string, userId: number): Promise<SessionCheck> {
      const key = hash(sessionId);
      const [row] = await db.query<Row>(
        "SELECT user_id, created_at, last_seen_at FROM dashboard_sessions WHERE session_hash = $1",
        [key],
      );
      if (!row || Number(row.user_id) !== userId) return { alive: false, reason: "ended" };
      const at = now();
      const reason =
        at - Number(row.created_at) >= policy.absoluteMs
          ? "expired"
          : at - Number(row.last_seen_at) >= policy.idleMs
            ? "idle"
            : undefined;
      if (reason) return { alive: false, reason };
      if (at - Number(row.last_seen_at) >= touchEveryMs)
        await db.execute("UPDATE dashboard_sessions SET last_seen_at = $2 WHERE session_hash = $1", [key, at]);
      return { alive: true, userId };
    },

    async end(sessionId: string, userId: number): Promise<number> {
      await db.execute("DELETE FROM dashboard_sessions WHERE session_hash = $1", [hash(sessionId)]);
      return this.count(userId);
    },

    async endAll(userId: number): Promise<number> {
      return db.execute("DELETE FROM dashboard_sessions WHERE user_id = $1", [userId]);
    },

    async count(userId?: number): Promise<number> {
      const at = now();
      const [row] = await db.query<{ live: number }>(
        `SELECT COUNT(*) AS live FROM dashboard_sessions WHERE created_at > $1 AND last_seen_at > $2${userId === undefined ? "" : " AND user_id = $3"}`,
        [at - policy.absoluteMs, at - policy.idleMs, ...(userId === undefined ? [] : [userId])],
      );
      return Number(row?.live ?? 0);
    },
  };
}
