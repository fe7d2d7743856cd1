import "server-only";
import { NextResponse } from "next/server";
import type { SellerClaims } from "../auth/auth";
import { currentSeller } from "../auth/seller";
import { describeFailure, type MarketplaceFailure, type Result } from "../marketplace/failure";

export async function readForShop<T>(
  load: (seller: SellerClaims & { shopId: number }) => Promise<T | undefined>,
  notFound: string,
) {
  const seller = await currentSeller();
  if (!seller)
    return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load"), reauth: true }, { status: 401 });
  const data = seller.shopId === null ? undefined : await load({ ...seller, shopId: seller.shopId });
  if (data === undefined) return NextResponse.json({ error: notFound, reauth: false }, { status: 404 });
  return NextResponse.json(data, { headers: { "cache-control": "no-store" } });
}

const STATUS: Partial<Record<MarketplaceFailure["kind"], number>> = {
  reauth: 401,
  invalid_token: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  timeout: 504,
};

export async function readAsSeller<T>(load: (seller: SellerClaims) => Promise<Result<T>>) {
  const seller = await currentSeller();
  if (!seller)
    return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load"), reauth: true }, { status: 401 });
  const result = await load(seller);
  if (result.ok) return NextResponse.json(result.data, { headers: { "cache-control": "no-store" } });
  const reauth = result.failure.kind === "reauth" || result.failure.kind === "invalid_token";
  const retryAfter = result.failure.kind === "rate_limited" ? result.failure.retryAfter : undefined;
  return NextResponse.json(
    { error: describeFailure(result.failure, "load"), reauth, retryAfter },
    { status: STATUS[result.failure.kind] ?? 502 },
  );
}
