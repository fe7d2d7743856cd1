"use client";

import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from "react";
import type { PagedPlanView, PlanProgress } from "@/lib/changes/plan-view";

/**
 * While the apply runs, polls only what moved (counts and settled rows), so a plan of thousands stays light; a
 * settled plan stops.
 */
export function usePlanProgress(plan: PagedPlanView, setPlan: Dispatch<SetStateAction<PagedPlanView>>) {
  const planId = plan.id;
  const since = useRef(0);
  const poll = useCallback(async () => {
    const response = await fetch(`/api/changes/${planId}/progress?since=${since.current}`, { cache: "no-store" });
    if (!response.ok) return;
    const { at, items: settled, filterCounts, ...progress } = (await response.json()) as PlanProgress;
    since.current = at;
    const byId = new Map(settled.map((item) => [item.listingId, item]));
    setPlan((current) => ({
      ...current,
      ...progress,
      page: { ...current.page, counts: filterCounts },
      items:
        byId.size === 0
          ? current.items
          : current.items.map((item) => {
              const moved = byId.get(item.listingId);
              return moved ? { ...item, ...moved } : item;
            }),
    }));
  }, [planId, setPlan]);
  useEffect(() => {
    if (plan.status !== "applying" && plan.status !== "paused") return;
    const timer = setInterval(() => void poll(), 1000);
    return () => clearInterval(timer);
  }, [plan.status, poll]);
}
