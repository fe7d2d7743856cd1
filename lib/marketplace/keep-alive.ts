import "server-only";
import { db } from "../db";
import { isDatabaseUnreachable } from "../db/outage";
import { logger } from "../observability/logger";
import { lastSuccessfulCallAt } from "../observability/marketplace-call";
import { onShutdown } from "../observability/shutdown";
import { checkApiKeyOnce, keyCheckDue } from "./key-check";
import { lastRequestStore, type LastRequestStore } from "./last-request";

/** The marketplace bans an app with no successful request for six months; a week leaves room for a long outage. */
export const KEEP_ALIVE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** How often each instance keeps its last successful request in the database and looks whether a ping is due. */
export const KEEP_ALIVE_CHECK_MS = 5 * 60 * 1000;

export type KeepAliveOutcome =
  | { pinged: false; lastSuccessAt: number }
  | { pinged: true; ok: true; lastSuccessAt: number }
  | { pinged: true; ok: false; lastSuccessAt: number | null };

export type KeepAliveDeps = {
  store: LastRequestStore;
  ping: () => Promise<{ ok: boolean }>;
  /** Whether the API key's check is due before the week is out (never checked, refused, the marketplace failing since). */
  checkDue?: () => Promise<boolean>;
  now?: () => number;
};

export function keepAlive({ store, ping, checkDue = async () => false, now = Date.now }: KeepAliveDeps) {
  return {
    async tick(): Promise<KeepAliveOutcome> {
      const seen = lastSuccessfulCallAt();
      if (seen !== undefined) await store.note(seen);
      const last = await store.read();
      const quiet = last === null || now() - last >= KEEP_ALIVE_AFTER_MS;
      if (!quiet && !(await checkDue())) return { pinged: false, lastSuccessAt: last };
      const answer = await ping();
      if (!answer.ok) return { pinged: true, ok: false, lastSuccessAt: last };
      const at = now();
      await store.note(at);
      return { pinged: true, ok: true, lastSuccessAt: at };
    },
  };
}

const globalForKeepAlive = globalThis as unknown as { keepAliveTimer?: NodeJS.Timeout };

/**
 * Each instance looks every few minutes; any of them pings once the whole app has been quiet for a week, and each
 * checks its key again while readiness's last known state of the marketplace is a failure.
 */
export async function startKeepAlive() {
  if (globalForKeepAlive.keepAliveTimer) return;
  const database = await db();
  const store = lastRequestStore(database);
  const keeper = keepAlive({ store, ping: () => checkApiKeyOnce(database), checkDue: keyCheckDue });
  let running = false;
  const check = () => {
    if (running) return;
    running = true;
    keeper
      .tick()
      .then((outcome) => {
        if (outcome.pinged && !outcome.ok)
          logger().warn({ msg: "the keep-alive ping to the marketplace failed; it is tried again at the next check" });
        else if (outcome.pinged) logger().info({ msg: "pinged the marketplace: the app's key is accepted" });
      })
      // Without the database it neither reads the last request nor pings: the outage is logged once (lib/db/outage.ts).
      .catch((error: Error) => {
        if (!isDatabaseUnreachable(error)) logger().error({ msg: "the keep-alive check failed", error: error.message });
      })
      .finally(() => (running = false));
  };
  // Not at once: the start-up's key check has just pinged.
  globalForKeepAlive.keepAliveTimer = setInterval(check, KEEP_ALIVE_CHECK_MS);
  globalForKeepAlive.keepAliveTimer.unref();
  onShutdown("marketplace keep-alive", async () => {
    clearInterval(globalForKeepAlive.keepAliveTimer);
    const seen = lastSuccessfulCallAt();
    if (seen !== undefined) await store.note(seen);
  });
}
