"use client";

import Link from "next/link";
import { useState } from "react";
import { ITEM_STATUS_LABELS, type JobItemView, type JobView } from "@/lib/bulk/job-view";

const ORDER = { failed: 0, skipped: 1, done: 2, unchanged: 3, pending: 4 } as const;
const TONE = {
  failed: "text-red-800",
  skipped: "text-amber-800",
  done: "text-green-800",
  unchanged: "text-stone-600",
  pending: "text-stone-600",
} as const;
const needsSeller = (item: JobItemView) => item.status === "failed" || item.status === "skipped";

export type RetryAll = "failed" | "skipped";

type Props = {
  job: JobView;
  canEdit: boolean;
  retrying: ReadonlySet<number | RetryAll>;
  onRetry: (which: { status: RetryAll; listingId?: number; title?: string }) => void;
};

const plural = (count: number) => `${count} ${count === 1 ? "listing" : "listings"}`;

export function JobResults({ job, canEdit, retrying, onRetry }: Props) {
  const [showAll, setShowAll] = useState(false);
  const items = [...job.items].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  const flagged = items.filter(needsSeller);
  const shown = showAll ? items : flagged;
  const running = job.status === "running" || job.status === "preparing";
  const others = items.length - flagged.length;
  const retryAll = (["failed", "skipped"] as const)
    .map((status) => ({ status, count: job.counts[status] }))
    .filter(({ count }) => canEdit && count > 0);
  const button =
    "min-h-11 rounded-md px-3 text-sm font-medium ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50 md:min-h-9";
  return (
    <section aria-labelledby="results-heading" className="mt-6 rounded-xl bg-white ring-1 ring-stone-200">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4">
        <h2 id="results-heading" className="font-semibold">
          {running ? "Listings that need you so far" : "Results"}
        </h2>
        <div className="flex flex-wrap gap-2">
          {retryAll.map(({ status, count }) => (
            <button
              key={status}
              type="button"
              disabled={retrying.has(status)}
              onClick={() => onRetry({ status })}
              className={button}
            >
              {retrying.has(status)
                ? `Retrying ${plural(count)}…`
                : count === 1
                  ? `Retry the ${status} listing`
                  : `Retry all ${count} ${status} listings`}
            </button>
          ))}
          {others > 0 && (
            <button type="button" aria-pressed={showAll} onClick={() => setShowAll(!showAll)} className={button}>
              {showAll ? "Show only failed and skipped listings" : `Show all ${plural(items.length)}`}
            </button>
          )}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="px-4 pt-2 pb-4 text-sm text-stone-700" data-testid="results-summary">
          {running ? "No listing has failed or been skipped so far." : "No listing failed or was skipped."}
        </p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">
            {showAll ? "Every listing of this bulk change" : "Listings that failed or were skipped"}
          </caption>
          <thead className="bg-stone-100 text-stone-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Listing
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                Result
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                Why, and what next
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item) => {
              const title = item.title ?? `Listing ${item.listingId}`;
              const reason =
                item.reason && item.status !== "done" && item.status !== "unchanged" ? <p>{item.reason}</p> : null;
              const busy = retrying.has(item.listingId) || retrying.has(item.status as RetryAll);
              const retry = needsSeller(item) && canEdit && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onRetry({ status: item.status as RetryAll, listingId: item.listingId, title })}
                  aria-label={`Retry ${title}`}
                  className="mt-1 min-h-11 rounded-md px-3 font-medium ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50 md:min-h-8"
                >
                  {busy ? "Retrying…" : "Retry"}
                </button>
              );
              return (
                <tr key={item.listingId} className="border-t border-stone-200 align-top">
                  <td className="px-4 py-2">
                    <Link
                      href={`/listings/${item.listingId}`}
                      className="inline-flex min-h-11 items-center text-blue-800 underline underline-offset-2 md:min-h-0"
                    >
                      {title}
                    </Link>
                    <div className="md:hidden">
                      <p className={`font-medium ${TONE[item.status]}`}>{ITEM_STATUS_LABELS[item.status]}</p>
                      {reason}
                      {retry}
                    </div>
                  </td>
                  <td className={`hidden px-4 py-2 font-medium md:table-cell ${TONE[item.status]}`}>
                    {ITEM_STATUS_LABELS[item.status]}
                  </td>
                  <td className="hidden px-4 py-2 md:table-cell">
                    {reason}
                    {retry}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
