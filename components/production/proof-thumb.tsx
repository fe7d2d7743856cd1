import type { QueueItem } from "@/lib/orders/queue/queue-rows";

/** The item's proof, small on its queue row, and the link to download it at size. */
export function ProofThumb({ item }: { item: Pick<QueueItem, "itemId" | "receiptId" | "title" | "proof"> }) {
  if (!item.proof) return null;
  const src = `/api/production/proof/${item.receiptId}/${item.itemId}`;
  return (
    <span className="mt-1 block" data-proof>
      {/* eslint-disable-next-line @next/next/no-img-element -- an SVG the dashboard draws, served at its own size */}
      <img
        src={src}
        alt={`Proof of “${item.title}” of order ${item.receiptId}`}
        className="h-10 max-w-48 rounded bg-white ring-1 ring-stone-200"
      />
      <a href={`${src}?download=1`} className="text-xs text-blue-800 underline print:hidden">
        Download proof
      </a>{" "}
      <a
        href={`${src}?download=1&format=png`}
        className="text-xs text-blue-800 underline print:hidden"
        aria-label="Download proof as PNG"
      >
        PNG
      </a>
    </span>
  );
}
