"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { LISTING_STATES } from "@/lib/listing-queries";
import type { ListingState } from "@/lib/marketplace/client";
import type { Selection } from "@/lib/bulk/bulk-input";

// The dialog carries the form library and the rules (~20 kB gzip): loaded once the seller ticks a listing, not with the page.
const loadDialog = () => import("./bulk-dialog");
const BulkDialog = dynamic(() => loadDialog().then((module) => module.BulkDialog), { ssr: false });

type Props = {
  state: ListingState;
  count: number;
  selectedIds: number[];
  allMatching: boolean;
  pageFullySelected: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** The marketplace is in its multi-question period: a bulk apply carries a whole question set. */
  multiQuestion?: boolean;
};

const plural = (count: number) => `${count} ${count === 1 ? "listing" : "listings"}`;

/** What is selected, the step up to every listing in the filter, and the two bulk changes. */
export function BulkBar({ state, count, selectedIds, allMatching, pageFullySelected, onSelectAllMatching, onClear, multiQuestion = false }: Props) {
  const [mode, setMode] = useState<"apply" | "remove" | null>(null);
  const stateLabel = LISTING_STATES.find((option) => option.value === state)?.label.toLowerCase() ?? state;
  const selectedCount = allMatching ? count : selectedIds.length;
  const selection: Selection = allMatching ? { kind: "filter", state } : { kind: "listings", listingIds: selectedIds };
  const anySelected = selectedCount > 0;
  useEffect(() => {
    if (anySelected) void loadDialog();
  }, [anySelected]);
  const button = "rounded-md px-3 py-1.5 text-sm font-medium ring-1 disabled:opacity-50";

  return (
    <section aria-label="Change several listings at once" className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-stone-200">
      <p aria-live="polite" className="text-sm" data-testid="bulk-selection">
        {allMatching
          ? `All ${count} ${stateLabel} listings are selected, on every page.`
          : selectedCount === 0
            ? "Tick listings to change them together."
            : `${plural(selectedCount)} selected.`}
      </p>
      {!allMatching && pageFullySelected && selectedCount > 0 && count > selectedCount && (
        <button type="button" onClick={onSelectAllMatching} className={`${button} text-blue-800 ring-blue-300 hover:bg-blue-50`}>
          Select all {count} {stateLabel} listings
        </button>
      )}
      {selectedCount > 0 && (
        <button type="button" onClick={onClear} className={`${button} ring-stone-300 hover:bg-stone-100`}>
          Clear selection
        </button>
      )}
      <span className="ml-auto flex flex-wrap gap-2">
        <button type="button" disabled={selectedCount === 0} onClick={() => setMode("apply")} className={`${button} bg-brand text-white ring-brand hover:bg-brand-dark`}>
          {multiQuestion ? "Apply questions…" : "Apply a question…"}
        </button>
        <button type="button" disabled={selectedCount === 0} onClick={() => setMode("remove")} className={`${button} text-red-800 ring-red-300 hover:bg-red-50`}>
          Remove personalization…
        </button>
      </span>
      {mode && <BulkDialog mode={mode} selection={selection} selectedCount={selectedCount} onClose={() => setMode(null)} questionSet={multiQuestion} />}
    </section>
  );
}
