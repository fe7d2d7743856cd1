import Link from "next/link";
import { signOutAction } from "@/app/auth-actions";
import { currentSeller } from "@/lib/auth/seller";
import { NeedsAttentionLink } from "./needs-attention-link";
import { SignOutEverywhere } from "./sign-out-everywhere";
import { Button } from "./ui/button";

export async function SiteHeader({ shopName }: { shopName: string | null }) {
  // A marketplace account without a shop has nothing to attend to and no orders: the listings page says how to open one.
  const seller = await currentSeller();
  const hasShop = seller?.shopId !== null;
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 md:py-3">
        <Link href="/listings" className="inline-flex min-h-11 items-center font-semibold text-stone-900">
          Personalization dashboard
        </Link>
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {hasShop && (
            <>
              <NeedsAttentionLink />
              <Link
                href="/orders"
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
