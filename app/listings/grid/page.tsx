import type { Metadata } from "next";
import { BackToListingsLink } from "@/components/back-to-listings-link";
import { ListingGrid } from "@/components/grid/listing-grid";
import { SiteHeader } from "@/components/site-header";
import { requireSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/auth/scopes";
import { selectionOfGridSearch } from "@/lib/changes/grid-selection";
import { gridRowsOf } from "@/lib/changes/grid-rows";
import { readListingQuestions } from "@/lib/changes/listing-reads";
import { resolveSelection } from "@/lib/changes/selection";
import { describeFailure, marketplace } from "@/lib/marketplace";

export const metadata: Metadata = { title: "Edit questions in a grid" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function gridOf(
  search: Record<string, string | string[] | undefined>,
  seller: { userId: number; shopId: number },
) {
  const selection = selectionOfGridSearch(search);
  if (!selection)
    return { ok: false as const, message: "Select listings on the listings page, then choose Edit in a grid." };
  const client = await marketplace();
  const selected = await resolveSelection(client, seller, selection);
  const listings = selected.ok
    ? await readListingQuestions(
        client,
        seller,
        selected.data.map((listing) => listing.id),
      )
    : selected;
  if (!listings.ok) return { ok: false as const, message: describeFailure(listings.failure, "load") };
  return { ok: true as const, listings: listings.data };
}

export default async function ListingGridPage({ searchParams }: Props) {
  const search = await searchParams;
  const seller = await requireSeller(`/listings/grid?${new URLSearchParams(search as Record<string, string>)}`);
  const grid =
    seller.shopId === null
      ? { ok: false as const, message: "Your marketplace account has no shop, so there are no listings to edit." }
      : await gridOf(search, { userId: seller.userId, shopId: seller.shopId });
  const rows = grid.ok ? gridRowsOf(grid.listings) : [];
  const asked = new Set(rows.map((row) => row.listingId));
  const unasked = grid.ok ? grid.listings.length - asked.size : 0;
  return (
    <>
      <SiteHeader shopName={seller.shopName} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 outline-none md:py-8">
        <BackToListingsLink />
        <h1 className="mt-2 text-2xl font-semibold">Edit questions in a grid</h1>
        {!grid.ok ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
            {grid.message}
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-stone-700">
              {asked.size} {asked.size === 1 ? "listing" : "listings"}, one row per text or dropdown question.
              {unasked > 0 &&
                ` ${unasked} selected ${unasked === 1 ? "listing asks" : "listings ask"} buyers nothing the grid edits: add a question with Change listings… instead.`}{" "}
              Arrow keys move, Enter or F2 edits, Escape cancels, Ctrl+D fills the cell down its column. Nothing changes
              until you review.
            </p>
            {rows.length > 0 ? (
              <ListingGrid initial={rows} canEdit={canEdit(seller.scopes)} />
            ) : (
              <p className="mt-4 rounded-lg bg-white p-4 ring-1 ring-stone-200">
                None of these listings asks a text or dropdown question, so there is nothing to edit here. Go back to
                your listings and add a question with Change listings… instead.
              </p>
            )}
          </>
        )}
      </main>
    </>
  );
}
