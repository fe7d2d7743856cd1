import Link from "next/link";
import { Suspense } from "react";
import { sessionSeller } from "@/lib/auth/seller";
import { needsAttentionCount } from "@/lib/shop-health/needs-attention";

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

/**
 * The one place for what needs the seller (outside changes and the health check), with its count. Only the count
 * streams in: the link itself is there from the first paint, so a keyboard user's focus on it survives the count.
 */
export function NeedsAttentionLink() {
  return (
    <Link
      href="/inbox"
      className="inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap text-blue-800 hover:underline md:min-h-9"
      data-testid="needs-attention"
    >
      Needs attention
      <Suspense fallback={null}>
        <NeedsAttentionCount />
      </Suspense>
    </Link>
  );
}
