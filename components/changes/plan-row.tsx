import type { PlanItemView } from "@/lib/changes/plan-view";
import { questionDiff } from "@/lib/personalization/question-diff";
import { QuestionDiff } from "../questions/question-diff";
import { Button } from "../ui/button";

// Each state its own look, so a row still waiting never reads as one changed.
const OUTCOMES: Record<string, { label: string; style: string }> = {
  pending: { label: "Waiting", style: "bg-stone-100 text-stone-800 ring-1 ring-stone-400 ring-inset" },
  done: { label: "Changed", style: "bg-green-100 text-green-900" },
  "changed-elsewhere": { label: "Changed elsewhere: left as it is", style: "bg-amber-100 text-amber-900" },
  failed: { label: "Failed: not changed", style: "bg-red-100 text-red-900 font-medium" },
  "left-out": { label: "Left out", style: "bg-stone-100 text-stone-800" },
};

function statusLabel(item: PlanItemView) {
  if (item.status === "change") return item.included ? "Changes" : "Left out";
  if (item.status === "skipped") return "Skipped";
  return item.status === "changed-since" ? "Changed since: left as it is" : "Unchanged";
}

function RowButton({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <Button compact onClick={onClick} aria-label={label} className="text-sm font-medium">
      {children}
    </Button>
  );
}

/** One listing of a plan: its before → after, whether it is in, and once applied what became of it. */
export function PlanRow({
  item,
  reviewing,
  keptLabel,
  onInclude,
  onTake,
  onRetry,
  onChangeAgain,
}: {
  item: PlanItemView;
  reviewing: boolean;
  keptLabel: string;
  onInclude: (item: PlanItemView, included: boolean) => void;
  onTake: (item: PlanItemView) => void;
  onChangeAgain: (item: PlanItemView) => void;
  /** Given when the seller may try a row that was not changed again. */
  onRetry?: (item: PlanItemView) => void;
}) {
  const conflict = item.outcome === "changed-elsewhere";
  return (
    <article
      aria-label={item.title}
      data-testid="plan-row"
      data-listing-id={item.listingId}
      className={`border-b border-stone-200 p-3 ${item.status === "change" && !item.included ? "opacity-60" : ""}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        {item.status === "change" && reviewing ? (
          <label className="flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              checked={item.included}
              onChange={(event) => onInclude(item, event.target.checked)}
              className="size-4"
            />
            {item.title}
          </label>
        ) : (
          <span className="font-medium">{item.title}</span>
        )}
        <span className="text-xs text-stone-500">#{item.listingId}</span>
        <span className="rounded bg-stone-100 px-2 text-xs">{statusLabel(item)}</span>
        {item.status === "changed-since" && reviewing && (
          <RowButton onClick={() => onTake(item)} label={`Take your cells for ${item.title}`}>
            Take your cells
          </RowButton>
        )}
        {item.outcome && item.outcome !== "left-out" && (
          <span data-testid="plan-outcome" className={`rounded px-2 text-xs ${OUTCOMES[item.outcome]?.style ?? ""}`}>
            {OUTCOMES[item.outcome]?.label}
          </span>
        )}
        {item.outcome === "failed" && onRetry && (
          <RowButton onClick={() => onRetry(item)} label={`Try ${item.title} again`}>
            Try again
          </RowButton>
        )}
        {conflict && (
          <RowButton onClick={() => onChangeAgain(item)} label={`Change ${item.title} again`}>
            Change it again
          </RowButton>
        )}
      </header>
      {item.reason && <p className="mt-1 text-sm text-amber-900">{item.reason}</p>}
      {item.outcomeReason && <p className="mt-1 text-sm text-amber-900">{item.outcomeReason}</p>}
      {item.diff.length > 0 && <QuestionDiff changes={item.diff} />}
      {item.kept && item.kept.length > 0 && (
        <div className="mt-1 text-amber-900" data-testid="plan-kept">
          <p className="text-sm">{keptLabel}</p>
          <QuestionDiff changes={item.kept} label="Changed since, left as it is" />
        </div>
      )}
      {conflict && item.current && (
        <div className="mt-2" data-testid="plan-conflict">
          <p className="text-sm font-medium">Changed since you reviewed it, so it is kept as it is now:</p>
          <QuestionDiff changes={questionDiff(item.before, item.current)} label="Changed since you reviewed it" />
        </div>
      )}
    </article>
  );
}
