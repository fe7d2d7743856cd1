import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { SiteHeader } from "@/components/site-header";
import { ListingsTable } from "@/components/listings/listings-table";
import { SignInButton } from "@/components/sign-in-button";
import { requireSeller, signInPath } from "@/lib/auth/seller";
import { canEdit } from "@/lib/auth/scopes";
import { listingsKey, parseListingsSearch } from "@/lib/listing-queries";
import { loadListingsPage } from "@/lib/listings";
import { describeFailure, personalizationPhase } from "@/lib/marketplace";

export const metadata: Metadata = { title: "Your listings" };

export default async function ListingsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const search = await searchParams;
  const { state, page } = parseListingsSearch(search);
  const here = `/listings?state=${state}&page=${page}`;
  const seller = await requireSeller(here);
  const queryClient = new QueryClient();
  const result = await loadListingsPage(seller, state, page);
  if (!result.ok && (result.failure.kind === "reauth" || result.failure.kind === "invalid_token")) redirect(signInPath(here, "expired"));
  if (result.ok) queryClient.setQueryData(listingsKey(state, page), result.data);
  const multiQuestion = (await personalizationPhase().current()) === "multi";
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-semibold">{seller.shopName ? `Welcome, ${seller.shopName}` : "Welcome"}</h1>
        {seller.shopId === null ? (
          <p role="status" className="mt-4 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
            Your marketplace account has no shop yet, so there are no listings to personalize. Open a shop on the marketplace, then sign in again.
          </p>
        ) : result.ok ? (
          <HydrationBoundary state={dehydrate(queryClient)}>
            <ListingsTable state={state} page={page} canEdit={canEdit(seller.scopes)} multiQuestion={multiQuestion} />
          </HydrationBoundary>
        ) : (
          <div role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
            <p>{describeFailure(result.failure, "load")}</p>
            {result.failure.kind === "insufficient_scope" && (
              <div className="mt-3">
                <SignInButton callbackUrl={here} label="Sign in again" />
              </div>
            )}
          </div>
        )}
      </main>
    </>
  );
}
