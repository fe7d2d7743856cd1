import { PLAN_PAGE_ROWS } from "@/lib/changes/plan-view";
import { Button } from "../ui/button";

/** The previous and next page of a plan's rows, and which of them are shown. */
export function PlanPager({
  offset,
  count,
  busy,
  onOffset,
}: {
  offset: number;
  count: number;
  busy: boolean;
  onOffset: (offset: number) => void;
}) {
  return (
    <nav aria-label="Pages of listings" className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <Button compact disabled={busy || offset === 0} onClick={() => onOffset(Math.max(0, offset - PLAN_PAGE_ROWS))}>
        Previous {PLAN_PAGE_ROWS}
      </Button>
      <p data-testid="plan-rows-shown">
        Listings {offset + 1}–{Math.min(offset + PLAN_PAGE_ROWS, count)} of {count}
      </p>
      <Button
        compact
        disabled={busy || offset + PLAN_PAGE_ROWS >= count}
        onClick={() => onOffset(offset + PLAN_PAGE_ROWS)}
      >
        Next {PLAN_PAGE_ROWS}
      </Button>
    </nav>
  );
}
