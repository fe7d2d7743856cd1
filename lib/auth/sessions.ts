import "server-only";
import { db } from "../db";
import { isDatabaseUnreachable } from "../db/outage";
import { env } from "../env";
import { sessionStore, type SessionEnd } from "./session-store";
import { tokenStore } from "../tokens/token-store";

export type SellerClaims = {
  userId: number;
  shopId: number | null;
  shopName: string | null;
  scopes: string[];
  /** `DatabaseUnavailable`: the session could not be checked, so the seller is neither let in nor signed out. */
  error?: "ReauthRequired" | SessionError | "DatabaseUnavailable";
};

export async function sessions() {
  const { SESSION_IDLE_SECONDS, SESSION_ABSOLUTE_SECONDS } = env();
  return sessionStore(await db(), { idleMs: SESSION_IDLE_SECONDS * 1000, absoluteMs: SESSION_ABSOLUTE_SECONDS * 1000 });
}

export const sessionMaxAgeSeconds = () => env().SESSION_ABSOLUTE_SECONDS;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

export function idleLimitInWords(seconds = env().SESSION_IDLE_SECONDS) {
  if (seconds % 3600 === 0) return plural(seconds / 3600, "hour");
  if (seconds % 60 === 0) return plural(seconds / 60, "minute");
  return plural(seconds, "second");
}

// Browsers share the seller's tokens, so they go with the last session: the spec has no revocation endpoint.
export async function endSession(sessionId: string | undefined, userId: number) {
  const remaining = sessionId
    ? await (await sessions()).end(sessionId, userId)
    : await (await sessions()).count(userId);
  if (remaining === 0) await tokenStore(await db()).remove(userId);
}

export async function endEverySession(userId: number) {
  await (await sessions()).endAll(userId);
  await tokenStore(await db()).remove(userId);
}

export type SessionError = "SessionEnded" | "SessionIdle" | "SessionExpired";

export const SESSION_ERRORS: Record<SessionEnd, SessionError> = {
  ended: "SessionEnded",
  idle: "SessionIdle",
  expired: "SessionExpired",
};

export async function liveSeller(claims: Record<string, unknown>): Promise<SellerClaims | undefined> {
  const seller = claims.seller as SellerClaims | undefined;
  if (!seller) return undefined;
  try {
    const session =
      typeof claims.sid === "string"
        ? await (await sessions()).check(claims.sid, seller.userId)
        : ({ alive: false, reason: "ended" } as const);
    if (!session.alive) return { ...seller, error: SESSION_ERRORS[session.reason] };
    const scopes = await tokenStore(await db()).scopes(seller.userId);
    return { ...seller, scopes: scopes ?? seller.scopes, error: scopes ? undefined : "ReauthRequired" };
  } catch (error) {
    // next-auth clears the session cookie when this throws: an outage of the database must not sign sellers out.
    if (isDatabaseUnreachable(error)) return { ...seller, error: "DatabaseUnavailable" };
    throw error;
  }
}
