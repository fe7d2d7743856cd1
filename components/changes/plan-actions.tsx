import type { PlanView } from "@/lib/changes/plan-view";
import { Button } from "../ui/button";
import { plural } from "./plan-words";

const LINK = "min-h-11 content-center text-blue-800 underline md:min-h-9";

/** What the seller can do with the plan where it stands: apply or discard it under review, retry or undo it after. */
export function PlanActions({
  plan,
  reviewing,
  mayRetry,
  mayUndo,
  busy,
  onApply,
  onIncludeAll,
  onDiscard,
  onRetryAll,
  onPlanUndo,
}: {
  plan: PlanView;
  reviewing: boolean;
  mayRetry: boolean;
  mayUndo: boolean;
  busy: boolean;
  onApply: () => void;
  onIncludeAll: (included: boolean) => void;
  onDiscard: () => void;
  onRetryAll: () => void;
  onPlanUndo: () => void;
}) {
  const failed = plan.counts.outcomes.failed ?? 0;
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {reviewing && (
        <>
          <Button variant="primary" compact disabled={busy || plan.counts.included === 0} onClick={onApply}>
            Apply {plural(plan.counts.included, "change")}
          </Button>
          <Button compact disabled={busy} onClick={() => onIncludeAll(true)} className="text-sm">
            Include every change
          </Button>
          <Button compact disabled={busy} onClick={() => onIncludeAll(false)} className="text-sm">
            Leave every change out
          </Button>
          <button
            type="button"
            disabled={busy}
            onClick={onDiscard}
            className="min-h-11 rounded-md px-3 text-sm font-medium text-red-800 ring-1 ring-red-300 md:min-h-9"
          >
            Discard
          </button>
        </>
      )}
      {mayRetry && failed > 1 && (
        <Button compact disabled={busy} onClick={onRetryAll} className="font-medium">
          Try the {failed} failed again
        </Button>
      )}
      {mayUndo && (
        <Button compact disabled={busy} onClick={onPlanUndo} className="font-medium">
          Plan the undo…
        </Button>
      )}
      {plan.undoOf && (
        <a href={`/changes/${plan.undoOf}`} className={LINK}>
          See the change this undoes
        </a>
      )}
      {plan.undoneBy && (
        <a href={`/changes/${plan.undoneBy}`} className={LINK}>
          See its undo
        </a>
      )}
    </div>
  );
}
