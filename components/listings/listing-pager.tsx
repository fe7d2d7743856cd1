"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard, neighboursKey } from "@/lib/listings/query-keys";
import { editorHref, parseListingsView, viewParams, type Neighbour, type Neighbours } from "@/lib/listings/view";

const link =
  "inline-flex min-h-11 max-w-full items-center gap-1 rounded-md px-3 ring-1 ring-stone-300 hover:bg-stone-100 md:min-h-9";
// No prefetch: two editors' pages fetched and read as the editor loads cost its first load a long task.
// One row of a fixed height, kept while the neighbours load and when there are none, so the editor below never moves.
const row = "mt-4 grid h-11 grid-cols-[1fr_auto_1fr] items-center gap-2 text-sm md:h-9";

export function ListingPager({ listingId }: { listingId: number }) {
  const view = parseListingsView(Object.fromEntries(useSearchParams()));
  const query = viewParams(view).toString();
  const { data } = useQuery({
    queryKey: neighboursKey(listingId, query),
    queryFn: () => fetchFromDashboard<Neighbours | null>(`/api/listings/${listingId}/neighbours?${query}`),
  });
  if (!data) return <div className={row} />;
  const to = (neighbour: Neighbour) => editorHref(neighbour.id, { ...view, page: neighbour.page });
  return (
    <nav aria-label="Other listings" className={row}>
      <div className="min-w-0">
        {data.previous && (
          <Link href={to(data.previous)} rel="prev" prefetch={false} className={link}>
            <span aria-hidden="true">←</span>
            <span className="truncate">Previous listing: {data.previous.title}</span>
          </Link>
        )}
      </div>
      <span className="whitespace-nowrap text-stone-600">
        Listing {data.position} of {data.count}
      </span>
      <div className="flex min-w-0 justify-end">
        {data.next && (
          <Link href={to(data.next)} rel="next" prefetch={false} className={link}>
            <span className="truncate">Next listing: {data.next.title}</span>
            <span aria-hidden="true">→</span>
          </Link>
        )}
      </div>
    </nav>
  );
}
