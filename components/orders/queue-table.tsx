"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition, type KeyboardEvent } from "react";
import {
  approveAction,
  markMadeAction,
  markShippedAction,
  noteCorrectionAction,
  remakeAction,
  undoMoveAction,
} from "@/app/orders/queue-actions";
import type { ActionResult } from "@/lib/actions/seller-action";
import type { MoveOutcome } from "@/lib/orders/queue/moves";
import type { QueueItem } from "@/lib/orders/queue/queue-rows";
import { countOf, STATE_LABELS, type QueueState } from "@/lib/orders/queue/states";

const TONES: Record<QueueState, string> = {
  review: "bg-amber-100 text-amber-950 ring-1 ring-amber-300",
  "to-make": "bg-blue-50 text-blue-900 ring-1 ring-blue-200",
  made: "bg-green-50 text-green-900 ring-1 ring-green-200",
  shipped: "bg-stone-100 text-stone-800",
};

const DONE: Record<string, string> = {
  made: "marked made",
  shipped: "marked shipped",
  approve: "approved",
  correct: "cleared with a correction",
  remake: "remade (each remake is a new item to make)",
  undo: "put back as before their last move",
};

const DAY = 24 * 3600;
const utcDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

// Buttons stay focusable while a move runs (aria-disabled, not disabled), so keyboard focus is not dropped to the page.
const button =
  "min-h-11 rounded-md px-3 text-sm font-semibold ring-1 ring-stone-400 bg-white text-stone-900 hover:bg-stone-100 disabled:opacity-60 aria-disabled:opacity-60 md:min-h-9";

type Verb = keyof typeof DONE;
type Feedback = { tone: "done" | "refused"; text: string; refused: string[] };

function dueNote(item: QueueItem, today: number) {
  if (item.state === "shipped") return null;
  if (item.shipBy < today) return "overdue";
  if (item.shipBy < today + DAY) return "due today";
  return null;
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
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [pending, startTransition] = useTransition();
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [carrier, setCarrier] = useState("");
  const [trackingCode, setTrackingCode] = useState("");
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
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

  function run(verb: Verb, call: (ids: string[]) => Promise<ActionResult<MoveOutcome>>) {
    if (pending) return;
    const ids = [...selected];
    if (ids.length === 0) {
      setFeedback({ tone: "refused", text: "Tick at least one item first.", refused: [] });
      return;
    }
    startTransition(async () => {
      const result = await call(ids).catch(() => null);
      if (!result) {
        setFeedback({
          tone: "refused",
          text: "The dashboard did not answer, so nothing may have moved. Reload the page to see the queue as it is.",
          refused: [],
        });
        return;
      }
      if (!result.ok) {
        setFeedback({ tone: "refused", text: result.formError, refused: [] });
        return;
      }
      const { done, refused } = result.data;
      setFeedback({
        tone: refused.length > 0 ? "refused" : "done",
        text: `${countOf(done.length, "item")} ${DONE[verb]}.${refused.length > 0 ? ` ${countOf(refused.length, "item")} not:` : ""}`,
        refused: refused.map((item) => item.reason),
      });
      setSelected(new Set(refused.map((item) => item.itemId)));
      if (verb === "remake") setReason("");
      if (verb === "correct") setNote("");
      if (verb === "shipped" && done.length > 0) {
        setCarrier("");
        setTrackingCode("");
      }
      router.refresh();
    });
  }

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
          Select all due today ({countOf(dueTodayIds.length, "item")})
        </button>
        <span className="text-sm text-stone-700" aria-live="polite">
          {countOf(selected.size, "item")} selected
        </span>
        <button
          type="button"
          className={button}
          aria-disabled={pending}
          onClick={() => run("made", (ids) => markMadeAction({ itemIds: ids }))}
        >
          Mark made
        </button>
        <button
          type="button"
          className={button}
          aria-disabled={pending}
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
        </button>
        <button
          type="button"
          className={button}
          aria-disabled={pending}
          onClick={() => run("undo", (ids) => undoMoveAction({ itemIds: ids }))}
        >
          Undo last move
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Carrier (one order)
          <input
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            maxLength={100}
            className="min-h-11 w-40 rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Tracking code (one order)
          <input
            value={trackingCode}
            onChange={(event) => setTrackingCode(event.target.value)}
            maxLength={100}
            className="min-h-11 w-48 rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9"
          />
        </label>
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Reason for a remake
          <input
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            className="min-h-11 w-64 rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9"
          />
        </label>
        <button
          type="button"
          className={button}
          aria-disabled={pending}
          onClick={() => run("remake", (ids) => remakeAction({ itemIds: ids, reason }))}
        >
          Remake
        </button>
        {selectedReview && (
          <>
            <button
              type="button"
              className={button}
              aria-disabled={pending}
              onClick={() => run("approve", (ids) => approveAction({ itemIds: ids }))}
            >
              Approve as it is
            </button>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Correction the buyer agreed to
              <input
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={1000}
                className="min-h-11 w-72 rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9"
              />
            </label>
            <button
              type="button"
              className={button}
              aria-disabled={pending}
              onClick={() => run("correct", (ids) => noteCorrectionAction({ itemIds: ids, note }))}
            >
              Note a correction
            </button>
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
              <th scope="col" className="px-2 py-1.5">
                Order
              </th>
              <th scope="col" className="px-2 py-1.5">
                Buyer
              </th>
              <th scope="col" className="px-2 py-1.5">
                Item
              </th>
              <th scope="col" className="px-2 py-1.5">
                Qty
              </th>
              <th scope="col" className="px-2 py-1.5">
                Answers
              </th>
              <th scope="col" className="px-2 py-1.5">
                Ordered (UTC)
              </th>
              <th scope="col" className="px-2 py-1.5">
                Ship by (UTC)
              </th>
              <th scope="col" className="px-2 py-1.5">
                State
              </th>
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
                    {item.answers.length === 0 ? (
                      <span className="text-stone-600">No personalization</span>
                    ) : (
                      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
                        {item.answers.map((answer, position) => (
                          <div key={`${answer.title}-${position}`} className="contents">
                            <dt className="text-stone-700">
                              {answer.title}
                              {answer.titleToday && <span> (now asked as “{answer.titleToday}”)</span>}
                              {answer.titleToday === null && <span> (no longer asked)</span>}
                            </dt>
                            <dd className="whitespace-pre-wrap break-words text-stone-900" data-answer>
                              {answer.value || <span className="italic text-stone-600">No answer</span>}
                              {answer.addOn && <span className="text-stone-700"> (add-on {answer.addOn})</span>}
                              {answer.flags.map((flag) => (
                                <span key={flag.kind} className="block text-xs text-amber-950" data-flag={flag.kind}>
                                  <strong>Check:</strong> {flag.message}
                                </span>
                              ))}
                            </dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    {item.review === "approved" && <p className="text-xs text-stone-700">Approved as it is.</p>}
                    {item.review === "corrected" && (
                      <p className="text-xs font-medium text-stone-900" data-correction>
                        Correction: {item.note}
                      </p>
                    )}
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">{utcDate(item.orderedAt)}</td>
                  <td className="px-2 py-1.5 tabular-nums">
                    {utcDate(item.shipBy)}
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
