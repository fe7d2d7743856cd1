"use client";

import { useEffect, useRef, type ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/seller-action";
import type { Question } from "@/lib/marketplace/wire";
import { settleSaveAction } from "@/app/listings/[id]/settle-save";
import { callAction } from "../feedback/call-action";
import { outageBackoffMs } from "../feedback/outage-backoff";
import { RetryCountdown } from "../feedback/recovery-notice";
import { ReloadPageButton } from "../feedback/reload-page-button";
import { useFeedback } from "../feedback/toast-context";

const SETTLE_POLL_MS = 3_000;
// settle-unknown.ts gives a write up a minute after it was kept; a little longer covers the last read.
const SETTLE_FOR_MS = 75_000;
// An outage may last minutes: the dashboard keeps asking this long before handing the save back to the seller.
const OUTAGE_WAIT_MS = 10 * 60_000;

/**
 * What both editors do when a save did not come back as done: after a 429, count the wait down and save again by
 * itself; after a time-out, read the listing back until it says whether the save landed, then say "Saved" or "Not saved";
 * after an outage, read it back the same way until the marketplace answers, then say "Saved" or save again by itself.
 */
export function useSaveRecovery(listingId: number) {
  const { notify } = useFeedback();
  const notifyError = (text: string, action?: ReactNode) => notify({ tone: "error", text, action }, { focus: true });
  // Each recovery started supersedes the one before; leaving the page ends them.
  const generation = useRef(0);
  // One outage across the re-saves it causes: they wait longer each time, and stop once it has lasted OUTAGE_WAIT_MS.
  const outage = useRef<{ since: number; last: number; resaves: number } | null>(null);
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
      notifyError(
        `Not saved yet. The marketplace is busy and asked us to wait ${result.retryAfter} seconds; the dashboard saves again by itself then. Your changes are still here.`,
        <RetryCountdown
          seconds={result.retryAfter}
          onDone={() => {
            if (mine === generation.current) handlers.retry();
          }}
        />,
      );
      return true;
    }
    const away = result.unavailable === true;
    if (!result.unconfirmed && !away) return false;
    if (away) {
      const now = Date.now();
      // A failure long after the last one is a new outage, not the same one still going on.
      if (!outage.current || now - outage.current.last > 2 * 60_000)
        outage.current = { since: now, last: now, resaves: 0 };
      outage.current.last = now;
      if (now - outage.current.since > OUTAGE_WAIT_MS) {
        outage.current = null;
        return false;
      }
    }
    notifyError(
      away
        ? "Not saved yet. The marketplace is not answering; the dashboard checks every few seconds and saves again by itself once it answers. Your changes are still here."
        : "Not confirmed yet. The marketplace took too long to answer; the dashboard is reading the listing back to see whether your changes were saved. They are still here.",
    );
    const until = away && outage.current ? outage.current.since + OUTAGE_WAIT_MS : Date.now() + SETTLE_FOR_MS;
    let entryId: string | undefined;
    const check = async () => {
      if (mine !== generation.current) return;
      const settled = await callAction(() => settleSaveAction({ listingId, entryId })).catch(() => null);
      if (mine !== generation.current) return;
      if (settled?.ok === false && settled.olderPage) {
        outage.current = null;
        notifyError(settled.formError, <ReloadPageButton />);
        return;
      }
      if (settled?.ok) {
        entryId = settled.data.entryId ?? entryId;
        if (settled.data.outcome === "done") {
          outage.current = null;
          handlers.saved(settled.data.questions);
          notify({ tone: "success", text: handlers.savedText });
          return;
        }
        if (settled.data.outcome === "gone" && away && outage.current) {
          const wait = outageBackoffMs(outage.current.resaves++);
          setTimeout(() => {
            if (mine === generation.current) handlers.retry();
          }, wait - SETTLE_POLL_MS);
          return;
        }
        if (settled.data.outcome === "gone") {
          notifyError(
            "Not saved. The marketplace took too long to answer, and reading the listing back shows your changes did not reach it. They are still here: save again.",
          );
          return;
        }
      }
      if (Date.now() < until) setTimeout(() => void check(), SETTLE_POLL_MS);
      else if (away) {
        outage.current = null;
        notifyError(
          "Not saved. The marketplace has not answered for 10 minutes. Your changes are still here: save again later.",
        );
      }
    };
    setTimeout(() => void check(), SETTLE_POLL_MS);
    return true;
  }

  const cancel = () => {
    generation.current += 1;
  };
  return { recover, cancel };
}
