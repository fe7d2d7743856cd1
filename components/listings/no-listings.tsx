import type { ListingsView } from "@/lib/listings/view";

/** An empty view: none in this state at all, or none that matches, with the way back to all of them. */
export function NoListings({
  view,
  total,
  stateLabel,
  onShow,
}: {
  view: ListingsView;
  total: number;
  stateLabel: string;
  onShow: (view: ListingsView) => void;
}) {
  return (
    <div className="mt-6 text-stone-700">
      {total === 0 ? (
        <p>No {stateLabel} listings.</p>
      ) : (
        <p>
          None of your {total} {stateLabel} listings matches{view.q ? ` “${view.q}”` : ""}
          {view.filter !== "all" ? " with this personalization filter" : ""}.{" "}
          {view.q ? "Try other words, or" : "Try another filter, or"}{" "}
          <button
            type="button"
            onClick={() => onShow({ ...view, q: "", filter: "all", page: 1 })}
            className="min-h-11 text-blue-800 underline underline-offset-2 md:min-h-0"
          >
            show all {stateLabel} listings
          </button>
          .
        </p>
      )}
    </div>
  );
}
