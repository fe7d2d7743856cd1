"use client";

import { countsSummary, type JobView } from "@/lib/bulk/job-view";

function timeLeft(seconds: number) {
  if (seconds < 1) return "less than a second left";
  if (seconds < 90) return `about ${seconds} ${seconds === 1 ? "second" : "seconds"} left`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} minutes left`;
}

export function JobProgress({ job }: { job: JobView }) {
  const { counts } = job;
  const settled = counts.total - counts.pending;
  const percent = counts.total === 0 ? 100 : Math.floor((settled / counts.total) * 100);
  const summary = countsSummary(counts);
  const announcement =
    job.status === "finished"
      ? `Bulk change finished: ${summary}.`
      : job.status === "paused"
        ? `Bulk change paused: ${summary}.`
        : `Bulk change ${Math.floor(percent / 25) * 25}% done.`;
  const width = (count: number) => `${counts.total === 0 ? 0 : (count / counts.total) * 100}%`;

  return (
    <section aria-labelledby="progress-heading" className="mt-6 rounded-xl bg-white p-5 ring-1 ring-stone-200">
      <h2 id="progress-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
        Progress
      </h2>
      <p className="mt-2 text-lg font-semibold" data-testid="bulk-handled">
        {settled} of {counts.total} {counts.total === 1 ? "listing" : "listings"} handled
      </p>
      <div
        role="progressbar"
        aria-labelledby="progress-heading"
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={settled}
        aria-valuetext={`${settled} of ${counts.total} listings handled`}
        className="mt-2 flex h-4 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="bg-green-700" style={{ width: width(counts.done + counts.unchanged) }} />
        <div className="bg-amber-500" style={{ width: width(counts.skipped) }} />
        <div className="bg-red-700" style={{ width: width(counts.failed) }} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5" data-testid="bulk-counts">
        {[
          ["Done", "count-done", counts.done + counts.unchanged],
          ["Failed", "count-failed", counts.failed],
          ["Skipped", "count-skipped", counts.skipped],
          ["Left", "count-left", counts.pending],
          ["Time remaining", "time-left", job.secondsLeft === null ? "—" : timeLeft(job.secondsLeft)],
        ].map(([label, testId, value]) => (
          <div key={label}>
            <dt className="text-stone-600">{label}</dt>
            <dd className="text-lg font-semibold" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
