"use client";

import { useEffect, useRef } from "react";
import type { ActionResult } from "@/lib/actions/seller-action";
import type { Question } from "@/lib/marketplace/wire";
import { settleSaveAction } from "@/app/listings/[id]/settle-save";
import { RetryCountdown } from "../feedback/recovery-notice";
import { useFeedback } from "../feedback/toast-context";

const SETTLE_POLL_MS = 3_000;
// settle-unknown.ts gives a write up a minute after it was kept; a little longer covers the last read.
const SETTLE_FOR_MS = 75_000;

/**
 * What both editors do when a save did not come back as done: after a 429, count the wait down and save again by
 * itself; after a time-out, read the listing back until it says whether the save landed, then say "Saved" or "Not saved".
 */
export function useSaveRecovery(listingId: number) {
  const { notify } = useFeedback();
  // Each recovery started supersedes the one before; leaving the page ends them.
  const generation = useRef(0);
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  /** True when the failure was handled here. */
  function recover(
    result: Extract<ActionResult<unknown>, { ok: false }>,
    handlers: { retry: () => void; saved: (questions: Question[] | undefined) => void; savedText: string },
  ) {
    const mine = ++generation.current;
    if (result.retryAfter !== undefined) {
      notify(
        {
          tone: "error",
          text: `Not saved yet. The marketplace is busy and asked us to wait ${result.retryAfter} seconds; the dashboard saves again by itself then. Your changes are still here.`,
          action: (
            <RetryCountdown
              seconds={result.retryAfter}
              onDone={() => {
                if (mine === generation.current) handlers.retry();
              }}
            />
          ),
        },
        { focus: true },
      );
      return true;
    }
    if (!result.unconfirmed) return false;
    notify(
      {
        tone: "error",
        text: "Not confirmed yet. The marketplace took too long to answer; the dashboard is reading the listing back to see whether your changes were saved. They are still here.",
      },
      { focus: true },
    );
    const until = Date.now() + SETTLE_FOR_MS;
    let entryId: string | undefined;
    const check = async () => {
      if (mine !== generation.current) return;
      const settled = await settleSaveAction({ listingId, entryId });
      if (mine !== generation.current) return;
      if (settled.ok) {
        entryId = settled.data.entryId ?? entryId;
        if (settled.data.outcome === "done") {
          handlers.saved(settled.data.questions);
          notify({ tone: "success", text: handlers.savedText });
          return;
        }
        if (settled.data.outcome === "gone") {
          notify(
            {
              tone: "error",
              text: "Not saved. The marketplace took too long to answer, and reading the listing back shows your changes did not reach it. They are still here: save again.",
            },
            { focus: true },
          );
          return;
        }
      }
      if (Date.now() < until) setTimeout(() => void check(), SETTLE_POLL_MS);
    };
    setTimeout(() => void check(), SETTLE_POLL_MS);
    return true;
  }

  const cancel = () => {
    generation.current += 1;
  };
  return { recover, cancel };
}
