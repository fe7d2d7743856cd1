import "server-only";
import type { Seller } from "../marketplace/wire";
import { redirect } from "next/navigation";
import { cache } from "react";
import { DatabaseUnavailable } from "../db/outage";
import { auth, type SellerClaims } from "./auth";

/** The signed-in seller with a shop, as every server action is given them. */
export type SignedInSeller = SellerClaims & Seller;

export type SignInReason = "expired" | "session-ended" | "session-idle" | "session-expired";

const REASONS: Record<Exclude<SellerClaims["error"], undefined | "DatabaseUnavailable">, SignInReason> = {
  ReauthRequired: "expired",
  SessionEnded: "session-ended",
  SessionIdle: "session-idle",
  SessionExpired: "session-expired",
};

export const signInReason = (seller: SellerClaims | undefined): SignInReason | undefined =>
  seller?.error && seller.error !== "DatabaseUnavailable" ? REASONS[seller.error] : undefined;

/** The session could not be checked because the database does not answer: the seller is not signed out for it. */
export const databaseDown = (seller: SellerClaims | undefined) => seller?.error === "DatabaseUnavailable";

// One render asks once, however many places ask; next-auth's jwt callback checks the session row (auth.ts).
export const sessionSeller = cache(async (): Promise<SellerClaims | undefined> => (await auth())?.seller);

export async function currentSeller(): Promise<SellerClaims | undefined> {
  const seller = await sessionSeller();
  return seller && !seller.error ? seller : undefined;
}

export async function requireSeller(path: string): Promise<SellerClaims> {
  const seller = await sessionSeller();
  // The page's error boundary, not the sign-in page: signing in needs the database too.
  if (databaseDown(seller)) throw new DatabaseUnavailable("the session could not be checked");
  if (!seller || seller.error) redirect(signInPath(path, signInReason(seller)));
  return seller;
}

export function signInPath(callbackPath: string, reason?: SignInReason) {
  return `/sign-in?callbackUrl=${encodeURIComponent(callbackPath)}${reason ? `&reason=${reason}` : ""}`;
}
