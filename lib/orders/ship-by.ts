import type { Order, OrderItem } from "../marketplace/receipt-wire";

// When an item must ship: the marketplace's expected ship date on its transaction, or the order date where it has none
// (and for orders kept before the date was kept).

/** Unix seconds. */
export const shipByOf = (order: Pick<Order, "createdAt">, item: Pick<OrderItem, "shipBy">) =>
  item.shipBy ?? order.createdAt;
