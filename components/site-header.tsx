import Link from "next/link";
import { Suspense } from "react";
import { signOutAction } from "@/app/auth-actions";
import { currentSeller, sessionSeller } from "@/lib/auth/seller";
import { needsAttentionCount } from "@/lib/shop-health/needs-attention";
import { SignOutEverywhere } from "./sign-out-everywhere";
import { Button } from "./ui/button";

async function NeedsAttentionCount() {
  const seller = await sessionSeller();
  const count = seller?.shopId ? await needsAttentionCount(seller.shopId).catch(() => null) : null;
  if (count === null || count === 0) return null;
  return (
    <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
      {count}
    </span>
  );
}

export async function SiteHeader({ shopName }: { shopName: string | null }) {
  // A marketplace account without a shop has nothing to attend to and no orders: the listings page says how to open one.
  const seller = await currentSeller();
  const hasShop = seller?.shopId !== null;
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 md:py-3">
        {/* Rarely followed from the page they sit on: no prefetch, so a first load fetches nothing more. */}
        <Link
          href="/listings"
          prefetch={false}
          className="inline-flex min-h-11 items-center font-semibold text-stone-900"
        >
          Personalization dashboard
        </Link>
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {hasShop && (
            <>
              {/* The one place for what needs the seller (outside changes and the health check), with its count. Only
                  the count streams in: the link is there from the first paint, so a keyboard user's focus survives it. */}
              <Link
                href="/inbox"
                prefetch={false}
                className="inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap text-blue-800 hover:underline md:min-h-9"
                data-testid="needs-attention"
              >
                Needs attention
                <Suspense fallback={null}>
                  <NeedsAttentionCount />
                </Suspense>
              </Link>
              <Link
                href="/orders"
                prefetch={false}
                className="inline-flex min-h-11 min-w-11 items-center justify-center px-1 text-blue-800 underline md:min-h-9"
              >
                Orders
              </Link>
            </>
          )}
          {shopName && <span className="truncate text-stone-600">{shopName}</span>}
          <form action={signOutAction}>
            <Button type="submit" compact className="whitespace-nowrap">
              Sign out
            </Button>
          </form>
          <SignOutEverywhere />
        </div>
      </div>
    </header>
  );
}
