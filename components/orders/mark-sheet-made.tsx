"use client";

import { markMadeAction } from "@/app/orders/queue-actions";
import { counted } from "@/lib/orders/count-words";
import { Button } from "../ui/button";
import { useQueueMoves } from "./use-queue-moves";

/** The sheet's items to make, marked made in one move once they are made; the sheet then reloads without them. */
export function MarkSheetMade({ itemIds }: { itemIds: string[] }) {
  const { run, feedback, pending } = useQueueMoves(new Set(itemIds), () => {});
  return (
    <div className="flex flex-wrap items-center gap-2">
      {itemIds.length > 0 && (
        <Button
          compact
          className="bg-white text-sm font-semibold text-stone-900"
          aria-disabled={pending}
          onClick={() => run("made", (ids) => markMadeAction({ itemIds: ids }))}
        >
          {itemIds.length === 1 ? "Mark this item made" : `Mark these ${counted(itemIds.length, "item")} made`}
        </Button>
      )}
      <div role="status" className="text-sm">
        {feedback && (
          <>
            <p>{feedback.text}</p>
            {feedback.refused.length > 0 && (
              <ul className="list-disc pl-5">
                {feedback.refused.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
