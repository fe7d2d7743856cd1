"use client";

import Link from "next/link";
import { useTransition } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listings/query-keys";
import type { HistoryAction, HistoryEntry } from "@/lib/history/history-store";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { describeSnapshot, sameSnapshot, snapshotOf, type Snapshot } from "@/lib/personalization/snapshot";
import { restoreVersionAction } from "@/app/listings/[id]/restore-version";
import { useFeedback } from "../feedback/toast-context";
import { LocalTime } from "../local-time";
import { historyKey } from "./history-key";
import { SnapshotDiff } from "./snapshot-diff";

const WHAT: Record<HistoryAction, string> = {
  save: "Question saved",
  remove: "Question removed",
  restore: "Earlier version restored",
  "bulk-apply": "Question applied",
  "bulk-remove": "Question removed",
  "bulk-undo": "Bulk change undone",
  outside: "Changed outside the dashboard",
  "outside-revert": "Outside change reverted",
};

const BY: Record<HistoryAction, string> = {
  save: "in the editor",
  remove: "in the editor",
  restore: "from this history",
  "bulk-apply": "by a bulk change",
  "bulk-remove": "by a bulk change",
  "bulk-undo": "by undoing a bulk change",
  outside: "on the marketplace or by another app",
  "outside-revert": "from the inbox",
};

const isEmpty = (snapshot: Snapshot) => snapshot.questions.length === 0;

/** What the listing asked right after an entry: what the write asked for, or else what the next change found. */
const afterOf = (entries: HistoryEntry[], index: number, current: Snapshot) =>
  entries[index]!.target ?? entries[index - 1]?.previous ?? current;

/** Each change from this dashboard, newest first: when, what changed (before and after), by what; any earlier version can come back. */
export function HistoryList({
  listing,
  canRestore,
  onRestored,
}: {
  listing: Listing;
  canRestore: boolean;
  onRestored: (questions: Question[]) => void;
}) {
  const query = useQuery({
    queryKey: historyKey(listing.id),
    queryFn: () => fetchFromDashboard<HistoryEntry[]>(`/api/listings/${listing.id}/history`),
  });
  const { notify, clear } = useFeedback();
  const [pending, startTransition] = useTransition();
  const current = snapshotOf(listing);

  const restore = (entry: HistoryEntry) => {
    clear();
    startTransition(async () => {
      const result = await restoreVersionAction({ listingId: listing.id, versionId: entry.id });
      if (!result.ok) {
        if (result.reauth)
          window.location.assign(
            `/sign-in?callbackUrl=${encodeURIComponent(`/listings/${listing.id}`)}&reason=expired`,
          );
        notify(
          { tone: "error", text: `${result.unconfirmed ? "Not confirmed." : "Not restored."} ${result.formError}` },
          { focus: true },
        );
        return;
      }
      onRestored(result.data);
      // The button that was pressed is gone (that version is now current), so focus goes to the message.
      notify(
        {
          tone: "success",
          text: isEmpty(entry.previous)
            ? "Question removed. Buyers are no longer asked a question on this listing."
            : `Restored. Buyers are now asked: ${describeSnapshot(entry.previous)}.`,
        },
        { focus: true },
      );
    });
  };

  return (
    <section
      aria-labelledby="history-heading"
      className="mt-6 rounded-xl bg-white p-5 text-stone-900 ring-1 ring-stone-200"
    >
      <h2 id="history-heading" className="text-lg font-semibold">
        History
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Every change made here or in bulk, newest first, with what buyers were asked before and after it.
      </p>
      {query.isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {query.error.message}
        </p>
      )}
      {query.data?.length === 0 && <p className="mt-3 text-sm">No changes from this dashboard yet.</p>}
      {query.data && query.data.length > 0 && (
        <ol className="mt-3 divide-y divide-stone-200">
          {query.data.map((entry, index, entries) => {
            const summary = `history-summary-${entry.id}`;
            return (
              <li
                key={entry.id}
                className="flex flex-wrap items-start justify-between gap-3 py-3"
                data-testid="history-entry"
                data-outcome={entry.outcome}
              >
                <div className="min-w-0 flex-1">
                  <p id={summary} className="text-sm font-medium">
                    <LocalTime at={entry.recordedAt} /> · <EntryTitle entry={entry} />
                    {entry.jobId && (
                      <>
                        {" · "}
                        <Link href={`/bulk-jobs/${entry.jobId}`} className="text-blue-800 underline underline-offset-2">
                          see the bulk change
                        </Link>
                      </>
                    )}
                  </p>
                  <SnapshotDiff before={entry.previous} after={afterOf(entries, index, current)} />
                </div>
                {canRestore &&
                  (sameSnapshot(entry.previous, current) ? (
                    <span className="text-sm text-stone-700">What buyers are asked now</span>
                  ) : (
                    <button
                      type="button"
                      disabled={pending}
                      onClick={() => restore(entry)}
                      aria-describedby={summary}
                      className="min-h-11 rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50"
                    >
                      {isEmpty(entry.previous) ? "Remove the question" : "Restore this version"}
                    </button>
                  ))}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function EntryTitle({ entry }: { entry: HistoryEntry }) {
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
