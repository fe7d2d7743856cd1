"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/actions/seller-action";
import type { MoveOutcome } from "@/lib/orders/queue/moves";
import { counted } from "@/lib/orders/count-words";
import { callAction } from "../feedback/call-action";

const DONE: Record<string, string> = {
  made: "marked made",
  shipped: "marked shipped",
  approve: "approved",
  correct: "cleared with a correction",
  "read-note": "with the buyer's note read",
  remake: "remade (each remake is a new item to make)",
  ask: "waiting on the buyer: copy the message beside each and send it to the buyer",
  undo: "put back as before their last move",
};

export type Verb = keyof typeof DONE;
type Feedback = { tone: "done" | "refused"; text: string; refused: string[] };

const NO_ANSWER = "The dashboard did not answer, so nothing may have moved. Reload the page to see the queue as it is.";

/** A batch move of the ticked items: one at a time, said in one sentence and each refused item's own, then the page anew. */
export function useQueueMoves(selected: Set<string>, after: (verb: Verb, outcome: MoveOutcome) => void) {
  const router = useRouter();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [pending, startTransition] = useTransition();

  function run(verb: Verb, call: (ids: string[]) => Promise<ActionResult<MoveOutcome>>) {
    if (pending) return;
    const ids = [...selected];
    if (ids.length === 0) return setFeedback({ tone: "refused", text: "Tick at least one item first.", refused: [] });
    startTransition(async () => {
      const result = await callAction(() => call(ids)).catch(() => null);
      if (!result) return setFeedback({ tone: "refused", text: NO_ANSWER, refused: [] });
      if (!result.ok) return setFeedback({ tone: "refused", text: result.formError, refused: [] });
      const { done, refused } = result.data;
      setFeedback({
        tone: refused.length > 0 ? "refused" : "done",
        text: `${counted(done.length, "item")} ${DONE[verb]}.${refused.length > 0 ? ` ${counted(refused.length, "item")} not:` : ""}`,
        refused: refused.map((item) => item.reason),
      });
      after(verb, result.data);
      router.refresh();
    });
  }

  return { run, feedback, pending };
}
