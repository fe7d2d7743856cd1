"use server";

import { z } from "zod";
import { sellerAction } from "@/lib/actions/seller-action";
import { wakeJobRunner } from "@/lib/bulk/background-runner";
import { jobStore } from "@/lib/bulk/job-store";
import { db } from "@/lib/db";

const NO_SUCH_JOB = "There is no such bulk change in your shop. Go back to your listings.";
const jobInput = z.object({ jobId: z.uuid() });

export const retryBulkItemsAction = sellerAction(
  "save",
  jobInput.extend({ status: z.enum(["failed", "skipped"]), listingId: z.number().int().positive().optional() }),
  async ({ jobId, status, listingId }, { seller }) => {
    const retried = await jobStore(await db()).retryItems(jobId, seller.shopId, { status, listingId });
    if (retried === 0) {
      return {
        ok: false,
        refusal: `${listingId === undefined ? "This bulk change has" : "This listing has"} no ${status} change to retry. Reload the page to see where it stands.`,
      };
    }
    await wakeJobRunner();
    return { ok: true, data: { retried } };
  },
);

export const undoBulkJobAction = sellerAction("save", jobInput, async ({ jobId }, { seller }) => {
  const jobs = jobStore(await db());
  const job = await jobs.find(jobId, seller.shopId);
  if (!job) return { ok: false, refusal: NO_SUCH_JOB };
  const existing = await jobs.undoneBy(job.id);
  if (existing) return { ok: true, data: { jobId: existing } };
  if (job.status === "running")
    return { ok: false, refusal: "This bulk change is still running. Wait until it has finished, then undo it." };
  const undo = await jobs.undo(job, seller.userId);
  if (!undo) return { ok: false, refusal: "This bulk change did not change any listing, so there is nothing to undo." };
  await wakeJobRunner();
  return { ok: true, data: { jobId: undo } };
});

/** A job paused because the marketplace sign-in expired or lacked permission, running again. */
export const resumeBulkJobAction = sellerAction("save", jobInput, async ({ jobId }, { seller }) => {
  if (!(await jobStore(await db()).resume(jobId, seller.shopId)))
    return { ok: false, refusal: "This bulk change is not paused. Reload the page to see where it stands." };
  await wakeJobRunner();
  return { ok: true, data: null };
});
