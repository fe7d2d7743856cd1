import type { Listing } from "@/lib/marketplace/wire";

type WithImage = Listing & { imageUrl?: string | null; images?: { url?: string; url75?: string }[] };

export function thumbnailUrlOf(listing: Listing): string | null {
  const withImage = listing as WithImage;
  const first = withImage.images?.[0];
  return withImage.imageUrl ?? first?.url75 ?? first?.url ?? null;
}

export function ListingThumbnail({ listing }: { listing: Listing }) {
  const url = thumbnailUrlOf(listing);
  const box = "hidden h-10 w-10 shrink-0 rounded-md sm:block";
  if (!url) return <span aria-hidden="true" className={`${box} bg-stone-200`} data-testid="thumbnail-placeholder" />;
  // A marketplace image at its own small size: next/image would fetch and resize it through this server for nothing.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={url} alt="" width={40} height={40} loading="lazy" className={`${box} object-cover`} />;
}
