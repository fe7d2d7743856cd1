import type { Listing } from "@/lib/marketplace/wire";

const BOX = "hidden h-10 w-10 shrink-0 rounded-md sm:block";

export function ListingThumbnail({ listing }: { listing: Listing }) {
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
