import "server-only";
import type { Database } from "../db/database";
import { sessionStore } from "../auth/session-store";

/**
 * Whether the seller made a signed-in request (a page, an action, a read of the browser's) within `withinMs`: the
 * sessions' last-seen time, which every instance shares and each request moves to within a minute.
 */
export async function sellerActive(
  db: Database,
  userId: number,
  withinMs: number,
  sessionAbsoluteMs: number,
  now = Date.now(),
): Promise<boolean> {
  const sessions = sessionStore(db, { idleMs: withinMs, absoluteMs: sessionAbsoluteMs }, () => now);
  return (await sessions.count(userId)) > 0;
}
