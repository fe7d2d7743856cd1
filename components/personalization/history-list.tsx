"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listing-queries";
import type { HistoryAction, HistoryEntry } from "@/lib/history/history-store";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { describeSnapshot, sameSnapshot, snapshotOf } from "@/lib/personalization/snapshot";
import { restoreVersionAction } from "@/app/listings/[id]/restore-version";
import { LocalTime } from "../local-time";

export const historyKey = (listingId: number) => ["history", listingId] as const;

const ACTION_LABELS: Record<HistoryAction, string> = {
  save: "Saved in the editor",
  remove: "Removed in the editor",
  restore: "Earlier version restored",
  "bulk-apply": "Question applied in bulk",
  "bulk-remove": "Personalization removed in bulk",
  "bulk-undo": "Bulk change undone",
};

/** Each change from this dashboard, newest first, with what the listing asked just before it; any of those can come back. */
export function HistoryList({ listing, canRestore, onRestored }: { listing: Listing; canRestore: boolean; onRestored: (questions: Question[]) => void }) {
  const query = useQuery({ queryKey: historyKey(listing.id), queryFn: () => fetchFromDashboard<HistoryEntry[]>(`/api/listings/${listing.id}/history`) });
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const current = snapshotOf(listing);

  const restore = (entry: HistoryEntry) => {
    setStatus(null);
    startTransition(async () => {
      const result = await restoreVersionAction({ listingId: listing.id, versionId: entry.id });
      if (!result.ok) {
        if (result.reauth) window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(`/listings/${listing.id}`)}&reason=expired`);
        setStatus({ tone: "error", text: result.formError });
        return;
      }
      onRestored(result.data);
      setStatus({ tone: "success", text: `Restored. Buyers are now asked: ${describeSnapshot(entry.previous)}.` });
    });
  };

  return (
    <section aria-labelledby="history-heading" className="mt-6 rounded-xl bg-white p-5 ring-1 ring-stone-200">
      <h2 id="history-heading" className="text-lg font-semibold">
        History
      </h2>
      <p className="mt-1 text-sm text-stone-600">Every change made here or in bulk keeps what the listing asked buyers just before it.</p>
      {status && (
        <p role={status.tone === "error" ? "alert" : "status"} className={`mt-3 rounded-lg p-3 text-sm ring-1 ${status.tone === "error" ? "bg-red-50 text-red-900 ring-red-200" : "bg-green-50 text-green-900 ring-green-200"}`}>
          {status.text}
        </p>
      )}
      {query.isError && <p role="alert" className="mt-3 text-sm text-red-900">{query.error.message}</p>}
      {query.data?.length === 0 && <p className="mt-3 text-sm">No changes from this dashboard yet.</p>}
      {query.data && query.data.length > 0 && (
        <ol className="mt-3 divide-y divide-stone-100">
          {query.data.map((entry) => {
            const before = `history-before-${entry.id}`;
            return (
              <li key={entry.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="history-entry">
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    <LocalTime at={entry.recordedAt} /> · {ACTION_LABELS[entry.action]}
                    {entry.jobId && (
                      <>
                        {" · "}
                        <Link href={`/bulk-jobs/${entry.jobId}`} className="text-blue-800 underline underline-offset-2">
                          see the bulk change
                        </Link>
                      </>
                    )}
                  </p>
                  <p id={before} className="break-words text-sm text-stone-700">
                    Before: {describeSnapshot(entry.previous)}
                  </p>
                </div>
                {canRestore &&
                  (sameSnapshot(entry.previous, current) ? (
                    <span className="text-sm text-stone-500">What buyers are asked now</span>
                  ) : (
                    <button
                      type="button"
                      disabled={pending}
                      onClick={() => restore(entry)}
                      aria-describedby={before}
                      className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50"
                    >
                      Restore this version
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
