"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { QUEUE_STATES, STATE_LABELS } from "@/lib/orders/queue/states";
import { DUE_LABELS, type OrdersUrlView } from "@/lib/orders/view";
import { Button } from "../ui/button";

const field = "min-h-11 rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9";
// Each label beside its field, so the filters take two lines above the queue rather than four.
const LABEL = "flex items-center gap-1.5 text-sm font-medium";

/**
 * A plain GET form: the view lives in the URL, so it works before any script loads. Folded on a phone, so the queue
 * comes first; opened on a wider screen once the page has loaded.
 */
export function OrderFilters({
  view,
  listings,
}: {
  view: OrdersUrlView;
  listings: { listingId: number; title: string; orders: number }[];
}) {
  const fold = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (fold.current && window.matchMedia("(min-width: 768px)").matches) fold.current.open = true;
  }, []);
  return (
    <details ref={fold} className="mt-2">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold md:min-h-9">
        Filters
      </summary>
      <form
        method="get"
        action="/orders"
        role="search"
        aria-label="Orders"
        className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2"
      >
        <label className={LABEL}>
          Search
          <input
            type="search"
            name="q"
            defaultValue={view.q}
            placeholder="Buyer, order number or answer"
            className={`${field} w-64`}
          />
        </label>
        <label className={LABEL}>
          Listing
          <select name="listing" defaultValue={view.listing ?? ""} className={`${field} max-w-64`}>
            <option value="">All listings</option>
            {listings.map((listing) => (
              <option key={listing.listingId} value={listing.listingId}>
                {listing.title} ({listing.orders})
              </option>
            ))}
          </select>
        </label>
        <label className={LABEL}>
          Ship by
          <select name="due" defaultValue={view.due ?? ""} className={`${field} max-w-56`}>
            <option value="">Any day</option>
            {Object.entries(DUE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className={LABEL}>
          State
          <select name="state" defaultValue={view.state ?? ""} className={field}>
            <option value="">Any state</option>
            {QUEUE_STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
        <label className={LABEL}>
          Sort
          <select name="sort" defaultValue={view.sort} className={field}>
            <option value="ship-by">Ship by, first to ship first</option>
            <option value="deadline">Buyer&apos;s deadline, nearest first</option>
          </select>
        </label>
        <label className={LABEL}>
          Ordered from
          <input type="date" name="from" defaultValue={view.from} className={field} />
        </label>
        <label className={LABEL}>
          to
          <input type="date" name="to" defaultValue={view.to} className={field} />
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium md:min-h-9">
          <input type="hidden" name="open" value="0" />
          <input type="checkbox" name="open" value="1" defaultChecked={view.openOnly} className="size-5 md:size-4" />
          Open only (not shipped or cancelled)
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium md:min-h-9">
          <input type="checkbox" name="note" value="1" defaultChecked={view.hasNote} className="size-5 md:size-4" />
          Has a note from the buyer
        </label>
        <Button type="submit" variant="primary" compact className="text-sm">
          Show orders
        </Button>
        <Link href="/orders" className="inline-flex min-h-11 items-center text-sm text-blue-800 underline md:min-h-9">
          Clear
        </Link>
      </form>
    </details>
  );
}
