import { jobStore } from "../../lib/bulk/job-store";
import type { Database } from "../../lib/db/database";
import type { Snapshot } from "../../lib/personalization/snapshot";
import { sandboxControl, type CreatedSeller } from "./sandbox";

/**
 * A bulk job writing `target` to every listing of `seller`, with the app held to 10 requests a second so that the job
 * is still mid-way when a test stops the instance running it.
 */
export async function startPacedBulkJob(
  database: Database,
  sandbox: { url: string; keystring: string },
  seller: CreatedSeller,
  target: Snapshot,
) {
  await sandboxControl(sandbox.url, "/rate-limits", {
    keystring: sandbox.keystring,
    per_second: 10,
    per_day: 1_000_000,
  });
  const jobs = jobStore(database);
  const jobId = await jobs.create({
    userId: seller.user_id,
    shopId: seller.shop_id as number,
    kind: "apply",
    target,
    items: seller.listing_ids.map((listingId) => ({ listingId })),
  });
  return { jobs, jobId };
}
