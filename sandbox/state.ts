import { openDb, statement, type AppRow, type Db } from "./store/db.js";
import { forgetAnswers } from "./store/listing-cache.js";
import { seed } from "./store/seed.js";
import { RateLimiter } from "./rate-limiter.js";
import { RequestLog } from "./requests/request-log.js";
import { FaultPlan } from "./faults.js";
import { PHASE_STARTS, phaseAt, phaseReached, type Phase } from "./phases.js";
import { WebhookHub } from "./webhooks.js";
import { perReceiptRefusal, spaceRefusal, type PerReceipt, type SpaceBound, type SpaceLimits } from "./space-limits.js";

export const DEFAULT_OPTIONS = {
  db: ":memory:",
  strictHttps: false,
  perSecond: 1000,
  perDay: 1_000_000,
  phase: undefined as Phase | undefined,
};
export type SandboxOptions = typeof DEFAULT_OPTIONS;

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

export class SandboxState {
  readonly db: Db;
  readonly rateLimiter = new RateLimiter();
  readonly log: RequestLog;
  readonly faults = new FaultPlan();
  readonly webhooks: WebhookHub;
  private clockOffsetSeconds = 0;
  /** A period POST /__sandbox/phase (or --phase) pinned; otherwise the period follows the clock. */
  pinnedPhase: Phase | undefined;
  outage: (ms: number) => void = () => {};
  /** The path in front of every route: "" for the default world, `/spaces/{id}` in a space. */
  readonly base: string;
  readonly limits: SpaceLimits | undefined;

  constructor(
    readonly options: SandboxOptions,
    space?: { base: string; limits: SpaceLimits },
  ) {
    this.base = space?.base ?? "";
    this.limits = space?.limits;
    this.log = new RequestLog(space?.limits.log_entries);
    this.pinnedPhase = options.phase;
    this.db = openDb(options.db);
    if (!this.db.prepare("SELECT 1 FROM apps LIMIT 1").get()) this.seed();
    this.webhooks = new WebhookHub(this);
  }

  app(keystring: string): AppRow | undefined {
    return statement(this.db, "SELECT * FROM apps WHERE keystring = ?").get(keystring) as AppRow | undefined;
  }

  accessToken(tokenHash: string): AccessTokenRow | undefined {
    return statement(
      this.db,
      "SELECT user_id, app_id, scopes, expires_at, revoked FROM tokens WHERE token_hash = ? AND kind = 'access'",
    ).get(tokenHash) as AccessTokenRow | undefined;
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffsetSeconds;
  }

  nowMs(): number {
    return Date.now() + this.clockOffsetSeconds * 1000;
  }

  /** The marketplace's period (docs/marketplace.md §13): the pinned one, or the clock's date's. */
  get phase(): Phase {
    return this.pinnedPhase ?? phaseAt(this.now());
  }

  reached(since: Phase) {
    return phaseReached(this.phase, since);
  }

  /** Listing reads carry the legacy personalization fields only until their deprecation (docs/marketplace.md §9.3). */
  get legacyFieldsShown() {
    return this.phase === "migration";
  }

  /** The day whose marketplace the sandbox plays: the pinned phase's first day, or the clock's date. */
  get marketplaceDate(): string {
    return this.pinnedPhase ? PHASE_STARTS[this.pinnedPhase] : new Date(this.now() * 1000).toISOString().slice(0, 10);
  }

  /** Listing reads carry the EU guarantee fields from their date (docs/marketplace.md §18). */
  get guaranteeFieldsShown() {
    return this.reached("eu-guarantees");
  }

  advanceClock(seconds: number) {
    this.clockOffsetSeconds += seconds;
    this.webhooks.wake();
  }

  setClock(seconds: number) {
    this.clockOffsetSeconds = seconds - Math.floor(Date.now() / 1000);
    this.webhooks.wake();
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
    forgetAnswers(this.db);
    this.clockOffsetSeconds = 0;
    this.pinnedPhase = this.options.phase;
    this.seed();
    this.webhooks.clear();
    this.rateLimiter.clear();
    this.log.clear();
    this.faults.clear();
  }

  /** Why adding `count` more of `bound` would overfill this space, or undefined (always, outside a space). */
  refusal(bound: SpaceBound, count = 1): string | undefined {
    return this.limits && spaceRefusal(this, this.limits, bound, count);
  }

  /** Why one more shipment or refund of `receiptId`, `bytes` long, would overfill this space, or undefined. */
  perReceiptRefusal(bound: PerReceipt, receiptId: number, bytes: number): string | undefined {
    return this.limits && perReceiptRefusal(this, this.limits, bound, receiptId, bytes);
  }

  private seed() {
    const rate = { per_second: this.options.perSecond, per_day: this.options.perDay };
    seed(this.db, rate, { addOnPrices: this.reached("add-on-prices"), now: this.now() });
  }

  close() {
    this.webhooks.clear();
    this.db.close();
  }
}
