"use client";

import { useState } from "react";
import { buyerMessage } from "@/lib/orders/queue/buyer-wait";
import type { QueueItem } from "@/lib/orders/queue/queue-rows";
import { Button } from "../ui/button";

/** The words to send the buyer, to copy: the marketplace has no messages API, so the seller sends them elsewhere. */
export function BuyerMessage({ item }: { item: QueueItem }) {
  const [copied, setCopied] = useState<string | null>(null);
  const text = buyerMessage(item, item.orderUrl ?? "");
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied("Copied: paste it in your message to the buyer."),
      () => setCopied("Your browser did not let the page copy: select the text and copy it yourself."),
    );
  return (
    <details className="mt-1 text-xs">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-blue-800 underline md:min-h-0">
        Message for the buyer
      </summary>
      <textarea
        readOnly
        value={text}
        rows={8}
        aria-label={`Message for the buyer of order ${item.receiptId}`}
        className="mt-1 block w-72 rounded border border-stone-400 p-2 text-xs"
      />
      <Button compact className="mt-1 bg-white text-xs font-semibold text-stone-900" onClick={copy}>
        Copy the message
      </Button>
      <span role="status" className="ml-2">
        {copied}
      </span>
    </details>
  );
}
