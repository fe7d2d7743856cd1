import "server-only";
import { NextResponse } from "next/server";
import type { SellerClaims } from "./auth/auth";
import { currentSeller } from "./auth/seller";
import { describeFailure } from "./marketplace/failure";

/** Route handlers that read the dashboard's own database for the signed-in seller's shop. */
export async function readForShop<T>(load: (seller: SellerClaims & { shopId: number }) => Promise<T | undefined>, notFound: string) {
  const seller = await currentSeller();
  if (!seller) return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load"), reauth: true }, { status: 401 });
  const data = seller.shopId === null ? undefined : await load({ ...seller, shopId: seller.shopId });
  if (data === undefined) return NextResponse.json({ error: notFound, reauth: false }, { status: 404 });
  return NextResponse.json(data, { headers: { "cache-control": "no-store" } });
}
