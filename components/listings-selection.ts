"use client";

import { useEffect, useState } from "react";
import type { ListingState } from "@/lib/marketplace/client";
import type { QuestionFilter } from "@/lib/listings/view";
import { keepInTab, readFromTab } from "./tab-storage";

type Stored = {
  state: ListingState;
  ids: number[];
  allOf: { q: string; filter: QuestionFilter; excluded?: number[] } | null;
};

const KEY = "listings-selection";
const empty = (state: ListingState): Stored => ({ state, ids: [], allOf: null });

/** Selects exactly `ids` of `state`'s listings for the listings page, as if the seller had ticked them there. */
export function keepSelection(state: ListingState, ids: number[]) {
  keepInTab(KEY, { state, ids, allOf: null } satisfies Stored);
}

export function useSelection(view: { state: ListingState; q: string; filter: QuestionFilter }) {
  const [stored, setStored] = useState<Stored>(() => empty(view.state));
  useEffect(() => {
    const saved = readFromTab(KEY) as Stored | undefined;
    // sessionStorage exists only in the browser, so the server's render and hydration start empty.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (saved) setStored(saved);
  }, []);
  const save = (next: Stored) => {
    setStored(next);
    keepInTab(KEY, next);
  };
  const current = stored.state === view.state ? stored : empty(view.state);
  const allOf = current.allOf;
  const allMatching = allOf !== null && allOf.q === view.q && allOf.filter === view.filter;
  const ids = new Set(allMatching ? [] : current.ids);
  const excluded = new Set(allMatching ? (allOf.excluded ?? []) : []);
  return {
    ids,
    allMatching,
    excluded,
    isSelected: (id: number) => (allMatching ? !excluded.has(id) : ids.has(id)),
    toggle(listingIds: number[], checked: boolean) {
      if (allMatching) {
        for (const id of listingIds)
          if (checked) excluded.delete(id);
          else excluded.add(id);
        save({ state: view.state, ids: [], allOf: { q: view.q, filter: view.filter, excluded: [...excluded] } });
        return;
      }
      for (const id of listingIds)
        if (checked) ids.add(id);
        else ids.delete(id);
      save({ state: view.state, ids: [...ids], allOf: null });
    },
    selectAllMatching: () => save({ state: view.state, ids: [], allOf: { q: view.q, filter: view.filter } }),
    clear: () => save(empty(view.state)),
  };
}
