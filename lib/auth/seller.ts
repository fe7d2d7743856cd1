import "server-only";
import { redirect } from "next/navigation";
import { auth, type SellerClaims } from "./auth";

export type Seller = SellerClaims & { shopId: number };

/** The signed-in seller, or undefined when there is none or their marketplace grant is gone. */
export async function currentSeller(): Promise<SellerClaims | undefined> {
  const session = await auth();
  const seller = session?.seller;
  return seller && !seller.error ? seller : undefined;
}

/** For pages: the seller, or a trip to the sign-in page that comes back to `path`. */
export async function requireSeller(path: string): Promise<SellerClaims> {
  const session = await auth();
  const seller = session?.seller;
  if (!seller || seller.error) redirect(signInPath(path, seller ? "expired" : undefined));
  return seller;
}

export function signInPath(callbackPath: string, reason?: "expired") {
  return `/sign-in?callbackUrl=${encodeURIComponent(callbackPath)}${reason ? `&reason=${reason}` : ""}`;
}
