"use client";

import { useRouter } from "next/navigation";
import type { ListingState } from "@/lib/marketplace/client";
import type { PlanFilter } from "@/lib/changes/plan-view";
import { useFeedback } from "../feedback/toast-context";
import { keepSelection } from "../listings-selection";
import { plural } from "./plan-words";

/**
 * Takes some of a plan's listings to the listings page, ticked and ready for a change. That page keeps its selection
 * in this tab's storage, so the listings are kept there first.
 */
export function useSelectOnListings(planId: string) {
  const router = useRouter();
  const { notify } = useFeedback();
  const select = (state: ListingState, listingIds: number[], elsewhere: number) => {
    keepSelection(state, listingIds);
    if (elsewhere > 0)
      notify({
        tone: "info",
        text: `${plural(elsewhere, "other listing")} of these ${elsewhere === 1 ? "is" : "are"} in another state: select ${elsewhere === 1 ? "it" : "them"} from that tab.`,
      });
    router.push(`/listings?state=${state}`);
  };
  const selectShown = async (of: PlanFilter) => {
    const response = await fetch(`/api/changes/${planId}/listings?filter=${of}`, { cache: "no-store" });
    if (!response.ok) return notify({ tone: "error", text: "These listings could not be loaded. Try again." });
    const chosen = (await response.json()) as { state: ListingState; listingIds: number[]; elsewhere: number };
    select(chosen.state, chosen.listingIds, chosen.elsewhere);
  };
  return { select, selectShown };
}
