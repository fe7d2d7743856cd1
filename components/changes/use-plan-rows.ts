"use client";

import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import type { PagedPlanView, PlanFilter, PlanProgress } from "@/lib/changes/plan-view";
import { outageBackoffMs } from "../feedback/outage-backoff";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads one page of a plan's rows. When the dashboard does not answer (no connection, or a 5xx) it says so once and
 * asks again by itself, less often as it lasts, as the editor's save does; a later load supersedes it.
 */
export function usePlanPage(planId: string, onPage: (page: PagedPlanView) => void, onRefused: () => void) {
  const [failing, setFailing] = useState(false);
  const generation = useRef(0);
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );
  const load = useCallback(
    async (at: { filter: PlanFilter; offset: number }) => {
      const mine = ++generation.current;
      for (let attempt = 0; ; attempt++) {
        const response = await fetch(`/api/changes/${planId}?filter=${at.filter}&offset=${at.offset}`, {
          cache: "no-store",
        }).catch(() => undefined);
        if (mine !== generation.current) return;
        if (response?.ok) {
          setFailing(false);
          return onPage((await response.json()) as PagedPlanView);
        }
        if (response && response.status < 500) {
          setFailing(false);
          return onRefused();
        }
        setFailing(true);
        await sleep(outageBackoffMs(attempt));
        if (mine !== generation.current) return;
      }
    },
    [planId, onPage, onRefused],
  );
  return { load, failing };
}

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
