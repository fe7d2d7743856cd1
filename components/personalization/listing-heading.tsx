import { VIEW_STATES } from "@/lib/listings/query-keys";
import type { Listing } from "@/lib/marketplace/wire";

const stateName = (state: string) => VIEW_STATES.find((option) => option.value === state)?.label ?? state;

export function ListingNotLoaded({ error }: { error: Error | null }) {
  return error ? (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
      {error.message}
    </p>
  ) : (
    <p className="mt-4">Loading the listing…</p>
  );
}

export function ListingHeading({ listing }: { listing: Listing }) {
  return (
    <>
      <h1 className="mt-4 text-2xl font-semibold break-words">{listing.title}</h1>
      {/* On the page's own background: its colours come from the page, light or dark. */}
      <p className="mt-1 text-sm">
        {stateName(listing.state)}
        {listing.price ? ` · ${listing.price}` : ""}
      </p>
      <details className="mt-1 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center">Details for support</summary>
        <p>Listing number {listing.id} on the marketplace.</p>
      </details>
    </>
  );
}
