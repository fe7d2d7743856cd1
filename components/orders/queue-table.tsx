"use client";

import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import {
  approveAction,
  markMadeAction,
  markShippedAction,
  noteCorrectionAction,
  remakeAction,
  undoMoveAction,
} from "@/app/orders/queue-actions";
import type { QueueItem } from "@/lib/orders/queue/queue-rows";
import { counted } from "@/lib/orders/count-words";
import { DAY, isoDay } from "@/lib/orders/day";
import { STATE_LABELS, type QueueState } from "@/lib/orders/queue/states";
import { BatchField } from "./batch-field";
import { QueueAnswers } from "./queue-answers";
import { useQueueMoves } from "./use-queue-moves";

const TONES: Record<QueueState, string> = {
  review: "bg-amber-100 text-amber-950 ring-1 ring-amber-300",
  "to-make": "bg-blue-50 text-blue-900 ring-1 ring-blue-200",
  made: "bg-green-50 text-green-900 ring-1 ring-green-200",
  shipped: "bg-stone-100 text-stone-800",
};

const COLUMNS = ["Order", "Buyer", "Item", "Qty", "Answers", "Ordered (UTC)", "Ship by (UTC)", "State"];

// Buttons stay focusable while a move runs (aria-disabled, not disabled), so keyboard focus is not dropped to the page.
const button =
  "min-h-11 rounded-md px-3 text-sm font-semibold ring-1 ring-stone-400 bg-white text-stone-900 hover:bg-stone-100 disabled:opacity-60 aria-disabled:opacity-60 md:min-h-9";

function dueNote(item: QueueItem, today: number) {
  if (item.state === "shipped") return null;
  if (item.shipBy < today) return "overdue";
  if (item.shipBy < today + DAY) return "due today";
  return null;
}

/** A batch move's button: it stays focusable while a move runs (aria-disabled), so focus is not dropped to the page. */
function MoveButton({ pending, onClick, children }: { pending: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={button} aria-disabled={pending} onClick={onClick}>
      {children}
    </button>
  );
}

export function QueueTable({
  items,
  dueTodayIds,
  today,
}: {
  items: QueueItem[];
  dueTodayIds: string[];
  /** The first second of today's UTC day, as the server saw it. */
  today: number;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [carrier, setCarrier] = useState("");
  const [trackingCode, setTrackingCode] = useState("");
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const { run, feedback, pending } = useQueueMoves(selected, (verb, outcome) => {
    setSelected(new Set(outcome.refused.map((item) => item.itemId)));
    if (verb === "remake") setReason("");
    if (verb === "correct") setNote("");
    if (verb === "shipped" && outcome.done.length > 0) {
      setCarrier("");
      setTrackingCode("");
    }
  });
  const byId = new Map(items.map((item) => [item.itemId, item]));

  const toggle = (itemId: string, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  const moveFocus = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    boxes.current[index + step]?.focus();
  };

  const selectedReview = [...selected].some((id) => byId.get(id)?.state === "review");
  const allOnPage = items.length > 0 && items.every((item) => selected.has(item.itemId));

  return (
    <div className="mt-3">
      <div role="group" aria-label="Selected items" className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={button}
          disabled={dueTodayIds.length === 0}
          onClick={() => setSelected(new Set(dueTodayIds))}
        >
          Select all due today ({counted(dueTodayIds.length, "item")})
        </button>
        <span className="text-sm text-stone-700" aria-live="polite">
          {counted(selected.size, "item")} selected
        </span>
        <MoveButton pending={pending} onClick={() => run("made", (ids) => markMadeAction({ itemIds: ids }))}>
          Mark made
        </MoveButton>
        <MoveButton
          pending={pending}
          onClick={() =>
            run("shipped", (ids) =>
              markShippedAction({
                itemIds: ids,
                ...((carrier || trackingCode) && { tracking: { carrierName: carrier, trackingCode } }),
              }),
            )
          }
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
      <div className="mt-2 overflow-x-auto rounded-lg ring-1 ring-stone-200">
        <table className="w-full border-collapse bg-white text-left text-sm" aria-label="Production queue">
          <thead className="bg-stone-100 text-xs text-stone-800">
            <tr>
              <th scope="col" className="px-2 py-1.5">
                <input
                  type="checkbox"
                  aria-label="Select every item on this page"
                  checked={allOnPage}
                  onChange={(event) =>
                    setSelected(event.target.checked ? new Set(items.map((item) => item.itemId)) : new Set())
                  }
                  className="size-5 md:size-4"
                />
              </th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-2 py-1.5">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => {
              const due = dueNote(item, today);
              const checked = selected.has(item.itemId);
              return (
                <tr
                  key={item.itemId}
                  data-item={item.itemId}
                  className={`border-t border-stone-200 align-top ${checked ? "bg-blue-50" : ""}`}
                >
                  <td className="px-2 py-1.5">
                    <input
                      ref={(box) => {
                        boxes.current[index] = box;
                      }}
                      type="checkbox"
                      checked={checked}
                      onChange={(event) => toggle(item.itemId, event.target.checked)}
                      onKeyDown={(event) => moveFocus(event, index)}
                      aria-label={`Select ${item.remakeOf ? `remake ${item.itemId} of ` : ""}${item.title} of order ${item.receiptId}`}
                      className="size-5 md:size-4"
                    />
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">{item.receiptId}</td>
                  <td className="px-2 py-1.5">{item.buyerName}</td>
                  <td className="px-2 py-1.5">
                    {item.title}
                    {item.remakeOf && (
                      <p className="text-xs text-stone-700" data-remake-of={item.remakeOf}>
                        Remake of item {item.remakeOf}: {item.reason}
                      </p>
                    )}
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">{item.quantity}</td>
                  <td className="px-2 py-1.5">
                    <QueueAnswers item={item} />
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">{isoDay(item.orderedAt)}</td>
                  <td className="px-2 py-1.5 tabular-nums">
                    {isoDay(item.shipBy)}
                    {due && <span className="block text-xs font-semibold text-red-800">{due}</span>}
                  </td>
                  <td className="px-2 py-1.5">
                    <span
                      className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium ${TONES[item.state]}`}
                      data-state={item.state}
                    >
                      {STATE_LABELS[item.state]}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
