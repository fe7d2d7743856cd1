import "server-only";
import type { Result } from "../marketplace/failure";
import type { Seller } from "../marketplace/wire";
import type { KeptOrders } from "./background";
import type { OrderFilter } from "./order-store";
import { productionSheet, type ProductionSheet } from "./production-sheet";
import type { QueueFilter } from "./queue/queue-rows";
import { queueView } from "./queue/queue-view";
import type { QueueState } from "./queue/states";

export type SheetView = { sheet: ProductionSheet; sync: KeptOrders; cut: boolean };

/**
 * The production sheet of the queue as the Orders page filters it, in one state (to make unless named). The queue
 * is read in every state, so the sheet can count the items in review it leaves off, or print them on hold. Printed
 * to be made from, it reads the marketplace's changes first: an order cancelled a minute ago must not be on it.
 */
export async function productionSheetView(
  seller: Seller,
  filter: OrderFilter & QueueFilter,
  { state, onHold }: { state: QueueState; onHold: boolean },
): Promise<Result<SheetView>> {
  const read = await queueView(
    seller,
    { ...filter, state: null },
    { limit: Number.MAX_SAFE_INTEGER, offset: 0 },
    undefined,
    "now",
  );
  if (!read.ok) return read;
  return {
    ok: true,
    data: { sheet: productionSheet(read.data.items, state, { onHold }), sync: read.data.sync, cut: read.data.cut },
  };
}
