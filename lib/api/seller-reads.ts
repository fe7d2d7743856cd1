import "server-only";
import { NextResponse } from "next/server";
import type { SellerClaims } from "../auth/auth";
import { databaseDown, sessionSeller } from "../auth/seller";
import { describeFailure, type MarketplaceFailure, type Result } from "../marketplace/failure";
import { canReadOrders } from "../marketplace/scopes";

export const DATABASE_DOWN_READ =
  "The dashboard cannot reach its database right now, so it cannot show this. Nothing is lost: reload the page in a minute.";

/** The signed-in seller, or the answer that says why not: a database outage is a 503, not a sign-in that ended. */
async function sellerOrRefusal(): Promise<SellerClaims | NextResponse> {
  const seller = await sessionSeller();
  if (databaseDown(seller))
    return NextResponse.json(
      { error: DATABASE_DOWN_READ, reauth: false },
      { status: 503, headers: { "retry-after": "30" } },
    );
  if (!seller || seller.error)
    return NextResponse.json({ error: describeFailure({ kind: "reauth" }, "load"), reauth: true }, { status: 401 });
  return seller;
}

/** The signed-in seller with a shop whose orders the dashboard may read, or the answer that says why not. */
export async function orderReaderOrRefusal(): Promise<(SellerClaims & { shopId: number }) | NextResponse> {
  const seller = await sellerOrRefusal();
  if (seller instanceof NextResponse) return seller;
  if (seller.shopId === null)
    return NextResponse.json(
      { error: "Your marketplace account has no shop, so there are no orders." },
      { status: 404 },
    );
  if (!canReadOrders(seller.scopes))
    return NextResponse.json(
      { error: "You did not allow the dashboard to read your orders. Open the Orders page and allow it." },
      { status: 403 },
    );
  return { ...seller, shopId: seller.shopId };
}

export async function readForShop<T>(
  load: (seller: SellerClaims & { shopId: number }) => Promise<T | undefined>,
  notFound: string,
) {
  const seller = await sellerOrRefusal();
  if (seller instanceof NextResponse) return seller;
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

export async function readAsSeller<T>(
  load: (seller: SellerClaims) => Promise<Result<T>>,
  action: "load" | "read" = "load",
) {
  const seller = await sellerOrRefusal();
  if (seller instanceof NextResponse) return seller;
  const result = await load(seller);
  if (result.ok) return NextResponse.json(result.data, { headers: { "cache-control": "no-store" } });
  const reauth = result.failure.kind === "reauth" || result.failure.kind === "invalid_token";
  const retryAfter = result.failure.kind === "rate_limited" ? result.failure.retryAfter : undefined;
  return NextResponse.json(
    { error: describeFailure(result.failure, action), reauth, retryAfter },
    { status: STATUS[result.failure.kind] ?? 502 },
  );
}
