import "server-only";
import { randomUUID } from "node:crypto";
import type { TokenStore } from "../auth/token-store";
import type { MarketplaceConfig } from "./config";
import type { Result } from "./failure";
import { refreshGrant } from "./oauth";

const REFRESH_MARGIN_MS = 60_000;
const LEASE_MS = 15_000;
const WAIT_STEP_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A live access token for a seller, refreshed before it expires or after the marketplace rejected `rejected`.
 * One refresh per seller: in this process through a shared promise, across instances through the store's lease;
 * a caller that loses the race waits for the winner's pair instead of spending the refresh token again.
 */
export function sellerTokens(config: MarketplaceConfig, store: TokenStore) {
  const inFlight = new Map<number, Promise<Result<string>>>();

  async function refresh(userId: number, seen: string): Promise<Result<string>> {
    const owner = randomUUID();
    const deadline = Date.now() + LEASE_MS * 2;
    while (Date.now() < deadline) {
      const current = await store.read(userId);
      if (!current) return { ok: false, failure: { kind: "reauth" } };
      if (current.accessToken !== seen) return { ok: true, data: current.accessToken };
      if (await store.lease(userId, owner, LEASE_MS)) {
        const leased = await store.read(userId);
        if (!leased) return { ok: false, failure: { kind: "reauth" } };
        if (leased.accessToken !== seen) {
          await store.release(userId, owner);
          return { ok: true, data: leased.accessToken };
        }
        const grant = await refreshGrant(config, leased.refreshToken, leased.scopes);
        if (!grant.ok) {
          if (grant.failure.kind === "reauth") await store.remove(userId);
          else await store.release(userId, owner);
          return grant;
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
