"use client";

import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import {
  markMadeAction,
  markShippedAction,
  remakeAction,
  shipListAction,
  undoMoveAction,
} from "@/app/orders/queue-actions";
import { counted } from "@/lib/orders/count-words";
import type { QueueItem } from "@/lib/orders/queue/queue-rows";
import type { OnDeadline } from "@/lib/orders/queue/states";
import { ReloadPageButton } from "../feedback/reload-page-button";
import { keepInTab, takeFromTab } from "../tab-storage";
import { Button } from "../ui/button";
import { BatchField, MoveButton, QUEUE_BUTTON } from "./batch-controls";
import { ReviewMoves } from "./review-moves";
import { ShipListForm } from "./ship-list-form";
import { ShipOrdersForm, type ShipTyped } from "./ship-orders-form";
import { useQueueMoves } from "./use-queue-moves";

/** What the seller typed in the bar, kept in the tab through a reload of an older build's page. */
const TYPED_KEY = "orders.batch-typed";
type Typed = { ship: ShipTyped; list: string; reason: string; note: string; shipping: boolean };

const isTyped = (value: unknown): value is { typed: Typed; selected: string[] } =>
  typeof value === "object" && value !== null && "typed" in value && "selected" in value;

/** What the ticked items can become (made, shipped, remade, approved, corrected, or back), and what the last move did. */
export function QueueBatchBar({
  selected,
  setSelected,
  dueTodayIds,
  items,
  selectedReview,
  wait,
  carrier,
}: {
  selected: Set<string>;
  setSelected: Dispatch<SetStateAction<Set<string>>>;
  dueTodayIds: string[];
  /** The page's items, of which the ticked ones fill the shipping form. */
  items: readonly QueueItem[];
  /** Whether a ticked item waits for a review, which approving, a correction or asking the buyer settles. */
  selectedReview: boolean;
  wait: { waitDays: number; onDeadline: OnDeadline };
  /** The carrier the seller last shipped with. */
  carrier: string | null;
}) {
  const [typed, setTyped] = useState<Typed>({
    ship: { carrier: carrier ?? "usps", codes: {} },
    list: "",
    reason: "",
    note: "",
    shipping: false,
  });
  useEffect(() => {
    const kept = takeFromTab(TYPED_KEY);
    if (!isTyped(kept)) return;
    // sessionStorage exists only in the browser, so the server's render and hydration start empty.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setTyped(kept.typed);
    setSelected(new Set(kept.selected));
  }, [setSelected]);
  const set = (change: Partial<Typed>) => setTyped((before) => ({ ...before, ...change }));
  const ticked = items.filter((item) => selected.has(item.itemId));
  const status = useRef<HTMLDivElement>(null);
  const { run, feedback, pending } = useQueueMoves(selected, (verb, outcome) => {
    const waiting = new Set(outcome.waiting);
    const refused = new Set(
      outcome.refused.flatMap((item) => (item.itemId && !waiting.has(item.itemId) ? [item.itemId] : [])),
    );
    setSelected(refused);
    // Nothing left ticked, the bar and the button pressed go: focus goes to what the move did, not to the page.
    if (refused.size === 0) status.current?.focus();
    if (verb === "remake") set({ reason: "" });
    if (verb === "correct") set({ note: "" });
    if (verb !== "shipped") return;
    // The codes of the orders refused stay, to correct; the form closes once every order went.
    const left = new Set(items.filter((item) => refused.has(item.itemId)).map((item) => String(item.receiptId)));
    setTyped((before) => ({
      ...before,
      ship: {
        ...before.ship,
        codes: Object.fromEntries(Object.entries(before.ship.codes).filter(([receipt]) => left.has(receipt))),
      },
      shipping: before.shipping && refused.size > 0,
    }));
  });
  const orders = new Set(ticked.map((item) => item.receiptId)).size;
  const offPage = selected.size - ticked.length;
  const ship = () =>
    run("shipped", (ids) =>
      markShippedAction({
        itemIds: ids,
        carrierName: typed.ship.carrier,
        tracking: [...new Set(ticked.map((item) => item.receiptId))]
          .filter((receiptId) => typed.ship.codes[receiptId]?.trim())
          .map((receiptId) => ({ receiptId, trackingCode: typed.ship.codes[receiptId]! })),
      }),
    );
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
        {selected.size > 0 && (
          <>
            <MoveButton pending={pending} onClick={() => run("made", (ids) => markMadeAction({ itemIds: ids }))}>
              Mark made
            </MoveButton>
            <MoveButton pending={pending} onClick={() => set({ shipping: true })}>
              {offPage > 0
                ? `Mark ${counted(selected.size, "item")} shipped`
                : `Mark ${counted(orders, "order")} shipped`}
            </MoveButton>
            <MoveButton pending={pending} onClick={() => run("undo", (ids) => undoMoveAction({ itemIds: ids }))}>
              Undo last move
            </MoveButton>
          </>
        )}
      </div>
      {selected.size > 0 && (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <BatchField
            label="Reason for a remake"
            value={typed.reason}
            onChange={(reason) => set({ reason })}
            maxLength={500}
            width="w-64"
          />
          <MoveButton
            pending={pending}
            onClick={() => run("remake", (ids) => remakeAction({ itemIds: ids, reason: typed.reason }))}
          >
            Remake
          </MoveButton>
          {selectedReview && (
            <ReviewMoves run={run} pending={pending} note={typed.note} setNote={(note) => set({ note })} wait={wait} />
          )}
        </div>
      )}
      {typed.shipping && selected.size > 0 && (
        <ShipOrdersForm
          items={ticked}
          offPage={offPage}
          typed={typed.ship}
          setTyped={(ship) => set({ ship })}
          pending={pending}
          onSend={ship}
          onClose={() => set({ shipping: false })}
        />
      )}
      <ShipListForm
        list={typed.list}
        setList={(list) => set({ list })}
        pending={pending}
        onSend={() => run("shipped", () => shipListAction({ list: typed.list }), false)}
      />
      <div role="status" ref={status} tabIndex={-1} className="mt-2 min-h-6 text-sm outline-none">
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
            {feedback.olderPage && (
              <ReloadPageButton keep={() => keepInTab(TYPED_KEY, { typed, selected: [...selected] })} />
            )}
          </div>
        )}
      </div>
    </>
  );
}
