import { z } from "zod";
import { moneyOf, type Money } from "./money";
import { moneyWire } from "./wire";

// Receipts and transactions as the live OAS shapes them (docs/marketplace.md §16), read leniently: the fields the
// Orders page uses, each answer a `variation` that names the personalization question it answers.

const variationWire = z.object({
  property_id: z.number().nullable().optional(),
  value_id: z.number().nullable().optional(),
  formatted_name: z.string().nullable().optional(),
  formatted_value: z.string().nullable().optional(),
  question_id: z.number().nullable().optional(),
});

export const transactionWire = z.object({
  transaction_id: z.number(),
  receipt_id: z.number(),
  listing_id: z.number().nullable().optional(),
  title: z.string().nullable().optional(),
  quantity: z.number(),
  price: moneyWire,
  variations: z.array(variationWire).default([]),
  expected_ship_date: z.number().nullable().optional(),
  max_processing_days: z.number().nullable().optional(),
});

const refundWire = z.object({
  amount: moneyWire,
  reason: z.string().nullable().optional(),
  created_timestamp: z.number(),
});

export const receiptWire = z.object({
  receipt_id: z.number(),
  status: z.string().nullable().optional(),
  name: z.string().default(""),
  message_from_buyer: z.string().nullable().optional(),
  is_paid: z.boolean(),
  is_shipped: z.boolean(),
  created_timestamp: z.number(),
  updated_timestamp: z.number(),
  transactions: z.array(transactionWire).default([]),
  shipments: z.array(z.object({ tracking_code: z.string().nullable().optional() })).default([]),
  refunds: z.array(refundWire).nullable().optional(),
});

export const receiptPageWire = z.object({ count: z.number(), results: z.array(receiptWire) });
export const transactionPageWire = z.object({ count: z.number(), results: z.array(transactionWire) });

export type OrderAnswer = { questionId: number | null; name: string; value: string; optionId: number | null };

export type OrderItem = {
  transactionId: number;
  listingId: number | null;
  title: string;
  quantity: number;
  price: Money;
  answers: OrderAnswer[];
  /** Unix seconds: the marketplace's expected ship date, null where it has none (lib/orders/ship-by.ts falls back). */
  shipBy: number | null;
  /** The listing's processing time when ordered, in days (absent in older rows): a remake's own ship-by counts it. */
  processingDays?: number | null;
};

/** What the marketplace refunded the buyer, and why (docs/marketplace.md §16). */
export type Refund = { amount: Money; reason: string | null; createdAt: number };

/**
 * Where the order stands in its life: `canceled` is not to be made; `payment-review` is not paid yet; `open` is paid,
 * refunded or not, for a refunded order may still be shipped (docs/marketplace.md §16.7).
 */
export type OrderLife = "open" | "payment-review" | "canceled";

export type Order = {
  receiptId: number;
  life?: OrderLife;
  refunds?: Refund[];
  buyerName: string;
  messageFromBuyer: string | null;
  paid: boolean;
  shipped: boolean;
  /** Unix seconds, as the marketplace sends them. */
  createdAt: number;
  updatedAt: number;
  items: OrderItem[];
  /** The tracking codes of its shipments, by which a shipment whose answer was lost is found (absent in older rows). */
  trackingCodes?: string[];
};

export function toOrderItem(wire: z.infer<typeof transactionWire>): OrderItem {
  return {
    transactionId: wire.transaction_id,
    listingId: wire.listing_id ?? null,
    title: wire.title ?? "",
    quantity: wire.quantity,
    price: moneyOf(wire.price),
    answers: wire.variations
      // Variations without a question_id are the listing's own (size, colour), not answers to a question.
      .filter((variation) => variation.question_id != null)
      .map((variation) => ({
        questionId: variation.question_id ?? null,
        name: variation.formatted_name ?? "",
        value: variation.formatted_value ?? "",
        optionId: variation.value_id ?? null,
      })),
    shipBy: wire.expected_ship_date ?? null,
    processingDays: wire.max_processing_days ?? null,
  };
}

function lifeOf(wire: z.infer<typeof receiptWire>): OrderLife {
  const status = wire.status?.toLowerCase();
  if (status === "canceled") return "canceled";
  if (!wire.is_paid && status === "payment processing") return "payment-review";
  return "open";
}

export function toOrder(wire: z.infer<typeof receiptWire>): Order {
  return {
    receiptId: wire.receipt_id,
    life: lifeOf(wire),
    refunds: (wire.refunds ?? []).map((refund) => ({
      amount: moneyOf(refund.amount),
      reason: refund.reason || null,
      createdAt: refund.created_timestamp,
    })),
    buyerName: wire.name,
    messageFromBuyer: wire.message_from_buyer || null,
    paid: wire.is_paid,
    shipped: wire.is_shipped,
    createdAt: wire.created_timestamp,
    updatedAt: wire.updated_timestamp,
    items: wire.transactions.map(toOrderItem),
    trackingCodes: wire.shipments.flatMap((shipment) => (shipment.tracking_code ? [shipment.tracking_code] : [])),
  };
}
