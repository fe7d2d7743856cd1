"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { gridHref } from "@/lib/changes/grid-href";
import type { Selection } from "@/lib/changes/selection-schema";
import type { ListingsView } from "@/lib/listings/view";
import { takeChangeDraft, type ChangeDraft } from "../changes/change-draft";
import type { Values } from "../changes/change-kinds";
import { plural } from "../changes/plan-words";
import type { useSelection } from "../listings-selection";

const loadDialog = () => import("../changes/plan-change-dialog");
const PlanChangeDialog = dynamic(() => loadDialog().then((module) => module.PlanChangeDialog), { ssr: false });

/**
 * The bar that changes the selected listings together. On a phone it waits for a selection, then stays pinned to the
 * bottom of the screen, in reach of a thumb; wider, its holder steps aside (display: contents) so that the bar sticks
 * to the top of the list.
 */
export function BulkBar({
  view,
  selection,
  count,
  pageIds,
  stateLabel,
  narrowed,
  multiQuestion,
}: {
  view: ListingsView;
  selection: ReturnType<typeof useSelection>;
  /** How many listings match the view. */
  count: number;
  pageIds: number[];
  stateLabel: string;
  narrowed: boolean;
  multiQuestion: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ChangeDraft<Values> | null>(null);
  const { allMatching, excluded } = selection;
  const selectedCount = allMatching ? Math.max(0, count - excluded.size) : selection.ids.size;
  const onThisPage = pageIds.filter(selection.isSelected).length;
  const pageFullySelected = pageIds.length > 0 && onThisPage === pageIds.length;
  const bulkSelection: Selection = allMatching
    ? {
        kind: "filter",
        state: view.state,
        ...(view.q && { q: view.q }),
        ...(view.filter !== "all" && { filter: view.filter }),
        ...(excluded.size > 0 && { exclude: [...excluded] }),
      }
    : { kind: "listings", listingIds: [...selection.ids] };
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
    <div
      data-testid="bulk-bar-holder"
      className={
        allMatching || selection.ids.size > 0
          ? "md:contents max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-20 max-md:p-2 max-md:[&>section]:mt-0 max-md:[&>section]:gap-2 max-md:[&>section]:p-2 max-md:[&>section]:shadow-lg max-md:[&>section>span]:flex-nowrap max-md:[&>section>span]:overflow-x-auto"
          : "max-md:hidden md:contents"
      }
    >
      <section
        aria-label="Change several listings at once"
        className={`z-10 mt-4 md:sticky md:top-0 flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 ring-1 ${anySelected ? "shadow-md ring-stone-300" : "ring-stone-200"}`}
      >
        <p aria-live="polite" className="text-sm" data-testid="bulk-selection">
          {allMatching
            ? excluded.size > 0
              ? `${plural(selectedCount, "listing")} selected: all ${matching} on every page, except ${excluded.size} you unticked.`
              : `All ${matching} are selected, on every page.`
            : selectedCount === 0
              ? "Tick listings to change them together."
              : `${plural(selectedCount, "listing")} selected.${hidden > 0 ? ` ${hidden} of them ${hidden === 1 ? "is" : "are"} not shown here.` : ""}`}
        </p>
        {!allMatching && pageFullySelected && selectedCount > 0 && count > selectedCount && (
          <button
            type="button"
            onClick={selection.selectAllMatching}
            className={`${button} text-blue-800 ring-blue-300 hover:bg-blue-50`}
          >
            Select all {matching}
          </button>
        )}
        {selectedCount > 0 && (
          <button type="button" onClick={selection.clear} className={`${button} ring-stone-300 hover:bg-stone-100`}>
            Clear selection
          </button>
        )}
        <button
          type="button"
          disabled={selectedCount === 0}
          onClick={() => setOpen(true)}
          className={`${button} bg-brand text-white ring-brand hover:bg-brand-dark sm:ml-auto`}
        >
          {selectedCount === 0 ? "Change listings…" : `Change ${plural(selectedCount, "listing")}…`}
        </button>
        {anySelected && (
          <Link
            href={gridHref(bulkSelection)}
            className={`${button} inline-flex items-center text-blue-800 ring-blue-300 hover:bg-blue-50`}
          >
            Edit in a grid
          </Link>
        )}
        {open && (
          <PlanChangeDialog
            selection={bulkSelection}
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
    </div>
  );
}
