import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { BackToListingsPage } from "@/components/back-to-listings-page";
import { PersonalizationEditor } from "@/components/personalization/personalization-editor";
import { ListingPager } from "@/components/listings/listing-pager";
import { LazyMultiQuestionEditor } from "@/components/personalization/question-set/lazy-multi-question-editor";
import { requireSeller, signInPath } from "@/lib/auth/seller";
import { canEdit } from "@/lib/auth/scopes";
import { listingKey } from "@/lib/listing-queries";
import { loadListing } from "@/lib/listings";
import { describeFailure, personalizationPhase } from "@/lib/marketplace";

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
  const Editor = (await personalizationPhase().current()) === "multi" ? LazyMultiQuestionEditor : PersonalizationEditor;
  const unavailable = result.ok ? undefined : { title: "Listing unavailable", message: describeFailure(result.failure, "load") };
  return (
    <BackToListingsPage shopName={seller.shopName} unavailable={unavailable}>
      <ListingPager listingId={listingId} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <Editor listingId={listingId} canEdit={canEdit(seller.scopes)} />
      </HydrationBoundary>
    </BackToListingsPage>
  );
}
