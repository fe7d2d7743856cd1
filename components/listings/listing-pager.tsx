"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard, neighboursKey } from "@/lib/listings/query-keys";
import { editorHref, parseListingsView, viewParams, type Neighbour, type Neighbours } from "@/lib/listings/view";

const link =
  "inline-flex min-h-11 max-w-full items-center gap-1 rounded-md px-3 ring-1 ring-stone-300 hover:bg-stone-100 md:min-h-9";

export function ListingPager({ listingId }: { listingId: number }) {
  const view = parseListingsView(Object.fromEntries(useSearchParams()));
  const query = viewParams(view).toString();
  const { data } = useQuery({
    queryKey: neighboursKey(listingId, query),
    queryFn: () => fetchFromDashboard<Neighbours | null>(`/api/listings/${listingId}/neighbours?${query}`),
  });
  if (!data) return null;
  const to = (neighbour: Neighbour) => editorHref(neighbour.id, { ...view, page: neighbour.page });
  return (
    <nav aria-label="Other listings" className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      {data.previous && (
        <Link href={to(data.previous)} rel="prev" className={link}>
          <span aria-hidden="true">←</span>
          <span className="truncate">Previous listing: {data.previous.title}</span>
        </Link>
      )}
      <span className="text-stone-600">
        Listing {data.position} of {data.count}
      </span>
      {data.next && (
        <Link href={to(data.next)} rel="next" className={link}>
          <span className="truncate">Next listing: {data.next.title}</span>
          <span aria-hidden="true">→</span>
        </Link>
      )}
    </nav>
  );
}
