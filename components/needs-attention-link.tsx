import Link from "next/link";
import { sessionSeller } from "@/lib/auth/seller";
import { needsAttentionCount } from "@/lib/mirror/needs-attention";

const className =
  "inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap text-blue-800 hover:underline md:min-h-9";

/** The one place for what needs the seller (outside changes and the health check), with its count. */
export async function NeedsAttentionLink() {
  const seller = await sessionSeller();
  const count = seller?.shopId ? await needsAttentionCount(seller.shopId).catch(() => null) : null;
  return (
    <Link href="/inbox" className={className} data-testid="needs-attention">
      Needs attention
      {count !== null && count > 0 && (
        <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
          {count}
        </span>
      )}
    </Link>
  );
}

export const NeedsAttentionFallback = () => (
  <Link href="/inbox" className={className}>
    Needs attention
  </Link>
);
