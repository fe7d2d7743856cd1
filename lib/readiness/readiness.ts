import "server-only";
import { db } from "../db";
import type { Database } from "../db/database";
import { MIGRATIONS } from "../db/migrations";
import { marketplaceConfig, type MarketplaceConfig } from "../marketplace/config";
import { lastRequestStore } from "../marketplace/last-request";
import { checkApiKey } from "../marketplace/ping";
import { appQuota, type QuotaStatus } from "../observability/quota-warning";

type Outcome = { ok: boolean; error?: string; [detail: string]: unknown };

export type Check = Outcome & { ms: number };

export type Readiness = {
  ready: boolean;
  /** Why it is not ready, when the database is the reason: a sentence for the operator. */
  reason?: string;
  checks: { store: Check; migrations: Check; marketplace: Check };
  /** The app's last successful marketplace request (ISO 8601), by any instance: the marketplace bans a dormant app. */
  lastSuccessfulMarketplaceRequest: string | null;
  /** The app's day quota after this check's ping, with a warning past 80%; it never makes the instance unready. */
  quota: ReadinessQuota | null;
};

export type ReadinessQuota = Pick<QuotaStatus, "spent" | "limit" | "warning"> & { runsOutAt: string | null };

function quotaOf(status: QuotaStatus | null): ReadinessQuota | null {
  if (!status) return null;
  const { spent, limit, warning, runsOutAt } = status;
  return { spent, limit, warning, runsOutAt: runsOutAt === null ? null : new Date(runsOutAt).toISOString() };
}

export type ReadinessDeps = { database: () => Promise<Database>; config: () => MarketplaceConfig };

const CHECK_LIMIT_MS = 2_000;

async function timed(run: () => Promise<Outcome>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: `no answer within ${CHECK_LIMIT_MS} ms` }), CHECK_LIMIT_MS);
  });
  const outcome = await Promise.race([run().catch((error: Error) => ({ ok: false, error: error.message })), limit]);
  clearTimeout(timer);
  return { ...outcome, ok: outcome.ok, ms: Math.round((performance.now() - started) * 10) / 10 };
}

async function lastSuccess(database: () => Promise<Database>): Promise<string | null> {
  const at = await lastRequestStore(await database())
    .read()
    .catch(() => null);
  return at === null ? null : new Date(at).toISOString();
}

export const DATABASE_DOWN =
  "The database does not answer, so this instance sends nothing to the marketplace: changes, mirror refreshes, webhooks and the keep-alive wait, and go on by themselves when it answers again.";

export async function readiness(deps: ReadinessDeps = { database: db, config: marketplaceConfig }): Promise<Readiness> {
  const storeCheck = timed(async () => {
    const database = await deps.database();
    await database.query("SELECT 1 AS one");
    return { ok: true, engine: database.engine };
  });
  const [store, migrations, marketplace] = await Promise.all([
    storeCheck,
    timed(async () => {
      const database = await deps.database();
      const [row] = await database.query<{ applied: number | null }>(
        "SELECT MAX(version) AS applied FROM schema_migrations",
      );
      const applied = Number(row?.applied ?? 0);
      const ok = applied >= MIGRATIONS.length;
      return {
        ok,
        applied,
        expected: MIGRATIONS.length,
        ...(ok ? {} : { error: `${MIGRATIONS.length - applied} migration(s) not applied yet` }),
      };
    }),
    timed(async () => {
      // The ping spends a request of the app's quota, which nothing may do while the database is down.
      if (!(await storeCheck).ok) return { ok: false, error: "not asked while the database does not answer" };
      const config = deps.config();
      const key = await checkApiKey({ ...config, timeoutMs: Math.min(config.timeoutMs, CHECK_LIMIT_MS - 250) });
      return key.ok ? { ok: true } : { ok: false, error: key.reason };
    }),
  ]);
  return {
    ready: store.ok && migrations.ok && marketplace.ok,
    ...(store.ok ? {} : { reason: `${DATABASE_DOWN} (${store.error})` }),
    checks: { store, migrations, marketplace },
    lastSuccessfulMarketplaceRequest: store.ok ? await lastSuccess(deps.database) : null,
    quota: quotaOf(appQuota().status()),
  };
}
