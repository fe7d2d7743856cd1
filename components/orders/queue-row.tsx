import type { KeyboardEvent } from "react";
import type { QueueItem } from "@/lib/orders/queue/queue-rows";
import { DAY, isoDay } from "@/lib/orders/day";
import { STATE_LABELS, type QueueState } from "@/lib/orders/queue/states";
import { QueueAnswers } from "./queue-answers";

const TONES: Record<QueueState, string> = {
  review: "bg-amber-100 text-amber-950 ring-1 ring-amber-300",
  "to-make": "bg-blue-50 text-blue-900 ring-1 ring-blue-200",
  made: "bg-green-50 text-green-900 ring-1 ring-green-200",
  shipped: "bg-stone-100 text-stone-800",
};

function dueNote(item: QueueItem, today: number) {
  if (item.state === "shipped") return null;
  if (item.shipBy < today) return "overdue";
  if (item.shipBy < today + DAY) return "due today";
  return null;
}

/** One item of the queue: its box to tick, its order, what the buyer asked, when it ships and where it stands. */
export function QueueRow({
  item,
  today,
  checked,
  box,
  onCheck,
  onKeyDown,
}: {
  item: QueueItem;
  /** The first second of today's UTC day, as the server saw it. */
  today: number;
  checked: boolean;
  box: (element: HTMLInputElement | null) => void;
  onCheck: (checked: boolean) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const due = dueNote(item, today);
  return (
    <tr data-item={item.itemId} className={`border-t border-stone-200 align-top ${checked ? "bg-blue-50" : ""}`}>
      <td className="px-2 py-1.5">
        <input
          ref={box}
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheck(event.target.checked)}
          onKeyDown={onKeyDown}
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
}
