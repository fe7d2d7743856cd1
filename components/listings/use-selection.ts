"use client";

import { useEffect, useState } from "react";
import type { ListingState } from "@/lib/marketplace/client";
import type { QuestionFilter } from "@/lib/listings/view";

/**
 * Ticked listings stay ticked across pages, searches and sorts of one state, and through a visit to the editor
 * (kept in this tab's sessionStorage); "every matching listing" holds only for the search and filter it was chosen in.
 */
type Stored = { state: ListingState; ids: number[]; allOf: { q: string; filter: QuestionFilter } | null };

const KEY = "listings-selection";
const empty = (state: ListingState): Stored => ({ state, ids: [], allOf: null });

function load(): Stored | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

export function useSelection(view: { state: ListingState; q: string; filter: QuestionFilter }) {
  const [stored, setStored] = useState<Stored>(() => empty(view.state));
  useEffect(() => {
    const saved = load();
    if (saved) setStored(saved);
  }, []);
  const save = (next: Stored) => {
    setStored(next);
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // Storage full or refused: the selection still works on this page.
    }
  };
  const current = stored.state === view.state ? stored : empty(view.state);
  const allMatching = current.allOf !== null && current.allOf.q === view.q && current.allOf.filter === view.filter;
  const ids = new Set(allMatching ? [] : current.ids);
  return {
    ids,
    allMatching,
    toggle(listingIds: number[], checked: boolean) {
      for (const id of listingIds)
        if (checked) ids.add(id);
        else ids.delete(id);
      save({ state: view.state, ids: [...ids], allOf: null });
    },
    selectAllMatching: () => save({ state: view.state, ids: [], allOf: { q: view.q, filter: view.filter } }),
    clear: () => save(empty(view.state)),
  };
}
