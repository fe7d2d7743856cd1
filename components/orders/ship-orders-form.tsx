"use client";

import { useEffect, useId, useRef, type FormEvent } from "react";
import type { QueueItem } from "@/lib/orders/queue/queue-rows";
import { CARRIERS } from "@/lib/orders/carriers";
import { counted } from "@/lib/orders/count-words";
import { Button } from "../ui/button";
import { Panel } from "../ui/panel";

export type ShipTyped = { carrier: string; codes: Record<string, string> };

type OrderRow = { receiptId: number; buyerName: string; titles: string[]; trackingNeeded: boolean };

function ordersOf(items: readonly QueueItem[]): OrderRow[] {
  const orders = new Map<number, OrderRow>();
  for (const item of items) {
    const order = orders.get(item.receiptId) ?? {
      receiptId: item.receiptId,
      buyerName: item.buyerName,
      titles: [],
      trackingNeeded: item.trackingNeeded,
    };
    order.titles.push(item.quantity > 1 ? `${item.title} ×${item.quantity}` : item.title);
    orders.set(item.receiptId, order);
  }
  return [...orders.values()];
}

const INPUT = "min-h-11 rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9";

/** One form for the ticked orders: the carrier chosen once, a tracking code per order, sent as one batch. */
export function ShipOrdersForm({
  items,
  offPage,
  typed,
  setTyped,
  pending,
  onSend,
  onClose,
}: {
  items: readonly QueueItem[];
  /** Ticked items not on this page (Select all due today): shipped without a code. */
  offPage: number;
  typed: ShipTyped;
  setTyped: (typed: ShipTyped) => void;
  pending: boolean;
  onSend: () => void;
  onClose: () => void;
}) {
  const carrierId = useId();
  const carrierBox = useRef<HTMLSelectElement>(null);
  // Opened by a button of the bar: the seller goes on in the form, its first field.
  useEffect(() => carrierBox.current?.focus(), []);
  const orders = ordersOf(items);
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  return (
    <Panel heading={`Mark ${counted(orders.length, "order")} shipped`} className="mt-3 p-4" level={2}>
      <form onSubmit={send} aria-label="Ship the ticked orders">
        <p className="mt-1 text-sm text-stone-700">
          Each order is sent to the marketplace with its tracking code; one it refuses is listed with why, and the rest
          ship. An order over $10 within the United States needs its code.
        </p>
        <label htmlFor={carrierId} className="mt-3 flex flex-col gap-1 text-sm font-medium">
          Carrier (for every order below)
        </label>
        <select
          ref={carrierBox}
          id={carrierId}
          value={typed.carrier}
          onChange={(event) => setTyped({ ...typed, carrier: event.target.value })}
          className={INPUT}
        >
          {CARRIERS.map((carrier) => (
            <option key={carrier.value} value={carrier.value}>
              {carrier.label}
            </option>
          ))}
        </select>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-stone-800">
              <tr>
                <th scope="col" className="py-1 pr-2">
                  Order
                </th>
                <th scope="col" className="py-1 pr-2">
                  Items
                </th>
                <th scope="col" className="py-1">
                  Tracking code
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr
                  key={order.receiptId}
                  data-ship-order={order.receiptId}
                  className="border-t border-stone-200 align-top"
                >
                  <td className="whitespace-nowrap py-1.5 pr-2 tabular-nums">
                    {order.receiptId}
                    <span className="block text-xs text-stone-700">{order.buyerName}</span>
                  </td>
                  <td className="py-1.5 pr-2">{order.titles.join("; ")}</td>
                  <td className="py-1.5">
                    <input
                      aria-label={`Tracking code for order ${order.receiptId}`}
                      value={typed.codes[order.receiptId] ?? ""}
                      onChange={(event) =>
                        setTyped({ ...typed, codes: { ...typed.codes, [order.receiptId]: event.target.value } })
                      }
                      maxLength={100}
                      className={`${INPUT} w-full max-w-72`}
                    />
                    <span className="block text-xs text-stone-700">
                      {order.trackingNeeded ? "Needed: over $10" : "Optional"}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {offPage > 0 && (
          <p className="mt-2 text-sm text-stone-700">
            And {counted(offPage, "item")} ticked on other pages, sent without a tracking code: ship those from a list
            to give theirs.
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" variant="primary" compact aria-disabled={pending}>
            Ship {counted(orders.length, "order")}
          </Button>
          <Button type="button" compact onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
    </Panel>
  );
}
