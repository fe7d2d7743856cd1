"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listings/query-keys";
import { countsSummary, jobTitle, recentBulkJobsKey, type JobSummary } from "@/lib/bulk/job-view";
import { LocalTime } from "../local-time";

const STATUS = { preparing: "Starting", running: "Running", paused: "Paused", finished: "Finished" } as const;

export function RecentBulkJobs() {
  const query = useQuery({
    queryKey: recentBulkJobsKey,
    queryFn: () => fetchFromDashboard<JobSummary[]>("/api/bulk-jobs"),
    refetchOnMount: "always",
    refetchInterval: (current) => (current.state.data?.some((job) => job.status === "running") ? 2000 : false),
  });
  if (!query.data?.length) return null;
  return (
    <section
      aria-labelledby="recent-bulk-heading"
      className="mt-4 rounded-xl bg-white p-3 text-sm ring-1 ring-stone-200"
    >
      <h2 id="recent-bulk-heading" className="font-semibold">
        Recent bulk changes
      </h2>
      <ul className="mt-1 space-y-1">
        {query.data.map((job) => {
          const settled = job.counts.total - job.counts.pending;
          return (
            <li key={job.id} className="break-words" data-testid="recent-bulk-job">
              <Link
                href={`/bulk-jobs/${job.id}`}
                className="inline-flex min-h-11 items-center text-blue-800 underline underline-offset-2 md:min-h-0"
              >
                {jobTitle(job)}
              </Link>{" "}
              <span className="text-stone-600">
                · <LocalTime at={job.createdAt} /> · {STATUS[job.status]}
                {job.status === "finished" ? "" : `, ${settled} of ${job.counts.total} handled`}:{" "}
                {countsSummary(job.counts)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
