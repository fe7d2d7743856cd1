"use client";

import Link from "next/link";
import { lazy, Suspense, useState, useTransition } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listings/query-keys";
import type { HistoryAction, HistoryEntry } from "@/lib/history/history-store";
import { versionsOf, type Version } from "@/lib/history/versions";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { questionDiff } from "@/lib/personalization/question-diff";
import { describeSnapshot, sameSnapshot, snapshotOf, type Snapshot } from "@/lib/personalization/snapshot";
import { restoreVersionAction } from "@/app/listings/[id]/restore-version";
import { RetryCountdown } from "../feedback/recovery-notice";
import { useFeedback } from "../feedback/toast-context";
import { callAction } from "../feedback/call-action";
import { LocalTime } from "../local-time";
import { historyKey } from "./history-key";
import { QuestionDiff } from "./question-diff";

const ChangedSinceDialog = lazy(() =>
  import("./changed-since-dialog").then((module) => ({ default: module.ChangedSinceDialog })),
);

const WHAT: Record<HistoryAction, string> = {
  save: "Question saved",
  remove: "Question removed",
  restore: "Earlier version restored",
  "bulk-apply": "Questions changed",
  "bulk-remove": "Question removed",
  "bulk-undo": "Change undone",
  outside: "Changed outside the dashboard",
  "outside-revert": "Outside change reverted",
};

const BY: Record<HistoryAction, string> = {
  save: "in the editor",
  remove: "in the editor",
  restore: "from this history",
  "bulk-apply": "with other listings",
  "bulk-remove": "with other listings",
  "bulk-undo": "with other listings",
  outside: "on the marketplace or by another app",
  "outside-revert": "from the inbox",
};

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
  const now = snapshotOf(listing);
  const versions = query.data ? versionsOf(query.data, now) : [];
  // The listing changed since this history was shown: the version and the marketplace's now, for the seller to decide.
  const [changed, setChanged] = useState<{ version: Version; theirs: Snapshot } | null>(null);

  const restore = (version: Version, shown: Snapshot = now) => {
    clear();
    startTransition(async () => {
      const result = await callAction(() =>
        restoreVersionAction({ listingId: listing.id, versionId: version.entry.id, side: version.side, shown }),
      );
      if (!result.ok) {
        if (result.changedSince) {
          setChanged({ version, theirs: snapshotOf({ questions: result.changedSince }) });
          return;
        }
        if (result.reauth)
          window.location.assign(
            `/sign-in?callbackUrl=${encodeURIComponent(`/listings/${listing.id}`)}&reason=expired`,
          );
        if (result.retryAfter !== undefined) {
          notify(
            {
              tone: "error",
              text: `Not put back yet. The marketplace is busy and asked us to wait ${result.retryAfter} seconds; the dashboard tries again by itself then.`,
              action: <RetryCountdown seconds={result.retryAfter} onDone={() => restore(version)} />,
            },
            { focus: true },
          );
          return;
        }
        notify(
          { tone: "error", text: `${result.unconfirmed ? "Not confirmed." : "Not put back."} ${result.formError}` },
          { focus: true },
        );
        return;
      }
      onRestored(result.data);
      notify(
        {
          tone: "success",
          text:
            version.snapshot.questions.length === 0
              ? "Question removed. Buyers are no longer asked a question on this listing."
              : `Put back. Buyers are now asked: ${describeSnapshot(version.snapshot)}.`,
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
        Each version of what buyers were asked, newest first, with the change that led to it. Put back any of them.
      </p>
      {query.isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {query.error.message}
        </p>
      )}
      {query.data?.length === 0 && <p className="mt-3 text-sm">No changes from this dashboard yet.</p>}
      {versions.length > 0 && (
        <ol className="mt-3 divide-y divide-stone-200">
          {versions.map((version) => {
            const summary = `history-summary-${version.entry.id}-${version.side}`;
            const described = describeSnapshot(version.snapshot);
            return (
              <li
                key={`${version.entry.id}-${version.side}`}
                className="flex flex-wrap items-start justify-between gap-3 py-3"
                data-testid="history-entry"
                data-outcome={version.side === "after" ? version.entry.outcome : "done"}
                data-current={version.current || undefined}
              >
                <div className="min-w-0 flex-1">
                  <p id={summary} className="text-sm font-medium">
                    {version.side === "before" ? (
                      <>
                        Before <LocalTime at={version.entry.recordedAt} />: as the listing was before these changes
                      </>
                    ) : (
                      <>
                        <LocalTime at={version.entry.recordedAt} /> · <EntryTitle entry={version.entry} />
                        {version.entry.jobId && (
                          <>
                            {" · "}
                            <Link
                              href={`/changes/${version.entry.jobId}`}
                              className="text-blue-800 underline underline-offset-2"
                            >
                              see the change
                            </Link>
                          </>
                        )}
                      </>
                    )}
                  </p>
                  <p className="mt-1 text-sm break-words" data-testid="history-version">
                    {version.current && (
                      <span className="mr-2 rounded bg-green-100 px-1.5 py-0.5 font-medium text-green-950">
                        What buyers are asked now
                      </span>
                    )}
                    <span className="text-stone-700">Buyers {version.current ? "are" : "were"} asked: </span>
                    {described}
                  </p>
                  {version.from && (
                    <QuestionDiff changes={questionDiff(version.from.questions, version.snapshot.questions)} />
                  )}
                </div>
                {canRestore && !sameSnapshot(version.snapshot, now) && (
                  <button
                    type="button"
                    disabled={pending}
                    onClick={() => restore(version)}
                    aria-describedby={summary}
                    className="min-h-11 max-w-full rounded-md px-3 py-1.5 text-left text-sm font-medium break-words ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50 sm:max-w-xs"
                  >
                    Put back: {described}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {changed && (
        <Suspense fallback={null}>
          <ChangedSinceDialog
            mine={changed.version.snapshot}
            mineHeading="The version you chose"
            theirs={changed.theirs}
            keepLabel="Put back anyway"
            onKeepMine={() => restore(changed.version, changed.theirs)}
            onClose={() => setChanged(null)}
          />
        </Suspense>
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
