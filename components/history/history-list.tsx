"use client";

import { lazy, Suspense, useState, useTransition } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listings/query-keys";
import type { HistoryEntry } from "@/lib/history/history-store";
import { versionsOf, type Version } from "@/lib/history/versions";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { describeSnapshot, sameSnapshot, snapshotOf, type Snapshot } from "@/lib/personalization/snapshot";
import { restoreVersionAction } from "@/app/listings/[id]/restore-version";
import { signInAgainPath } from "../use-sign-in-on-expiry";
import { RetryCountdown } from "../feedback/recovery-notice";
import { useFeedback } from "../feedback/toast-context";
import { callAction } from "../feedback/call-action";
import { historyKey } from "./history-key";
import { Panel } from "../ui/panel";
import { VersionItem } from "./version-item";

const ChangedSinceDialog = lazy(() =>
  import("../personalization/changed-since-dialog").then((module) => ({ default: module.ChangedSinceDialog })),
);

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
        if (result.reauth) window.location.assign(signInAgainPath(`/listings/${listing.id}`));
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
    <Panel heading="History" className="mt-6 p-5 text-stone-900">
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
          {versions.map((version) => (
            <VersionItem
              key={`${version.entry.id}-${version.side}`}
              version={version}
              canPutBack={canRestore && !sameSnapshot(version.snapshot, now)}
              pending={pending}
              onPutBack={() => restore(version)}
            />
          ))}
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
    </Panel>
  );
}
