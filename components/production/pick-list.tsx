import { pickWords, type PickListing } from "@/lib/orders/pick-list";

/** The open items by listing and the choices a maker sets up for, the most first. */
export function PickList({ listings }: { listings: PickListing[] }) {
  if (listings.length === 0) return <p className="text-stone-700">No open items to make.</p>;
  return (
    <ul className="space-y-3">
      {listings.map((listing) => (
        <li
          key={listing.listingId ?? listing.title}
          className="rounded-lg bg-white p-4 ring-1 ring-stone-200"
          data-pick-listing={listing.listingId ?? ""}
        >
          <h2 className="font-semibold">
            {listing.title}{" "}
            <span className="font-normal text-stone-700">
              ({listing.items} {listing.items === 1 ? "item" : "items"})
            </span>
          </h2>
          <p data-pick>{pickWords(listing)}</p>
        </li>
      ))}
    </ul>
  );
}
