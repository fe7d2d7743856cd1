"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listings/query-keys";
import type { MirrorView } from "@/lib/mirror/mirror-view";
import { LocalTime } from "../local-time";

const HOW: Record<MirrorView["mode"], (view: MirrorView) => string> = {
  webhooks: () => "kept fresh by the marketplace's webhooks",
  polling: (view) => `checked for changes every ${view.pollSeconds} seconds (no webhooks are registered)`,
};

/** How fresh the listings are and how they keep fresh; the shop's first read with its progress; the inbox's count. */
export function MirrorStatus({ initial }: { initial: MirrorView }) {
  const router = useRouter();
  const { data: view = initial } = useQuery({
    queryKey: ["mirror"],
    queryFn: () => fetchFromDashboard<MirrorView>("/api/mirror"),
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.status === "filled" ? 15_000 : 1_000),
  });
  const wasFilled = useRef(initial.status === "filled");
  useEffect(() => {
    // Once the first read is done the page's listings come from the mirror.
    if (view.status === "filled" && !wasFilled.current) router.refresh();
    wasFilled.current = view.status === "filled";
  }, [view.status, router]);

  return (
    <div className="mt-3 space-y-1 text-sm text-stone-700" data-testid="mirror-status">
      {view.status === "filled" ? (
        <p>
          Listings as of {view.syncedAt === null ? "their first read" : <LocalTime at={view.syncedAt} />},{" "}
          {HOW[view.mode](view)}.
        </p>
      ) : (
        <p role="status">
          Reading your shop into the dashboard: {view.listingsRead}
          {view.listingsTotal > 0 && ` of ${view.listingsTotal}`} listings.{" "}
          <progress
            className="align-middle"
            aria-label="Listings read"
            max={Math.max(view.listingsTotal, 1)}
            value={view.listingsRead}
          />
        </p>
      )}
      {view.outsideChanges > 0 && (
        <p>
          <Link href="/inbox" className="font-medium text-amber-900 underline underline-offset-2">
            {view.outsideChanges === 1
              ? "1 change made outside the dashboard"
              : `${view.outsideChanges} changes made outside the dashboard`}
          </Link>{" "}
          to review.
        </p>
      )}
    </div>
  );
}
