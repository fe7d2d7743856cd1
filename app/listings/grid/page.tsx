import type { Seller } from "@/lib/marketplace/wire";
import type { Metadata } from "next";
import { BackToListingsLink } from "@/components/back-to-listings-link";
import { ListingGrid } from "@/components/grid/listing-grid";
import { SiteHeader } from "@/components/site-header";
import { requireSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/marketplace/scopes";
import { selectionOfGridSearch } from "@/lib/changes/grid-selection";
import { gridRowsOf } from "@/lib/changes/grid-rows";
import { gridVersionsOf } from "@/lib/changes/grid-plan";
import { resolveSelection } from "@/lib/changes/shop-listing-ids";
import { describeFailure, marketplace } from "@/lib/marketplace";
import { wholeNumber } from "@/lib/whole-number";

export const metadata: Metadata = { title: "Edit questions in a grid" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function gridOf(search: Record<string, string | string[] | undefined>, seller: Seller) {
  const selection = selectionOfGridSearch(search);
  if (!selection.ok) return { ok: false as const, message: selection.message };
  const selected = await resolveSelection(await marketplace(), seller, selection.selection, "drop");
  if (!selected.ok) return { ok: false as const, message: describeFailure(selected.failure, "load") };
  return { ok: true as const, ...selected.data };
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
              {grid.foreign > 0 &&
                ` ${wholeNumber(grid.foreign)} of the listings in this address ${grid.foreign === 1 ? "is" : "are"} not in your shop, so the grid leaves ${grid.foreign === 1 ? "it" : "them"} out.`}{" "}
              Arrow keys move, Enter or F2 edits, Escape cancels, Ctrl+D copies the cell above (or the first row of a
              range chosen with Shift and the arrows, Ctrl+Shift+Down to the last row), Ctrl+Z undoes. Nothing changes
              until you review.
            </p>
            {rows.length > 0 ? (
              <ListingGrid initial={rows} versions={gridVersionsOf(grid.listings)} canEdit={canEdit(seller.scopes)} />
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
