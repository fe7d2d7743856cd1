import type { KeyboardEvent } from "react";
import { itemName, remakeNumber, type QueueItem } from "@/lib/orders/queue/queue-rows";
import { dayText, localDay, type SellerDay } from "@/lib/orders/day";
import { STATE_LABELS, type QueueState } from "@/lib/orders/queue/states";
import { timeLeft } from "@/lib/orders/queue/buyer-wait";
import { RemakeShipBy } from "./remake-ship-by";
import { BuyerMessage } from "./buyer-message";
import { QueueAnswers } from "./queue-answers";
import { ProofThumb } from "../production/proof-thumb";

const TONES: Record<QueueState, string> = {
  "not-paid": "bg-red-50 text-red-900 ring-1 ring-red-300",
  review: "bg-amber-100 text-amber-950 ring-1 ring-amber-300",
  waiting: "bg-violet-50 text-violet-900 ring-1 ring-violet-200",
  "to-make": "bg-blue-50 text-blue-900 ring-1 ring-blue-200",
  made: "bg-green-50 text-green-900 ring-1 ring-green-200",
  "cancelled-made": "bg-red-100 text-red-950 ring-2 ring-red-400",
  cancelled: "bg-stone-100 text-stone-800",
  shipped: "bg-stone-100 text-stone-800",
};

function dueNote(item: QueueItem, day: SellerDay) {
  if (item.state === "shipped" || item.state === "cancelled") return null;
  if (item.shipBy < day.start) return "overdue";
  if (item.shipBy < day.end) return "due today";
  return null;
}

const DATE = "whitespace-nowrap px-2 py-1.5 tabular-nums";

/** One item of the queue: its box to tick, its order, what the buyer asked, when it ships and where it stands. */
export function QueueRow({
  item,
  day,
  now,
  checked,
  box,
  onCheck,
  onKeyDown,
}: {
  item: QueueItem;
  /** The seller's today, in their time zone, as the server saw it. */
  day: SellerDay;
  /** Unix seconds on the marketplace's clock, as the server saw it. */
  now: number;
  checked: boolean;
  box: (element: HTMLInputElement | null) => void;
  onCheck: (checked: boolean) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const due = dueNote(item, day);
  const remake = item.remakeOf ? remakeNumber(item.itemId) : null;
  return (
    <tr data-item={item.itemId} className={`border-t border-stone-200 align-top ${checked ? "bg-blue-50" : ""}`}>
      <td className="px-2 py-1.5">
        <input
          ref={box}
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheck(event.target.checked)}
          onKeyDown={onKeyDown}
          aria-label={`Select ${remake ? `remake ${remake} of ` : ""}${item.title} of order ${item.receiptId}`}
          className="size-5 md:size-4"
        />
      </td>
      <td className="whitespace-nowrap px-2 py-1.5 tabular-nums">{item.receiptId}</td>
      <td className="px-2 py-1.5">{item.buyerName}</td>
      <td className="px-2 py-1.5">
        {item.title}
        {item.remakeOf && (
          <p className="text-xs text-stone-700" data-remake-of={item.remakeOf}>
            Remake {remake} of order {item.receiptId}: {item.reason}
          </p>
        )}
      </td>
      <td className="px-2 py-1.5 tabular-nums">{item.quantity}</td>
      <td className="px-2 py-1.5">
        <QueueAnswers item={item} />
        <ProofThumb item={item} />
      </td>
      <td className={DATE}>{localDay(item.orderedAt, day.timeZone)}</td>
      <td className={DATE}>
        {remake !== null && item.state !== "shipped" && !item.state.startsWith("cancelled") ? (
          <RemakeShipBy
            itemId={item.itemId}
            day={localDay(item.shipBy, day.timeZone)}
            name={itemName(item.title, item.receiptId, item.itemId)}
          />
        ) : (
          localDay(item.shipBy, day.timeZone)
        )}
        {due && <span className="block text-xs font-semibold text-red-800">{due}</span>}
      </td>
      <td className="px-2 py-1.5">
        <span
          className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium ${TONES[item.state]}`}
          data-state={item.state}
        >
          {STATE_LABELS[item.state]}
        </span>
        {item.state === "cancelled-made" && (
          <p className="mt-1 text-xs font-semibold text-red-900" data-cancelled-made>
            The buyer&apos;s order was cancelled after this was made: stop, and put it aside.
          </p>
        )}
        {item.state === "not-paid" && (
          <p className="mt-1 text-xs text-red-900">The marketplace is reviewing the payment: wait until it is paid.</p>
        )}
        {item.shipmentWaiting && (
          <p className="mt-1 text-xs font-semibold text-amber-950" data-shipment-waiting>
            {item.shipmentWaiting}
          </p>
        )}
        {item.refunds.map((refund) => (
          <p key={refund} className="mt-1 text-xs text-stone-900" data-refund>
            {refund}
          </p>
        ))}
        {item.state === "waiting" && item.deadline !== null && (
          <>
            <p className="mt-1 text-xs text-violet-950" data-deadline={item.deadline}>
              Answer by {dayText(item.deadline, day.timeZone)} ({timeLeft(item.deadline, now)}, marketplace time); then{" "}
              {item.onDeadline === "go-ahead" ? "made as written" : "held for your review"}.
            </p>
            <BuyerMessage item={item} />
          </>
        )}
      </td>
    </tr>
  );
}
