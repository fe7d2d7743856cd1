import "server-only";
import { randomUUID } from "node:crypto";
import type { TokenStore } from "../tokens/token-store";
import type { MarketplaceConfig } from "./config";
import type { MarketplaceFailure, Result } from "./failure";
import { refreshGrant, type TokenSet } from "./oauth";

const REFRESH_MARGIN_MS = 60_000;
const LEASE_MS = 15_000;
const WAIT_STEP_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const answerLost = (failure: MarketplaceFailure) =>
  failure.kind === "timeout" || (failure.kind === "unavailable" && failure.status === undefined);

// One refresh per seller: in this process a shared promise, across instances the store's lease, so that no
// two callers spend the same refresh token.
export function sellerTokens(config: MarketplaceConfig, store: TokenStore) {
  const inFlight = new Map<number, Promise<Result<string>>>();
  // The lease outlives a refresh and its one retry, each of which may take the whole time-out.
  const leaseMs = Math.max(LEASE_MS, config.timeoutMs * 2 + 5_000);

  // A lost answer is tried once more: another instance may have stored a new pair, or the first request never arrived.
  async function grantOnce(
    userId: number,
    refreshToken: string,
    scopes: string[],
    seen: string,
  ): Promise<Result<TokenSet | string>> {
    const first = await refreshGrant(config, refreshToken, scopes);
    if (first.ok || !answerLost(first.failure)) return first;
    const stored = await store.read(userId);
    if (!stored) return { ok: false, failure: { kind: "reauth" } };
    if (stored.accessToken !== seen) return { ok: true, data: stored.accessToken };
    console.error(`marketplace: refresh_token grant for seller ${userId} lost its answer; trying once more`);
    return refreshGrant(config, stored.refreshToken, scopes);
  }

  async function refresh(userId: number, seen: string): Promise<Result<string>> {
    const owner = randomUUID();
    const deadline = Date.now() + leaseMs * 2;
    while (Date.now() < deadline) {
      const current = await store.read(userId);
      if (!current) return { ok: false, failure: { kind: "reauth" } };
      if (current.accessToken !== seen) return { ok: true, data: current.accessToken };
      if (await store.lease(userId, owner, leaseMs)) {
        const leased = await store.read(userId);
        if (!leased) return { ok: false, failure: { kind: "reauth" } };
        if (leased.accessToken !== seen) {
          await store.release(userId, owner);
          return { ok: true, data: leased.accessToken };
        }
        const grant = await grantOnce(userId, leased.refreshToken, leased.scopes, seen);
        if (!grant.ok) {
          if (grant.failure.kind === "reauth") await store.remove(userId);
          else await store.release(userId, owner);
          return grant;
        }
        if (typeof grant.data === "string") {
          await store.release(userId, owner);
          return { ok: true, data: grant.data };
        }
        await store.swap(owner, { userId, ...grant.data });
        return { ok: true, data: grant.data.accessToken };
      }
      await sleep(WAIT_STEP_MS);
    }
    return { ok: false, failure: { kind: "unavailable" } };
  }

  return async function accessToken(userId: number, rejected?: string): Promise<Result<string>> {
    const tokens = await store.read(userId);
    if (!tokens) return { ok: false, failure: { kind: "reauth" } };
    const fresh = tokens.accessExpiresAt - REFRESH_MARGIN_MS > Date.now();
    if (rejected ? tokens.accessToken !== rejected : fresh) return { ok: true, data: tokens.accessToken };
    const running = inFlight.get(userId);
    if (running) return running;
    const started = refresh(userId, tokens.accessToken).finally(() => inFlight.delete(userId));
    inFlight.set(userId, started);
    return started;
  };
}
