"use client";

import { useState, type Dispatch, type ReactNode, type SetStateAction } from "react";
import {
  approveAction,
  askBuyerAction,
  markMadeAction,
  markShippedAction,
  noteCorrectionAction,
  remakeAction,
  undoMoveAction,
} from "@/app/orders/queue-actions";
import { counted } from "@/lib/orders/count-words";
import type { OnDeadline } from "@/lib/orders/queue/states";
import { Button } from "../ui/button";
import { useQueueMoves } from "./use-queue-moves";

const QUEUE_BUTTON = "bg-white text-sm font-semibold text-stone-900";

const WAIT_DAYS = /^[1-9][0-9]?$/;
const DAYS_NEEDED = "Give the buyer a whole number of days to answer, from 1 to 30, then ask again.";

/** A batch move's button: it stays focusable while a move runs (aria-disabled), so focus is not dropped to the page. */
function MoveButton({ pending, onClick, children }: { pending: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button compact className={QUEUE_BUTTON} aria-disabled={pending} onClick={onClick}>
      {children}
    </Button>
  );
}

/** A labelled text input of the queue's batch bar: what a move needs typed (a reason, a note, a tracking code). */
function BatchField({
  label,
  value,
  onChange,
  maxLength,
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  width: "w-40" | "w-48" | "w-64" | "w-72";
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        className={`min-h-11 ${width} rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9`}
      />
    </label>
  );
}

/** What the ticked items can become (made, shipped, remade, approved, corrected, or back), and what the last move did. */
export function QueueBatchBar({
  selected,
  setSelected,
  dueTodayIds,
  selectedReview,
  wait,
}: {
  selected: Set<string>;
  setSelected: Dispatch<SetStateAction<Set<string>>>;
  dueTodayIds: string[];
  /** Whether a ticked item waits for a review, which approving, a correction or asking the buyer settles. */
  selectedReview: boolean;
  wait: { waitDays: number; onDeadline: OnDeadline };
}) {
  const [waitDays, setWaitDays] = useState(String(wait.waitDays));
  const [onDeadline, setOnDeadline] = useState<OnDeadline>(wait.onDeadline);
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [carrier, setCarrier] = useState("");
  const [trackingCode, setTrackingCode] = useState("");
  const { run, feedback, pending } = useQueueMoves(selected, (verb, outcome) => {
    setSelected(new Set(outcome.refused.map((item) => item.itemId)));
    if (verb === "remake") setReason("");
    if (verb === "correct") setNote("");
    if (verb === "shipped" && outcome.done.length > 0) {
      setCarrier("");
      setTrackingCode("");
    }
  });
  const tracking = (carrier || trackingCode) && { tracking: { carrierName: carrier, trackingCode } };
  return (
    <>
      <div role="group" aria-label="Selected items" className="flex flex-wrap items-center gap-2">
        <Button
          compact
          className={QUEUE_BUTTON}
          disabled={dueTodayIds.length === 0}
          onClick={() => setSelected(new Set(dueTodayIds))}
        >
          Select all due today ({counted(dueTodayIds.length, "item")})
        </Button>
        <span className="text-sm text-stone-700" aria-live="polite">
          {counted(selected.size, "item")} selected
        </span>
        <MoveButton pending={pending} onClick={() => run("made", (ids) => markMadeAction({ itemIds: ids }))}>
          Mark made
        </MoveButton>
        <MoveButton
          pending={pending}
          onClick={() => run("shipped", (ids) => markShippedAction({ itemIds: ids, ...tracking }))}
        >
          Mark shipped
        </MoveButton>
        <MoveButton pending={pending} onClick={() => run("undo", (ids) => undoMoveAction({ itemIds: ids }))}>
          Undo last move
        </MoveButton>
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <BatchField label="Carrier (one order)" value={carrier} onChange={setCarrier} maxLength={100} width="w-40" />
        <BatchField
          label="Tracking code (one order)"
          value={trackingCode}
          onChange={setTrackingCode}
          maxLength={100}
          width="w-48"
        />
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <BatchField label="Reason for a remake" value={reason} onChange={setReason} maxLength={500} width="w-64" />
        <MoveButton pending={pending} onClick={() => run("remake", (ids) => remakeAction({ itemIds: ids, reason }))}>
          Remake
        </MoveButton>
        {selectedReview && (
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
        )}
      </div>
      <div role="status" className="mt-2 min-h-6 text-sm">
        {feedback && (
          <div
            className={
              feedback.tone === "done"
                ? "rounded bg-green-50 px-3 py-2 text-green-900 ring-1 ring-green-200"
                : "rounded bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-200"
            }
          >
            <p>{feedback.text}</p>
            {feedback.refused.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {feedback.refused.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </>
  );
}
