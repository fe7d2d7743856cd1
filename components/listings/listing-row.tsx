import Link from "next/link";
import { isRemoved } from "@/lib/marketplace/listing-state";
import type { Listing } from "@/lib/marketplace/wire";
import { VIEW_STATES } from "@/lib/listings/query-keys";
import { AskedText, QuestionSummary, summarize } from "./question-summary";

type Props = {
  listing: Listing;
  editHref: string;
  selectable: boolean;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  multiQuestion?: boolean;
};

const stateLabel = (state: string) => VIEW_STATES.find((option) => option.value === state)?.label ?? state;

const BOX = "hidden h-10 w-10 shrink-0 rounded-md sm:block";

function ListingThumbnail({ listing }: { listing: Listing }) {
  const { thumbnail } = listing;
  if (!thumbnail)
    return <span aria-hidden="true" className={`${BOX} bg-stone-200`} data-testid="thumbnail-placeholder" />;
  return (
    // The marketplace's own 75x75 file: next/image would fetch and resize it through this server for nothing. The
    // title beside it names the listing, so the photo is decorative (alt="") rather than read out a second time.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={thumbnail}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      className={`${BOX} bg-stone-200 object-cover`}
    />
  );
}

export function ListingRow({ listing, editHref, selectable, selected, onSelect, multiQuestion = false }: Props) {
  const summary = summarize(listing, multiQuestion);
  const removed = isRemoved(listing);
  return (
    <tr className="border-t border-stone-200 align-top">
      <td className="px-2 py-2 md:px-4 md:py-3">
        <div className="flex items-start gap-1 md:gap-2">
          {selectable && !removed && (
            <label className="flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center md:h-6 md:w-6">
              <input
                type="checkbox"
                aria-label={`Select ${listing.title}`}
                className="h-4 w-4"
                checked={selected}
                onChange={(event) => onSelect(event.target.checked)}
              />
            </label>
          )}
          <ListingThumbnail listing={listing} />
          <div className="min-w-0 flex-1">
            {removed ? (
              <>
                <span className="inline-block py-3 font-medium text-stone-700 md:py-0">{listing.title}</span>{" "}
                <span
                  data-testid="removed-badge"
                  className="rounded bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-800"
                >
                  Removed by the marketplace
                </span>
              </>
            ) : (
              <Link
                href={editHref}
                className="inline-block py-3 font-medium text-blue-800 underline-offset-2 hover:underline md:py-0"
              >
                {listing.title}
              </Link>
            )}
            <p className="text-xs text-stone-600">
              {[listing.price, removed ? undefined : stateLabel(listing.state)].filter(Boolean).join(" · ")}
              {listing.url && !removed && (
                <>
                  {" · "}
                  <a
                    href={listing.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`View “${listing.title}” on the marketplace (opens in a new tab)`}
                    className="inline-block py-3.5 text-blue-800 underline underline-offset-2 md:py-0"
                  >
                    View on the marketplace
                  </a>
                </>
              )}
            </p>
            {listing.changedOutside && (
              <p className="mt-1 text-xs">
                <Link href="/inbox" className="font-medium text-amber-900 underline underline-offset-2">
                  Changed outside the dashboard
                </Link>
              </p>
            )}
            {listing.legacyDisagrees && (
              <p className="mt-1 text-xs text-amber-800">
                What this listing asks buyers was last set the old way and differs slightly; saving it here brings it in
                line.
              </p>
            )}
            <div className="mt-2 text-sm md:hidden">
              <AskedText summary={summary} />
              {summary.asked !== null && (
                <p className="text-xs text-stone-600">
                  {summary.required}
                  {summary.limit !== "—" && ` · up to ${summary.limit} characters`}
                </p>
              )}
            </div>
          </div>
        </div>
      </td>
      <QuestionSummary summary={summary} />
    </tr>
  );
}
