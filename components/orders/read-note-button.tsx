"use client";

import { markNoteReadAction } from "@/app/orders/queue-actions";
import { Button } from "../ui/button";
import { useQueueMoves } from "./use-queue-moves";

/** The buyer's note read, for one item: a move of the queue like the others, undone by "Undo last move". */
export function ReadNoteButton({ itemId, receiptId }: { itemId: string; receiptId: number }) {
  const { run, feedback, pending } = useQueueMoves(new Set([itemId]), () => {});
  return (
    <span className="block">
      <Button
        compact
        className="mt-1 bg-white text-xs font-semibold text-stone-900"
        aria-disabled={pending}
        aria-label={`Mark the note of order ${receiptId} read`}
        onClick={() => run("read-note", (ids) => markNoteReadAction({ itemIds: ids }))}
      >
        Mark the note read
      </Button>
      <span role="status" className="ml-2 text-xs">
        {feedback && [feedback.text, ...feedback.refused].join(" ")}
      </span>
    </span>
  );
}
