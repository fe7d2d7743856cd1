import "server-only";
import { db } from "../db";
import { MIGRATIONS } from "../db/migrations";
import { marketplaceConfig } from "../marketplace/config";
import { pingMarketplace } from "../marketplace/ping";

type Outcome = { ok: boolean; error?: string; [detail: string]: unknown };

export type Check = Outcome & { ms: number };

export type Readiness = { ready: boolean; checks: { store: Check; migrations: Check; marketplace: Check } };

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

export async function readiness(): Promise<Readiness> {
  const [store, migrations, marketplace] = await Promise.all([
    timed(async () => {
      const database = await db();
      await database.query("SELECT 1 AS one");
      return { ok: true, engine: database.engine };
    }),
    timed(async () => {
      const database = await db();
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
      const config = marketplaceConfig();
      const ping = await pingMarketplace({ ...config, timeoutMs: Math.min(config.timeoutMs, CHECK_LIMIT_MS) });
      return ping.ok ? { ok: true } : { ok: false, error: `the marketplace's ping failed: ${ping.failure.kind}` };
    }),
  ]);
  return { ready: store.ok && migrations.ok && marketplace.ok, checks: { store, migrations, marketplace } };
}
