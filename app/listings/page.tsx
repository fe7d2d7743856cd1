import Link from "next/link";
import { Suspense } from "react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { SiteHeader } from "@/components/site-header";
import { ListingsTable } from "@/components/listings/listings-table";
import { SignInButton } from "@/components/sign-in-button";
import { requireSeller, signInPath } from "@/lib/auth/seller";
import { canEdit, canReadOrders } from "@/lib/marketplace/scopes";
import { listingsKey, mirrorKey, stateCountsKey } from "@/lib/listings/query-keys";
import { listingsHref, listingsTitle, parseListingsView } from "@/lib/listings/view";
import { loadListingsPage, loadStateCounts } from "@/lib/listings/read";
import { describeFailure } from "@/lib/marketplace";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { MirrorStatus } from "@/components/mirror/mirror-status";
import { mirrorView } from "@/lib/mirror/mirror-view";
import { shopNeedsOf } from "@/lib/shop-health/needs-attention";
import { ShopNeedsCard } from "@/components/listings/shop-needs-card";
import { OrdersDueCard } from "@/components/orders/orders-due-card";
import { keptCopyWillDo } from "@/lib/mirror/fresh-copy";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: listingsTitle(parseListingsView(await searchParams)) };
}

export default async function ListingsPage({ searchParams }: Props) {
  const view = parseListingsView(await searchParams);
  const here = listingsHref(view);
  const seller = await requireSeller(here);
  const queryClient = new QueryClient();
  const result = await loadListingsPage(seller, view, {
    fresh: !(await headers()).has("rsc"),
    keptWillDo: keptCopyWillDo(),
  });
  if (!result.ok && (result.failure.kind === "reauth" || result.failure.kind === "invalid_token"))
    redirect(signInPath(here, "expired"));
  if (result.ok && result.data.page !== view.page) redirect(listingsHref({ ...view, page: result.data.page }));
  if (result.ok) queryClient.setQueryData(listingsKey(view), result.data);
  // In the first paint, so the state filters do not widen when their counts arrive; until the shop's copy is filled there
  // are none, and the toolbar reads them once it is.
  const counts = await loadStateCounts(seller);
  if (counts.ok && Object.keys(counts.data).length > 0) queryClient.setQueryData(stateCountsKey, counts.data);
  const multiQuestion = (await personalizationPhase().current()) === "multi";
  const shop =
    seller.shopId === null
      ? null
      : { mirror: await mirrorView(seller.shopId), needs: await shopNeedsOf(seller.shopId) };
  if (shop) queryClient.setQueryData(mirrorKey, shop.mirror);
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main id="main" tabIndex={-1} className="outline-none mx-auto max-w-5xl px-4 py-6 md:py-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-semibold">{seller.shopName ? `Welcome, ${seller.shopName}` : "Welcome"}</h1>
          {seller.shopId !== null && (
            <Link
              href="/changes"
              prefetch={false}
              className="inline-flex min-h-11 items-center text-sm text-blue-800 underline md:min-h-0"
            >
              Changes and spreadsheets
            </Link>
          )}
        </div>
        {shop === null ? (
          <p role="status" className="mt-4 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
            Your marketplace account has no shop yet, so there are no listings to personalize. Open a shop on the
            marketplace, then sign in again.
          </p>
        ) : !result.ok && result.failure.kind === "insufficient_scope" ? (
          <div role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
            <p>{describeFailure(result.failure, "load")}</p>
            <div className="mt-3">
              <SignInButton callbackUrl={here} label="Sign in again" />
            </div>
          </div>
        ) : (
          <HydrationBoundary state={dehydrate(queryClient)}>
            <MirrorStatus />
            <ShopNeedsCard initial={shop.needs} />
            {canReadOrders(seller.scopes) && (
              <Suspense fallback={null}>
                <OrdersDueCard shopId={seller.shopId!} />
              </Suspense>
            )}
            <ListingsTable
              canEdit={canEdit(seller.scopes)}
              multiQuestion={multiQuestion}
              unavailable={
                result.ok
                  ? undefined
                  : result.failure.kind === "rate_limited"
                    ? {
                        message: `The marketplace is busy and asked us to wait ${result.failure.retryAfter} seconds.`,
                        retryAfter: result.failure.retryAfter,
                      }
                    : { message: describeFailure(result.failure, "read") }
              }
            />
          </HydrationBoundary>
        )}
      </main>
    </>
  );
}
