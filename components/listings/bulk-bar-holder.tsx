import type { ListingsView } from "@/lib/listings/view";
import type { Selection } from "@/lib/changes/selection-schema";
import { BulkBar } from "./bulk-bar";
import type { useSelection } from "./use-selection";

/**
 * Where the bulk bar sits. On a phone it waits for a selection, then stays pinned to the bottom of the screen, in
 * reach of a thumb; wider, the holder steps aside (display: contents) so that the bar sticks to the top of the list.
 */
export function BulkBarHolder({
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
  const anySelected = selection.allMatching || selection.ids.size > 0;
  const pageSelected = pageIds.filter(selection.isSelected).length;
  const bulkSelection: Selection = selection.allMatching
    ? {
        kind: "filter",
        state: view.state,
        ...(view.q && { q: view.q }),
        ...(view.filter !== "all" && { filter: view.filter }),
        ...(selection.excluded.size > 0 && { exclude: [...selection.excluded] }),
      }
    : { kind: "listings", listingIds: [...selection.ids] };
  return (
    <div
      data-testid="bulk-bar-holder"
      className={
        anySelected
          ? "md:contents max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-20 max-md:p-2 max-md:[&>section]:mt-0 max-md:[&>section]:gap-2 max-md:[&>section]:p-2 max-md:[&>section]:shadow-lg max-md:[&>section>span]:flex-nowrap max-md:[&>section>span]:overflow-x-auto"
          : "max-md:hidden md:contents"
      }
    >
      <BulkBar
        stateLabel={stateLabel}
        narrowed={narrowed}
        count={count}
        selection={bulkSelection}
        selectedCount={selection.allMatching ? Math.max(0, count - selection.excluded.size) : selection.ids.size}
        excludedCount={selection.excluded.size}
        onThisPage={pageSelected}
        allMatching={selection.allMatching}
        pageFullySelected={pageIds.length > 0 && pageSelected === pageIds.length}
        onSelectAllMatching={selection.selectAllMatching}
        onClear={selection.clear}
        multiQuestion={multiQuestion}
      />
    </div>
  );
}
