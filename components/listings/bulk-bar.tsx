"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { gridHref } from "@/lib/changes/grid-href";
import type { Selection } from "@/lib/changes/selection-schema";
import { takeChangeDraft, type ChangeDraft } from "../changes/change-draft";
import type { Values } from "../changes/change-kinds";

const loadDialog = () => import("../changes/plan-change-dialog");
const PlanChangeDialog = dynamic(() => loadDialog().then((module) => module.PlanChangeDialog), { ssr: false });

type Props = {
  stateLabel: string;
  narrowed: boolean;
  count: number;
  selection: Selection;
  selectedCount: number;
  onThisPage: number;
  allMatching: boolean;
  excludedCount: number;
  pageFullySelected: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  multiQuestion?: boolean;
};

const plural = (count: number) => `${count} ${count === 1 ? "listing" : "listings"}`;

export function BulkBar({
  stateLabel,
  narrowed,
  count,
  selection,
  selectedCount,
  onThisPage,
  allMatching,
  excludedCount,
  pageFullySelected,
  onSelectAllMatching,
  onClear,
  multiQuestion = false,
}: Props) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ChangeDraft<Values> | null>(null);
  const matching = `${count} ${stateLabel} ${count === 1 ? "listing" : "listings"}${narrowed ? " that match" : ""}`;
  const anySelected = selectedCount > 0;
  useEffect(() => {
    if (anySelected) void loadDialog();
  }, [anySelected]);
  // Back from signing in again with the dialog's values kept: the dialog opens as it was left.
  useEffect(() => {
    if (!anySelected || open) return;
    const kept = takeChangeDraft<Values>();
    if (!kept) return;
    // sessionStorage exists only in the browser, and the selection it also keeps is restored after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDraft(kept);
    setOpen(true);
  }, [anySelected, open]);
  const button = "min-h-11 rounded-md px-3 text-sm font-medium ring-1 disabled:opacity-50 md:min-h-9";
  const hidden = selectedCount - onThisPage;

  return (
    <section
      aria-label="Change several listings at once"
      className={`z-10 mt-4 md:sticky md:top-0 flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 ring-1 ${anySelected ? "shadow-md ring-stone-300" : "ring-stone-200"}`}
    >
      <p aria-live="polite" className="text-sm" data-testid="bulk-selection">
        {allMatching
          ? excludedCount > 0
            ? `${plural(selectedCount)} selected: all ${matching} on every page, except ${excludedCount} you unticked.`
            : `All ${matching} are selected, on every page.`
          : selectedCount === 0
            ? "Tick listings to change them together."
            : `${plural(selectedCount)} selected.${hidden > 0 ? ` ${hidden} of them ${hidden === 1 ? "is" : "are"} not shown here.` : ""}`}
      </p>
      {!allMatching && pageFullySelected && selectedCount > 0 && count > selectedCount && (
        <button
          type="button"
          onClick={onSelectAllMatching}
          className={`${button} text-blue-800 ring-blue-300 hover:bg-blue-50`}
        >
          Select all {matching}
        </button>
      )}
      {selectedCount > 0 && (
        <button type="button" onClick={onClear} className={`${button} ring-stone-300 hover:bg-stone-100`}>
          Clear selection
        </button>
      )}
      <button
        type="button"
        disabled={selectedCount === 0}
        onClick={() => setOpen(true)}
        className={`${button} bg-brand text-white ring-brand hover:bg-brand-dark sm:ml-auto`}
      >
        {selectedCount === 0 ? "Change listings…" : `Change ${plural(selectedCount)}…`}
      </button>
      {anySelected && (
        <Link
          href={gridHref(selection)}
          className={`${button} inline-flex items-center text-blue-800 ring-blue-300 hover:bg-blue-50`}
        >
          Edit in a grid
        </Link>
      )}
      {open && (
        <PlanChangeDialog
          selection={selection}
          selectedCount={selectedCount}
          onClose={() => {
            setOpen(false);
            setDraft(null);
          }}
          questionSet={multiQuestion}
          draft={draft}
        />
      )}
    </section>
  );
}
