"use client";

import Link from "next/link";
import { ITEM_STATUS_LABELS, type JobView } from "@/lib/bulk/job-view";

const ORDER = { failed: 0, skipped: 1, done: 2, unchanged: 3, pending: 4 } as const;
const TONE = { failed: "text-red-800", skipped: "text-amber-800", done: "text-green-800", unchanged: "text-stone-600", pending: "text-stone-600" } as const;

/** One row per listing, the ones that need the seller first; a failed one can be retried alone. */
export function JobResults({ job, canEdit, retrying, onRetry }: { job: JobView; canEdit: boolean; retrying: number | null; onRetry: (listingId: number, title: string) => void }) {
  const items = [...job.items].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  if (items.length === 0) return null;
  const running = job.status === "running";
  return (
    <section aria-labelledby="results-heading" className="mt-6 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
      <h2 id="results-heading" className="px-4 pt-4 font-semibold">
        {running ? "Listings that need you so far" : "Results"}
      </h2>
      <table className="mt-2 w-full text-left text-sm">
        <thead className="bg-stone-100 text-stone-700">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">Listing</th>
            <th scope="col" className="px-4 py-2 font-medium">Result</th>
            <th scope="col" className="px-4 py-2 font-medium">Why, and what next</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const title = item.title ?? `Listing ${item.listingId}`;
            return (
              <tr key={item.listingId} className="border-t border-stone-100 align-top">
                <td className="px-4 py-2">
                  <Link href={`/listings/${item.listingId}`} className="text-blue-800 underline-offset-2 hover:underline">
                    {title}
                  </Link>
                </td>
                <td className={`px-4 py-2 font-medium ${TONE[item.status]}`}>{ITEM_STATUS_LABELS[item.status]}</td>
                <td className="px-4 py-2">
                  {item.reason && item.status !== "done" && item.status !== "unchanged" ? <p>{item.reason}</p> : null}
                  {item.status === "failed" && canEdit && (
                    <button
                      type="button"
                      disabled={retrying !== null}
                      onClick={() => onRetry(item.listingId, title)}
                      aria-label={`Retry ${title}`}
                      className="mt-1 rounded-md px-3 py-1 font-medium ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50"
                    >
                      {retrying === item.listingId ? "Retrying…" : "Retry"}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
