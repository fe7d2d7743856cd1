import { openDb, statement, type Db } from "./store/db.js";
import { seed } from "./store/seed.js";
import { RateLimiter } from "./rate-limiter.js";
import { RequestLog } from "./request-log.js";
import { FaultPlan } from "./faults.js";
import type { AppRow, Bearer } from "./http.js";
import { watchListingWrites } from "./store/listing-cache.js";
import { KeptMap } from "./store/kept-map.js";
import { phaseAt, phaseReached, type Phase } from "./phases.js";
import { WebhookHub } from "./webhooks.js";

export { PHASES, type Phase } from "./phases.js";

export type SandboxOptions = {
  db: string;
  strictHttps: boolean;
  perSecond: number;
  perDay: number;
  /** A period pinned for the sandbox's whole life; undefined follows the sandbox clock's date. */
  phase: Phase | undefined;
  /** The waits before each retry of a webhook delivery that failed; one attempt more than waits. */
  webhookRetryMs: readonly number[];
};

export const DEFAULT_OPTIONS: SandboxOptions = {
  db: ":memory:",
  strictHttps: false,
  perSecond: 1000,
  perDay: 1_000_000,
  phase: undefined,
  webhookRetryMs: [1000, 5000, 30_000, 120_000, 600_000],
};

export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_TOKEN_TTL = 90 * 24 * 3600;
export const CODE_TTL = 600;

type AccessTokenRow = Readonly<{
  user_id: number;
  app_id: number;
  scopes: string;
  expires_at: number;
  revoked: number;
}>;
/** The row with what a request that presents it carries (its scopes split once, not on every call). */
type AccessToken = AccessTokenRow & { readonly bearer: Readonly<Bearer> };

/** Everything one running sandbox holds: its database, its clock and the test controls. */
export class SandboxState {
  readonly db: Db;
  readonly rateLimiter = new RateLimiter();
  readonly log = new RequestLog();
  readonly faults = new FaultPlan();
  readonly webhooks: WebhookHub;
  private clockOffsetSeconds = 0;
  /** A period POST /__sandbox/phase (or --phase) pinned; otherwise the period follows the clock. */
  pinnedPhase: Phase | undefined;
  /** Apps by keystring, read on every /v3 request; forgotten whenever an app changes (appsChanged). */
  private readonly apps = new Map<string, AppRow>();
  /** Access-token rows by token hash, read on every call with a bearer; SQLite forgets a row when it is written (watchTokenWrites). */
  private readonly accessTokens = new KeptMap<string, AccessToken>(10_000);
  /** Set by the server: stop listening for a while, as a marketplace outage does (connections refused). */
  outage: (ms: number) => void = () => {};

  constructor(readonly options: SandboxOptions) {
    this.pinnedPhase = options.phase;
    this.db = openDb(options.db);
    const seeded = this.db.prepare("SELECT 1 FROM apps LIMIT 1").get();
    if (!seeded) this.seed();
    this.watchTokenWrites();
    watchListingWrites(this.db);
    this.webhooks = new WebhookHub(this);
  }

  /** The app an API key names. Unknown keystrings are not kept, so a new app needs no notice; a changed one does. */
  app(keystring: string): AppRow | undefined {
    const kept = this.apps.get(keystring);
    if (kept) return kept;
    const row = this.db.prepare("SELECT * FROM apps WHERE keystring = ?").get(keystring) as AppRow | undefined;
    if (row) this.apps.set(keystring, row);
    return row;
  }

  appsChanged() {
    this.apps.clear();
  }

  /**
   * The access token with this hash, however old or revoked: the caller checks. Unknown hashes are not kept, so a token
   * issued later is found; nor are rows read inside a transaction, which a rollback (firing no trigger) could undo.
   */
  accessToken(tokenHash: string): AccessToken | undefined {
    const kept = this.accessTokens.get(tokenHash);
    if (kept) return kept;
    const row = statement(
      this.db,
      "SELECT user_id, app_id, scopes, expires_at, revoked FROM tokens WHERE token_hash = ? AND kind = 'access'",
    ).get(tokenHash) as AccessTokenRow | undefined;
    if (!row) return undefined;
    const token: AccessToken = Object.freeze({
      ...row,
      bearer: Object.freeze({ user_id: row.user_id, scopes: Object.freeze(row.scopes.split(" ").filter(Boolean)) }),
    });
    if (!this.db.inTransaction) this.accessTokens.set(tokenHash, token);
    return token;
  }

  /**
   * Any write to a token row forgets it, reported by SQLite itself, so no writer can forget to: TEMP triggers, which live
   * only on this connection, as the callback and the cache do, and need no migration. INSERT too: INSERT OR REPLACE
   * deletes the row it replaces without firing DELETE triggers.
   */
  private watchTokenWrites() {
    this.db.function("sandbox_token_written", { deterministic: false }, (tokenHash) => {
      this.accessTokens.delete(String(tokenHash));
      return null;
    });
    this.db.exec(`
      CREATE TEMP TRIGGER tokens_insert_forgets_row AFTER INSERT ON tokens BEGIN SELECT sandbox_token_written(NEW.token_hash); END;
      CREATE TEMP TRIGGER tokens_update_forgets_row AFTER UPDATE ON tokens
        BEGIN SELECT sandbox_token_written(OLD.token_hash), sandbox_token_written(NEW.token_hash); END;
      CREATE TEMP TRIGGER tokens_delete_forgets_row AFTER DELETE ON tokens BEGIN SELECT sandbox_token_written(OLD.token_hash); END;`);
  }

  /** The sandbox clock in seconds: real time plus whatever POST /__sandbox/clock added. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffsetSeconds;
  }

  nowMs(): number {
    return Date.now() + this.clockOffsetSeconds * 1000;
  }

  /** The marketplace's period (decisions.md "The marketplace of today"): the pinned one, or the clock's date's. */
  get phase(): Phase {
    return this.pinnedPhase ?? phaseAt(this.now());
  }

  reached(since: Phase) {
    return phaseReached(this.phase, since);
  }

  /** Listing reads carry the legacy personalization fields only until their deprecation (spec 9.3). */
  get legacyFieldsShown() {
    return this.phase === "migration";
  }

  advanceClock(seconds: number) {
    this.clockOffsetSeconds += seconds;
  }

  setClock(seconds: number) {
    this.clockOffsetSeconds = seconds - Math.floor(Date.now() / 1000);
  }

  reset() {
    const tables = this.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    this.db.pragma("foreign_keys = OFF");
    this.db.transaction(() => {
      for (const table of tables) this.db.exec(`DELETE FROM ${table}`);
    })();
    this.db.pragma("foreign_keys = ON");
    this.clockOffsetSeconds = 0;
    this.pinnedPhase = this.options.phase;
    this.seed();
    this.appsChanged();
    this.webhooks.clear();
    this.rateLimiter.clear();
    this.log.clear();
    this.faults.clear();
  }

  /** The demo data, with add-on prices on a few listings in the periods that have them. */
  private seed() {
    const rate = { per_second: this.options.perSecond, per_day: this.options.perDay };
    seed(this.db, rate, { addOnPrices: this.reached("add-on-prices") });
  }

  close() {
    this.webhooks.clear();
    this.db.close();
  }
}
