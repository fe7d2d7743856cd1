"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard, mirrorKey } from "@/lib/listings/query-keys";
import type { MirrorView } from "@/lib/mirror/mirror-view";
import { LocalTime } from "../local-time";

const HOW: Record<MirrorView["mode"], (view: MirrorView) => string> = {
  webhooks: () => "kept fresh by the marketplace's webhooks",
  polling: (view) => `checked for changes every ${view.pollSeconds} seconds (no webhooks are registered)`,
};

/** The shop's copy as the listings page rendered it (seeded in its first paint), then as the dashboard reports it. */
export const useMirrorView = () =>
  useQuery({
    queryKey: mirrorKey,
    queryFn: () => fetchFromDashboard<MirrorView>("/api/mirror"),
    refetchInterval: (query) => (query.state.data?.status === "filled" ? 5_000 : 1_000),
  }).data;

export function MirrorStatus() {
  const view = useMirrorView();
  if (!view) return null;

  return (
    <div className="mt-3 space-y-1 text-sm text-stone-700" data-testid="mirror-status">
      {/* On a phone the listings come first; how fresh they are is a line the seller rarely needs there. While the shop is
          copied, the card of its needs says how far the copy is, in the place its counts will take. */}
      <p className="max-md:hidden">
        {view.status === "filled" ? (
          <>
            Listings as of {view.syncedAt === null ? "their first read" : <LocalTime at={view.syncedAt} />},{" "}
            {HOW[view.mode](view)}.
          </>
        ) : (
          "Listings read live from the marketplace."
        )}
      </p>
      <p>
        <Link
          href="/inbox"
          className={`inline-flex min-h-11 items-center underline underline-offset-2 md:min-h-0 ${view.outsideChanges > 0 ? "font-medium text-amber-900" : "text-blue-800"}`}
        >
          {view.outsideChanges === 0
            ? "Outside changes and shop health check"
            : `${view.outsideChanges} ${view.outsideChanges === 1 ? "change" : "changes"} made outside the dashboard to review`}
        </Link>
      </p>
    </div>
  );
}
