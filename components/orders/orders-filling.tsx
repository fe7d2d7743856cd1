import type { OrderSync } from "@/lib/orders/order-store";
import { wholeNumber } from "@/lib/whole-number";

/** While a shop's orders are first read (paced, in the background), the page shows what it has so far. */
export function OrdersFilling({ sync }: { sync: OrderSync }) {
  return (
    <p role="status" className="mt-4 rounded-lg bg-blue-50 p-3 text-sm text-blue-950 ring-1 ring-blue-200">
      Reading your orders from the marketplace: {wholeNumber(sync.read)}
      {sync.total > 0 && ` of ${wholeNumber(sync.total)}`} so far. Reload the page to see the rest.
    </p>
  );
}
