import Link from "next/link";
import type { Listing } from "@/lib/marketplace/wire";

/** On the listings page: this listing's personalization was changed outside the dashboard and waits in the inbox. */
export function OutsideChangeMark({ listing }: { listing: Listing }) {
  if (!listing.changedOutside) return null;
  return (
    <p className="mt-1 text-xs">
      <Link href="/inbox" className="font-medium text-amber-900 underline underline-offset-2">
        Changed outside the dashboard
      </Link>
    </p>
  );
}
