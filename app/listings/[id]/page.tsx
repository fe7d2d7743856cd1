import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { SiteHeader } from "@/components/site-header";
import { PersonalizationEditor } from "@/components/personalization/personalization-editor";
import { requireSeller, signInPath } from "@/lib/auth/seller";
import { canEdit } from "@/lib/auth/scopes";
import { listingKey } from "@/lib/listing-queries";
import { loadListing } from "@/lib/listings";
import { describeFailure } from "@/lib/marketplace";

export const metadata: Metadata = { title: "Edit personalization" };

export default async function ListingEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const here = `/listings/${id}`;
  const seller = await requireSeller(here);
  const listingId = Number(id);
  const result = Number.isSafeInteger(listingId) && listingId > 0 ? await loadListing(seller, listingId) : ({ ok: false, failure: { kind: "not_found", message: "" } } as const);
  if (!result.ok && (result.failure.kind === "reauth" || result.failure.kind === "invalid_token")) redirect(signInPath(here, "expired"));
  const queryClient = new QueryClient();
  if (result.ok) queryClient.setQueryData(listingKey(listingId), result.data);
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main className="mx-auto max-w-5xl px-4 py-8">
        <Link href="/listings" className="text-sm text-blue-800 underline-offset-2 hover:underline">
          ← Back to listings
        </Link>
        {result.ok ? (
          <HydrationBoundary state={dehydrate(queryClient)}>
            <PersonalizationEditor listingId={listingId} canEdit={canEdit(seller.scopes)} />
          </HydrationBoundary>
        ) : (
          <>
            <h1 className="mt-4 text-2xl font-semibold">Listing unavailable</h1>
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
              {describeFailure(result.failure, "load")}
            </p>
          </>
        )}
      </main>
    </>
  );
}
