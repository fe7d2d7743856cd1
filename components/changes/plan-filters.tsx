import type { PlanFilter } from "@/lib/changes/plan-view";

const FILTERS: { value: PlanFilter; label: string }[] = [
  { value: "changes", label: "Changes" },
  { value: "all", label: "All" },
  { value: "failed", label: "Failed" },
  { value: "skipped", label: "Skipped" },
  { value: "conflicts", label: "Changed elsewhere" },
];

/** Which of the plan's rows to show, each with its count, and the shown ones picked on the listings page. */
export function PlanFilters({
  filter,
  counts,
  busy,
  onShow,
  onSelect,
}: {
  filter: PlanFilter;
  counts: Record<PlanFilter, number>;
  busy: boolean;
  onShow: (filter: PlanFilter) => void;
  onSelect: () => void;
}) {
  return (
    <div role="radiogroup" aria-label="Show" className="mt-4 flex flex-wrap gap-2">
      {FILTERS.filter(({ value }) => value !== "failed" || counts.failed > 0 || filter === "failed").map(
        ({ value, label }) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={filter === value}
            onClick={() => onShow(value)}
            className={`min-h-11 rounded-full px-3 text-sm ring-1 md:min-h-8 ${filter === value ? "bg-stone-800 text-white ring-stone-800" : "ring-stone-300"}`}
          >
            {label} ({counts[value]})
          </button>
        ),
      )}
      {counts[filter] > 0 && (
        <button
          type="button"
          disabled={busy}
          onClick={onSelect}
          className="min-h-11 rounded-md px-3 text-sm font-medium text-blue-800 underline md:min-h-8"
        >
          Select {counts[filter] === 1 ? "this listing" : `these ${counts[filter]} listings`}
        </button>
      )}
    </div>
  );
}
