import type { Metadata } from "next";
import Link from "next/link";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { SiteHeader } from "@/components/site-header";
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
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main className="mx-auto max-w-5xl px-4 py-8">
        <Link href="/listings" className="text-sm text-blue-800 underline-offset-2 hover:underline">
          ← Back to listings
        </Link>
        {job ? (
          <HydrationBoundary state={dehydrate(queryClient)}>
            <BulkJob jobId={id} canEdit={canEdit(seller.scopes)} />
          </HydrationBoundary>
        ) : (
          <>
            <h1 className="mt-4 text-2xl font-semibold">Bulk change not found</h1>
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
              There is no such bulk change in your shop. Go back to your listings.
            </p>
          </>
        )}
      </main>
    </>
  );
}
