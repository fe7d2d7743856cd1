import { openDb, statement, type AppRow, type Db } from "./store/db.js";
import { seed } from "./store/seed.js";
import { RateLimiter } from "./rate-limiter.js";
import { RequestLog } from "./request-log.js";
import { FaultPlan } from "./faults.js";

/** Spec 9: the migration period, then legacy fields gone, then several questions of further types. */
export const PHASES = ["migration", "post-deprecation", "multi-question"] as const;
export type Phase = (typeof PHASES)[number];

export type SandboxOptions = {
  db: string;
  strictHttps: boolean;
  perSecond: number;
  perDay: number;
  phase: Phase;
};

export const DEFAULT_OPTIONS: SandboxOptions = {
  db: ":memory:",
  strictHttps: false,
  perSecond: 1000,
  perDay: 1_000_000,
  phase: "migration",
};

export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_TOKEN_TTL = 90 * 24 * 3600;
export const CODE_TTL = 600;

export type AccessTokenRow = {
  user_id: number;
  app_id: number;
  scopes: string;
  expires_at: number;
  revoked: number;
};

/** Everything one running sandbox holds: its database, its clock and the test controls. */
export class SandboxState {
  readonly db: Db;
  readonly rateLimiter = new RateLimiter();
  readonly log = new RequestLog();
  readonly faults = new FaultPlan();
  private clockOffsetSeconds = 0;
  /** The marketplace's period (spec 9); POST /__sandbox/phase changes it while the sandbox runs. */
  phase: Phase;
  /** Set by the server: stop listening for a while, as a marketplace outage does (connections refused). */
  outage: (ms: number) => void = () => {};

  constructor(readonly options: SandboxOptions) {
    this.phase = options.phase;
    this.db = openDb(options.db);
    const seeded = this.db.prepare("SELECT 1 FROM apps LIMIT 1").get();
    if (!seeded) seed(this.db, { per_second: options.perSecond, per_day: options.perDay });
  }

  app(keystring: string): AppRow | undefined {
    return statement(this.db, "SELECT * FROM apps WHERE keystring = ?").get(keystring) as AppRow | undefined;
  }

  /** The access token with this hash, however old or revoked: the caller checks. */
  accessToken(tokenHash: string): AccessTokenRow | undefined {
    return statement(
      this.db,
      "SELECT user_id, app_id, scopes, expires_at, revoked FROM tokens WHERE token_hash = ? AND kind = 'access'",
    ).get(tokenHash) as AccessTokenRow | undefined;
  }

  /** The sandbox clock in seconds: real time plus whatever POST /__sandbox/clock added. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffsetSeconds;
  }

  nowMs(): number {
    return Date.now() + this.clockOffsetSeconds * 1000;
  }

  /** Listing reads carry the legacy personalization fields only until their deprecation (spec 9.3). */
  get legacyFieldsShown() {
    return this.phase === "migration";
  }

  advanceClock(seconds: number) {
    this.clockOffsetSeconds += seconds;
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
    seed(this.db, { per_second: this.options.perSecond, per_day: this.options.perDay });
    this.clockOffsetSeconds = 0;
    this.phase = this.options.phase;
    this.rateLimiter.clear();
    this.log.clear();
    this.faults.clear();
  }

  close() {
    this.db.close();
  }
}
