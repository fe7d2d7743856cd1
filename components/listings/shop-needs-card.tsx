"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listings/query-keys";
import { counted } from "@/lib/orders/count-words";
import type { ShopNeeds } from "@/lib/shop-health/shop-needs";
import { useMirrorView } from "../mirror/mirror-status";
import { useListingsView } from "./use-listings-view";
import { ViewLink } from "./view-link";
import { Panel } from "../ui/panel";

const action =
  "inline-flex min-h-11 items-center rounded-md bg-stone-900 px-3 text-sm font-medium text-white hover:bg-stone-700 md:min-h-9";

/** The first thing the listings page says: what the shop needs, each with the way to do it. */
export function ShopNeedsCard({ initial }: { initial: ShopNeeds | null }) {
  const { view, show } = useListingsView();
  const mirror = useMirrorView();
  const filled = mirror?.status === "filled";
  const { data: needs = initial } = useQuery({
    queryKey: ["shop-needs"],
    queryFn: () => fetchFromDashboard<ShopNeeds>("/api/shop-needs"),
    enabled: filled,
    ...(initial && { initialData: initial }),
  });
  const nothing = needs && needs.activeWithoutQuestion === 0 && needs.needAttention === 0;

  return (
    <Panel
      heading="What your shop needs"
      headingClassName="font-semibold"
      className="mt-3 p-3 text-sm md:p-4"
      data-testid="shop-needs"
    >
      {!needs ? (
        // In the counts' place while the shop is copied, as tall as one need, so the table below does not jump when they
        // arrive.
        <p role="status" className="mt-1 min-h-[4.5rem] text-stone-700 md:min-h-10">
          Counted once your shop is copied into the dashboard; the listings below are read from the marketplace
          meanwhile.{" "}
          <progress
            className="align-middle"
            aria-label="Listings copied"
            max={Math.max(mirror?.listingsTotal ?? 0, 1)}
            value={mirror && mirror.listingsTotal > 0 ? mirror.listingsRead : undefined}
          />
          {/* Last on its line: a number that grows moves nothing after it. */}
          {mirror && !filled && mirror.listingsTotal > 0 && (
            <span className="tabular-nums">
              {" "}
              {mirror.listingsRead} of {mirror.listingsTotal} listings
            </span>
          )}
        </p>
      ) : nothing ? (
        <p className="mt-1 text-stone-700">
          Every active listing asks buyers something, and no listing needs attention.
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {needs.activeWithoutQuestion > 0 && (
            <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>
                <strong>{counted(needs.activeWithoutQuestion, "active listing")}</strong>{" "}
                {needs.activeWithoutQuestion === 1 ? "asks" : "ask"} buyers nothing.
              </span>
              <ViewLink
                to={{ ...view, state: "active", filter: "none", q: "", page: 1 }}
                onShow={show}
                className={action}
              >
                Add a question
              </ViewLink>
            </li>
          )}
          {needs.needAttention > 0 && (
            <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>
                <strong>{counted(needs.needAttention, "listing needs", "listings need")} attention</strong>: changed
                outside the dashboard, or asking something the marketplace would refuse.
              </span>
              <Link href="/inbox" className={action}>
                See what needs attention
              </Link>
            </li>
          )}
        </ul>
      )}
      <p className="mt-2 hidden text-stone-600 md:block">
        Add a question shows the listings that ask nothing: tick them, and the bar above the list changes them all at
        once after you review the change. Changes and spreadsheets lists every change made here and lets you edit
        listings in a spreadsheet.
      </p>
    </Panel>
  );
}
