"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { listingsHref, parseListingsView } from "@/lib/listings/view";
import { useLastListingsHref } from "./listings/last-listings-view";

export function BackToListingsLink() {
  const params = useSearchParams();
  const remembered = useLastListingsHref("/listings");
  const href = params.has("state") ? listingsHref(parseListingsView(Object.fromEntries(params))) : remembered;
  return (
    <Link
      href={href}
      className="inline-flex min-h-11 items-center text-sm text-blue-800 underline-offset-2 hover:underline md:min-h-0"
    >
      ← Back to listings
    </Link>
  );
}
