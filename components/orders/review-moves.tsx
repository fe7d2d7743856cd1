"use client";

import { useState } from "react";
import { approveAction, askBuyerAction, noteCorrectionAction } from "@/app/orders/queue-actions";
import type { OnDeadline } from "@/lib/orders/queue/states";
import { BatchField, MoveButton } from "./batch-controls";
import type { useQueueMoves } from "./use-queue-moves";

const WAIT_DAYS = /^[1-9][0-9]?$/;
const DAYS_NEEDED = "Give the buyer a whole number of days to answer, from 1 to 30, then ask again.";

/** The moves that settle a review: approve, note the correction the buyer agreed to, or ask the buyer and wait. */
export function ReviewMoves({
  run,
  pending,
  note,
  setNote,
  wait,
}: {
  run: ReturnType<typeof useQueueMoves>["run"];
  pending: boolean;
  note: string;
  setNote: (note: string) => void;
  wait: { waitDays: number; onDeadline: OnDeadline };
}) {
  const [waitDays, setWaitDays] = useState(String(wait.waitDays));
  const [onDeadline, setOnDeadline] = useState<OnDeadline>(wait.onDeadline);
  return (
    <>
      <MoveButton pending={pending} onClick={() => run("approve", (ids) => approveAction({ itemIds: ids }))}>
        Approve as it is
      </MoveButton>
      <BatchField
        label="Correction the buyer agreed to"
        value={note}
        onChange={setNote}
        maxLength={1000}
        width="w-72"
      />
      <MoveButton
        pending={pending}
        onClick={() => run("correct", (ids) => noteCorrectionAction({ itemIds: ids, note }))}
      >
        Note a correction
      </MoveButton>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Days for the buyer to answer
        <input
          type="number"
          min={1}
          max={30}
          value={waitDays}
          onChange={(event) => setWaitDays(event.target.value)}
          className="min-h-11 w-24 rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        When the deadline passes
        <select
          value={onDeadline}
          onChange={(event) => setOnDeadline(event.target.value as OnDeadline)}
          className="min-h-11 rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9"
        >
          <option value="hold">Hold it for my review</option>
          <option value="go-ahead">Go ahead as written</option>
        </select>
      </label>
      <MoveButton
        pending={pending}
        onClick={() =>
          run("ask", async (ids) =>
            WAIT_DAYS.test(waitDays) && Number(waitDays) <= 30
              ? askBuyerAction({ itemIds: ids, waitDays: Number(waitDays), onDeadline })
              : { ok: false, formError: DAYS_NEEDED },
          )
        }
      >
        Ask the buyer
      </MoveButton>
    </>
  );
}
