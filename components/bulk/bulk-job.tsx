"use client";

import Link from "next/link";
import { useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchFromDashboard } from "@/lib/listings/query-keys";
import { bulkJobKey, jobTitle, type JobView } from "@/lib/bulk/job-view";
import type { ActionResult } from "@/lib/actions/seller-action";
import { resumeBulkJobAction, retryBulkItemsAction, undoBulkJobAction } from "@/app/bulk-jobs/[id]/job-actions";
import { useSignInOnExpiry } from "../use-sign-in-on-expiry";
import { LocalTime } from "../local-time";
import { ConfirmDialog } from "../confirm-dialog";
import { JobProgress } from "./job-progress";
import { JobResults, type RetryAll } from "./job-results";

const POLL_MS = 1000;

export function BulkJob({ jobId, canEdit }: { jobId: string; canEdit: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const here = `/bulk-jobs/${jobId}`;
  const query = useQuery({
    queryKey: bulkJobKey(jobId),
    queryFn: () => fetchFromDashboard<JobView>(`/api/bulk-jobs/${jobId}`),
    refetchInterval: (current) =>
      current.state.data?.status === "running" || current.state.data?.status === "preparing" ? POLL_MS : false,
  });
  useSignInOnExpiry(query.error, here);
  const [message, setMessage] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const [retrying, setRetrying] = useState<ReadonlySet<number | RetryAll>>(new Set());
  const [pending, startTransition] = useTransition();
  const undoDialog = useRef<HTMLDialogElement>(null);
  const job = query.data;

  if (!job) {
    return (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
        {query.error?.message ?? "Loading the bulk change…"}
      </p>
    );
  }

  function settled(result: ActionResult<unknown>, success?: string) {
    if (!result.ok) {
      if (result.reauth) window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(here)}&reason=expired`);
      setMessage({ tone: "error", text: result.formError });
      return false;
    }
    setMessage(success ? { tone: "info", text: success } : null);
    void queryClient.invalidateQueries({ queryKey: bulkJobKey(jobId) });
    void queryClient.invalidateQueries({ queryKey: ["listings"] });
    return true;
  }

  const retry = async (which: { status: RetryAll; listingId?: number; title?: string }) => {
    const key = which.listingId ?? which.status;
    setRetrying((current) => new Set(current).add(key));
    const result = await retryBulkItemsAction({ jobId, status: which.status, listingId: which.listingId });
    settled(
      result,
      which.title
        ? `Trying “${which.title}” again.`
        : result.ok
          ? `Trying ${result.data.retried} ${which.status} ${result.data.retried === 1 ? "listing" : "listings"} again.`
          : undefined,
    );
    setRetrying((current) => {
      const next = new Set(current);
      next.delete(key);
      return next;
    });
  };

  const resume = () =>
    startTransition(async () => void settled(await resumeBulkJobAction({ jobId }), "The bulk change goes on."));

  const undo = () => {
    undoDialog.current?.close();
    startTransition(async () => {
      const result = await undoBulkJobAction({ jobId });
      if (settled(result) && result.ok) router.push(`/bulk-jobs/${result.data.jobId}`);
    });
  };

  const changed = job.counts.done;
  const canUndo = canEdit && job.status !== "running" && job.status !== "preparing" && changed > 0 && !job.undoneBy;

  return (
    <>
      <h1 className="mt-4 text-2xl font-semibold">{jobTitle(job)}</h1>
      <p className="mt-1 text-sm text-stone-600">
        Started <LocalTime at={job.createdAt} /> ·{" "}
        {job.status === "running" ? "running on the server: you can close this page and come back" : job.status}
      </p>
      {job.undoOf && (
        <p className="mt-1 text-sm">
          <Link
            href={`/bulk-jobs/${job.undoOf}`}
            className="inline-flex min-h-11 items-center text-blue-800 underline-offset-2 hover:underline md:min-h-0"
          >
            See the bulk change this undoes
          </Link>
        </p>
      )}

      {job.status === "paused" && (
        <div role="alert" className="mt-4 rounded-lg bg-amber-50 p-4 text-sm ring-1 ring-amber-200">
          <p>{job.statusReason}</p>
          <div className="mt-3 flex gap-3">
            <Link
              href={`/sign-in?callbackUrl=${encodeURIComponent(here)}`}
              className="inline-flex min-h-11 items-center rounded-md px-3 py-1.5 font-medium ring-1 ring-stone-300 hover:bg-stone-100 md:min-h-0"
            >
              Sign in again
            </Link>
            <button
              type="button"
              disabled={pending}
              onClick={resume}
              className="min-h-11 rounded-md bg-stone-900 px-3 py-1.5 font-medium text-white disabled:opacity-60 md:min-h-0"
            >
              Resume
            </button>
          </div>
        </div>
      )}

      {message && (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          className={`mt-4 rounded-lg p-3 text-sm ring-1 ${message.tone === "error" ? "bg-red-50 text-red-900 ring-red-200" : "bg-blue-50 text-blue-900 ring-blue-200"}`}
        >
          {message.text}
        </p>
      )}

      <JobProgress job={job} />

      <div className="mt-4 flex flex-wrap items-center gap-3">
        {canUndo && (
          <button
            type="button"
            disabled={pending}
            onClick={() => undoDialog.current?.showModal()}
            className="min-h-11 rounded-lg px-4 py-2 font-medium ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60"
          >
            Undo this change
          </button>
        )}
        {job.undoneBy && (
          <Link
            href={`/bulk-jobs/${job.undoneBy}`}
            className="inline-flex min-h-11 items-center text-sm text-blue-800 underline-offset-2 hover:underline md:min-h-0"
          >
            This change was undone: see the undo
          </Link>
        )}
      </div>

      <JobResults job={job} canEdit={canEdit} retrying={retrying} onRetry={(which) => void retry(which)} />

      <ConfirmDialog
        dialogRef={undoDialog}
        name="undo"
        heading="Undo this change?"
        text={`Each of the ${changed} ${changed === 1 ? "listing" : "listings"} this change wrote gets back what it asked buyers just before. The undo is itself a bulk change you can follow, and undo again.`}
        keep={{ label: "Keep the change", onClick: () => undoDialog.current?.close() }}
      >
        <button
          type="button"
          onClick={undo}
          className="min-h-11 rounded-md bg-stone-900 px-4 py-2 font-medium text-white"
        >
          Undo {changed} {changed === 1 ? "listing" : "listings"}
        </button>
      </ConfirmDialog>
    </>
  );
}
