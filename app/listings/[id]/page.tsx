import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cache } from "react";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { BackToListingsPage } from "@/components/back-to-listings-page";
import { ListingPager } from "@/components/listings/listing-pager";
import { LazyEditor } from "@/components/personalization/lazy-editor";
import { currentSeller, requireSeller, signInPath } from "@/lib/auth/seller";
import type { SellerClaims } from "@/lib/auth/auth";
import { canEdit, canReadOrders } from "@/lib/marketplace/scopes";
import { env } from "@/lib/env";
import { keptCopyWillDo } from "@/lib/mirror/fresh-copy";
import { QuestionStatsProvider } from "@/components/questions/question-stats";
import { storedQuestionsPass } from "@/components/questions/stored-questions-pass";
import { keptQuestionStats } from "@/lib/orders/orders-view";
import { listingKey, neighboursKey } from "@/lib/listings/query-keys";
import { loadListing, mirroredNeighbours } from "@/lib/listings/read";
import { parseListingsView, viewParams, type Search } from "@/lib/listings/view";
import { knownTitle } from "@/lib/listings/titles";
import { describeFailure, marketplace } from "@/lib/marketplace";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { isRemoved } from "@/lib/marketplace/wire";
import { shopCurrencyCode } from "@/lib/actions/shop-currency";

const NOT_FOUND = { ok: false, failure: { kind: "not_found", message: "" } } as const;

const cachedListing = cache(async (userId: number, shopId: number | null, id: string) => {
  const listingId = Number(id);
  return Number.isSafeInteger(listingId) && listingId > 0
    ? loadListing({ userId, shopId, shopName: null, scopes: [] }, listingId, { kept: keptCopyWillDo() })
    : NOT_FOUND;
});
const listingFor = (seller: SellerClaims, id: string) => cachedListing(seller.userId, seller.shopId, id);

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const seller = await currentSeller();
  if (!seller) return { title: "Edit personalization" };
  const { id } = await params;
  // A title the listings page just read costs nothing (it prefetches every editor link in view); otherwise the page's own read serves.
  const title =
    knownTitle(seller.userId, Number(id)) ??
    (await listingFor(seller, id).then((result) => (result.ok ? result.data.title : undefined)));
  return { title: title === undefined ? "Edit personalization" : `Edit "${title}"` };
}

export default async function ListingEditorPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Search>;
}) {
  const { id } = await params;
  const here = `/listings/${id}`;
  const seller = await requireSeller(here);
  const listingId = Number(id);
  const view = parseListingsView(await searchParams);
  const [result, currencyCode, neighbours] = await Promise.all([
    listingFor(seller, id),
    marketplace().then((client) => shopCurrencyCode(client, seller)),
    mirroredNeighbours(seller, view, listingId),
  ]);
  const multi = (await personalizationPhase().current()) === "multi";
  const stats =
    result.ok && seller.shopId !== null && canReadOrders(seller.scopes)
      ? await keptQuestionStats({ userId: seller.userId, shopId: seller.shopId }, listingId, result.data.questions)
      : null;
  if (!result.ok && (result.failure.kind === "reauth" || result.failure.kind === "invalid_token"))
    redirect(signInPath(here, "expired"));
  const queryClient = new QueryClient();
  if (result.ok) queryClient.setQueryData(listingKey(listingId), result.data);
  // Read here rather than after hydration, so the pager does not push the editor down as it appears.
  if (neighbours !== undefined)
    queryClient.setQueryData(neighboursKey(listingId, viewParams(view).toString()), neighbours);
  // docs/marketplace.md §18: a listing the marketplace removed is gone, so it gets no editor and no save.
  const unavailable = !result.ok
    ? { title: "Listing unavailable", message: describeFailure(result.failure, "load") }
    : isRemoved(result.data)
      ? {
          title: result.data.title,
          message:
            "The marketplace removed this listing, so it can no longer be edited here or anywhere else. What its buyers answered stays with their orders.",
          gone: { ordersHref: `/orders?listing=${listingId}` },
        }
      : undefined;
  return (
    <BackToListingsPage shopName={seller.shopName} unavailable={unavailable}>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ListingPager listingId={listingId} />
        <QuestionStatsProvider stats={stats}>
          <LazyEditor
            key={listingId}
            multi={multi}
            storedPasses={multi && result.ok && storedQuestionsPass(result.data.questions)}
            listingId={listingId}
            canEdit={canEdit(seller.scopes)}
            currencyCode={currencyCode}
            addOnPrices={env().MARKETPLACE_ADD_ON_PRICES === "on"}
          />
        </QuestionStatsProvider>
      </HydrationBoundary>
    </BackToListingsPage>
  );
}
