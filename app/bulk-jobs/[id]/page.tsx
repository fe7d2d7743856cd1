import type { Metadata } from "next";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { BackToListingsPage } from "@/components/back-to-listings-page";
import { BulkJob } from "@/components/bulk/bulk-job";
import { currentSeller, requireSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/auth/scopes";
import { ensureJobRunner } from "@/lib/bulk/background-runner";
import { bulkJobKey, jobTitle } from "@/lib/bulk/job-view";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const seller = await currentSeller();
  const runner = await ensureJobRunner();
  const job = seller?.shopId ? await runner.jobs.find(id, seller.shopId) : undefined;
  return {
    title: job
      ? `Bulk change: ${jobTitle(await runner.jobs.view(job, runner.pacer.perSecond()))}`
      : "Bulk change not found",
  };
}

export default async function BulkJobPage({ params }: Props) {
  const { id } = await params;
  const seller = await requireSeller(`/bulk-jobs/${id}`);
  const runner = await ensureJobRunner();
  const job = seller.shopId === null ? undefined : await runner.jobs.find(id, seller.shopId);
  const queryClient = new QueryClient();
  if (job) queryClient.setQueryData(bulkJobKey(id), await runner.jobs.view(job, runner.pacer.perSecond()));
  const unavailable = job
    ? undefined
    : {
        title: "Bulk change not found",
        message: "There is no such bulk change in your shop. Go back to your listings.",
      };
  return (
    <BackToListingsPage shopName={seller.shopName} unavailable={unavailable}>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <BulkJob jobId={id} canEdit={canEdit(seller.scopes)} />
      </HydrationBoundary>
    </BackToListingsPage>
  );
}
