import { openDb, type Db } from "./db.js";
import { seed } from "./seed.js";
import { RateLimiter } from "./rate-limiter.js";
import { RequestLog } from "./request-log.js";
import { FaultPlan } from "./faults.js";
import type { AppRow } from "./http.js";

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

export const DEFAULT_OPTIONS: SandboxOptions = { db: ":memory:", strictHttps: false, perSecond: 1000, perDay: 1_000_000, phase: "migration" };

export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_TOKEN_TTL = 90 * 24 * 3600;
export const CODE_TTL = 600;

/** Everything one running sandbox holds: its database, its clock and the test controls. */
export class SandboxState {
  readonly db: Db;
  readonly rateLimiter = new RateLimiter();
  readonly log = new RequestLog();
  readonly faults = new FaultPlan();
  private clockOffsetSeconds = 0;
  /** The marketplace's period (spec 9); POST /__sandbox/phase changes it while the sandbox runs. */
  phase: Phase;
  /** Apps by keystring, read on every /v3 request; forgotten whenever an app changes (appsChanged). */
  private readonly apps = new Map<string, AppRow>();
  /** Set by the server: stop listening for a while, as a marketplace outage does (connections refused). */
  outage: (ms: number) => void = () => {};

  constructor(readonly options: SandboxOptions) {
    this.phase = options.phase;
    this.db = openDb(options.db);
    const seeded = this.db.prepare("SELECT 1 FROM apps LIMIT 1").get();
    if (!seeded) seed(this.db, { per_second: options.perSecond, per_day: options.perDay });
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
    this.appsChanged();
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
