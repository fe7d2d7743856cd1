import type { HistoryAction, HistoryEntry } from "@/lib/history/history-store";

const WHAT: Record<HistoryAction, string> = {
  save: "Question saved",
  remove: "Question removed",
  restore: "Earlier version restored",
  "plan-apply": "Questions changed",
  "plan-remove": "Question removed",
  "plan-undo": "Change undone",
  outside: "Changed outside the dashboard",
  "outside-revert": "Outside change reverted",
};

const BY: Record<HistoryAction, string> = {
  save: "in the editor",
  remove: "in the editor",
  restore: "from this history",
  "plan-apply": "with other listings",
  "plan-remove": "with other listings",
  "plan-undo": "with other listings",
  outside: "on the marketplace or by another app",
  "outside-revert": "from the inbox",
};

/** What a history entry did and where; one the marketplace has not confirmed says so first. */
export function EntryTitle({ entry }: { entry: HistoryEntry }) {
  if (entry.outcome === "done") return <>{`${WHAT[entry.action]} ${BY[entry.action]}`}</>;
  const what = `${WHAT[entry.action].toLowerCase()} ${BY[entry.action]}`;
  return (
    <>
      <span className="rounded bg-amber-100 px-1.5 py-0.5 text-amber-950">
        {entry.outcome === "pending" ? "Waiting for the marketplace" : "Not confirmed"}
      </span>{" "}
      {entry.outcome === "pending"
        ? `${what}: the marketplace has not answered yet.`
        : `${what}: the marketplace's answer never came, so this change may not have happened. Reload the page in a minute to check.`}
    </>
  );
}
