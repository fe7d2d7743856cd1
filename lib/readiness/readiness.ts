import "server-only";
import { db } from "../db";
import type { Database } from "../db/database";
import { MIGRATIONS } from "../db/migrations";
import { marketplaceState, type MarketplaceState } from "../marketplace/key-check";
import { specRadarFinding } from "../spec-radar/background";
import type { RadarFinding } from "../spec-radar/radar";

type Outcome = { ok: boolean; error?: string; [detail: string]: unknown };

export type Check = Outcome & { ms: number };

/**
 * What anyone may read, without a session or a token: local work only. The marketplace's check is the last known state
 * (the API key's check at start and by the keep-alive, and any failure since), never a request of its own; the quota
 * and the last successful request are behind the metrics token (/api/metrics).
 */
export type Readiness = {
  ready: boolean;
  /** Why it is not ready, when the database is the reason: a sentence for the operator. */
  reason?: string;
  /** The spec radar's last finding: a breaking change it found warns here and never takes the instance out of rotation. */
  checks: { store: Check; migrations: Check; marketplace: Check; specRadar: Check };
};

export type ReadinessDeps = {
  database: () => Promise<Database>;
  marketplace: () => Promise<MarketplaceState>;
  specRadar?: () => RadarFinding;
};

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

export const DATABASE_DOWN =
  "The database does not answer, so this instance sends nothing to the marketplace: changes, mirror refreshes, webhooks and the keep-alive wait, and go on by themselves when it answers again.";

export async function readiness(
  deps: ReadinessDeps = { database: db, marketplace: marketplaceState },
): Promise<Readiness> {
  const radar = deps.specRadar ?? specRadarFinding;
  const storeCheck = timed(async () => {
    const database = await deps.database();
    await database.query("SELECT 1 AS one");
    return { ok: true, engine: database.engine };
  });
  const [store, migrations, marketplace, specRadar] = await Promise.all([
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
      if (!(await storeCheck).ok) return { ok: false, error: "not asked while the database does not answer" };
      return deps.marketplace();
    }),
    timed(async () => ({ ok: true, ...radar() })),
  ]);
  return {
    ready: store.ok && migrations.ok && marketplace.ok,
    ...(store.ok ? {} : { reason: `${DATABASE_DOWN} (${store.error})` }),
    checks: { store, migrations, marketplace, specRadar },
  };
}
