"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/actions/seller-action";
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

/** A move's outcome: the items moved, each refusal in words (a list's bad line names no item), those kept waiting. */
export type Moved = { done: string[]; refused: { itemId?: string; reason: string }[]; waiting?: string[] };

/** `olderPage`: the dashboard was updated since the page loaded, and a Reload keeps what was typed. */
type Feedback = { tone: "done" | "refused"; text: string; refused: string[]; olderPage?: boolean };

const NO_ANSWER = "The dashboard did not answer, so nothing may have moved. Reload the page to see the queue as it is.";

/** A batch move of the ticked items: one at a time, said in one sentence and one line per refusal, then the page anew. */
export function useQueueMoves(selected: Set<string>, after: (verb: Verb, outcome: Moved) => void) {
  const router = useRouter();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [pending, startTransition] = useTransition();

  function run(verb: Verb, call: (ids: string[]) => Promise<ActionResult<Moved>>, needsTicked = true) {
    if (pending) return;
    const ids = [...selected];
    if (needsTicked && ids.length === 0)
      return setFeedback({ tone: "refused", text: "Tick at least one item first.", refused: [] });
    startTransition(async () => {
      const result = await callAction(() => call(ids)).catch(() => null);
      if (!result) return setFeedback({ tone: "refused", text: NO_ANSWER, refused: [] });
      if (!result.ok)
        return setFeedback({
          tone: "refused",
          text: result.formError.includes("\n") ? "Nothing was marked shipped:" : result.formError,
          refused: result.formError.includes("\n") ? result.formError.split("\n") : [],
          olderPage: "olderPage" in result && result.olderPage === true,
        });
      const { done, refused, waiting = [] } = result.data;
      // A waiting item is said once, in the sentence: it is not refused, it goes by itself.
      const lines = [
        ...new Set(refused.filter((item) => !waiting.includes(item.itemId ?? "")).map((item) => item.reason)),
      ];
      setFeedback({
        tone: lines.length > 0 ? "refused" : "done",
        text: [
          done.length > 0 || waiting.length === 0 ? `${counted(done.length, "item")} ${DONE[verb]}.` : "",
          waiting.length > 0
            ? `${counted(waiting.length, "item")} waiting for the marketplace: sent when it answers.`
            : "",
          lines.length > 0 ? "Not done:" : "",
        ]
          .filter(Boolean)
          .join(" "),
        refused: lines,
      });
      after(verb, result.data);
      router.refresh();
    });
  }

  return { run, feedback, pending };
}
