"use client";

import { useRef, useState, type KeyboardEvent } from "react";
import type { QueueItem } from "@/lib/orders/queue/queue-rows";
import type { OnDeadline } from "@/lib/orders/queue/states";
import type { SellerDay } from "@/lib/orders/day";
import { QueueBatchBar } from "./queue-batch-bar";
import { QueueRow } from "./queue-row";

const COLUMNS = ["Order", "Buyer", "Item", "Qty", "Answers", "Ordered", "Ship by", "State"];

export function QueueTable({
  items,
  dueTodayIds,
  day,
  now,
  wait,
  carrier,
}: {
  items: QueueItem[];
  dueTodayIds: string[];
  /** The seller's today, in their time zone, as the server saw it. */
  day: SellerDay;
  /** Unix seconds on the marketplace's clock. */
  now: number;
  /** The seller's defaults for "Ask the buyer". */
  wait: { waitDays: number; onDeadline: OnDeadline };
  /** The carrier the seller last shipped with. */
  carrier: string | null;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const byId = new Map(items.map((item) => [item.itemId, item]));

  const toggle = (itemId: string, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  // Up and Down go from one item's box to the next, as in a list.
  const moveFocus = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    boxes.current[index + step]?.focus();
  };

  const allOnPage = items.length > 0 && items.every((item) => selected.has(item.itemId));

  return (
    <div className="mt-3">
      <QueueBatchBar
        selected={selected}
        setSelected={setSelected}
        dueTodayIds={dueTodayIds}
        selectedReview={[...selected].some((id) => ["review", "waiting"].includes(byId.get(id)?.state ?? ""))}
        wait={wait}
        items={items}
        carrier={carrier}
      />
      <div id="queue" tabIndex={-1} className="mt-2 overflow-x-auto rounded-lg outline-none ring-1 ring-stone-200">
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
                <th key={column} scope="col" className="whitespace-nowrap px-2 py-1.5">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <QueueRow
                key={item.itemId}
                item={item}
                day={day}
                now={now}
                checked={selected.has(item.itemId)}
                box={(box) => {
                  boxes.current[index] = box;
                }}
                onCheck={(checked) => toggle(item.itemId, checked)}
                onKeyDown={(event) => moveFocus(event, index)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
