"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { PagedPlanView, PlanFilter } from "@/lib/changes/plan-view";
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
