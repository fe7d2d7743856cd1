import type { Metadata } from "next";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { BackToListingsPage } from "@/components/back-to-listings-page";
import { BulkJob } from "@/components/bulk/bulk-job";
import { requireSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/auth/scopes";
import { ensureJobRunner } from "@/lib/bulk/background-runner";
import { bulkJobKey } from "@/lib/bulk/job-view";

export const metadata: Metadata = { title: "Bulk change" };

export default async function BulkJobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const seller = await requireSeller(`/bulk-jobs/${id}`);
  const runner = await ensureJobRunner();
  const job = seller.shopId === null ? undefined : await runner.jobs.find(id, seller.shopId);
  const queryClient = new QueryClient();
  if (job) queryClient.setQueryData(bulkJobKey(id), await runner.jobs.view(job, runner.pacer.perSecond()));
  const unavailable = job ? undefined : { title: "Bulk change not found", message: "There is no such bulk change in your shop. Go back to your listings." };
  return (
    <BackToListingsPage shopName={seller.shopName} unavailable={unavailable}>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <BulkJob jobId={id} canEdit={canEdit(seller.scopes)} />
      </HydrationBoundary>
    </BackToListingsPage>
  );
}
