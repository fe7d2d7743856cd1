import { z } from "zod";
import { moneySchema } from "./wire.js";

// The OAS's ShopReceipt and ShopReceiptTransaction as the sandbox answers them (docs/marketplace.md §16).

export const PERSONALIZATION_PROPERTY_ID = 54;

export const variationSchema = z.object({
  property_id: z.int().meta({ description: `${PERSONALIZATION_PROPERTY_ID} for every personalization answer.` }),
  value_id: z.int().nullable().meta({ description: "The chosen option's option_id for a dropdown; null otherwise." }),
  formatted_name: z.string().meta({ description: "The question's text as the buyer saw it." }),
  formatted_value: z.string().meta({ description: "The answer; an upload's file names, comma-separated." }),
  question_id: z.int().nullable().meta({ description: "The personalization question the answer is for." }),
});

export const transactionSchema = z.object({
  transaction_id: z.int(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  seller_user_id: z.int(),
  buyer_user_id: z.int(),
  create_timestamp: z.int(),
  created_timestamp: z.int(),
  paid_timestamp: z.int().nullable(),
  shipped_timestamp: z.int().nullable(),
  quantity: z.int(),
  listing_image_id: z.int().nullable(),
  receipt_id: z.int(),
  is_digital: z.boolean(),
  file_data: z.string(),
  listing_id: z.int().nullable(),
  transaction_type: z.string(),
  product_id: z.int().nullable(),
  sku: z.string().nullable(),
  price: moneySchema.meta({ description: "Per item: the listing's price and the add-on prices of the answers." }),
  shipping_cost: moneySchema,
  variations: z.array(variationSchema),
  product_data: z.array(z.object({ property_id: z.int() })),
  shipping_profile_id: z.int().nullable(),
  min_processing_days: z.int().nullable(),
  max_processing_days: z.int().nullable(),
  shipping_method: z.string().nullable(),
  shipping_upgrade: z.string().nullable(),
  expected_ship_date: z.int().nullable(),
  buyer_coupon: z.number(),
  shop_coupon: z.number(),
});

const RECEIPT_STATUSES = [
  "paid",
  "completed",
  "open",
  "payment processing",
  "canceled",
  "fully refunded",
  "partially refunded",
] as const;

export const refundSchema = z.object({
  amount: moneySchema.meta({ description: "What this refund gave back." }),
  created_timestamp: z.int(),
  reason: z.string().nullable(),
  note_from_issuer: z.string().nullable(),
  status: z.string().nullable(),
});

export const receiptSchema = z.object({
  receipt_id: z.int(),
  receipt_type: z.int(),
  seller_user_id: z.int(),
  seller_email: z.string().nullable(),
  buyer_user_id: z.int(),
  buyer_email: z.string().nullable(),
  name: z.string(),
  first_line: z.string().nullable(),
  second_line: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  status: z.enum(RECEIPT_STATUSES),
  formatted_address: z.string().nullable(),
  country_iso: z.string().nullable(),
  payment_method: z.string(),
  payment_email: z.string().nullable(),
  message_from_seller: z.string().nullable(),
  message_from_buyer: z.string().nullable(),
  message_from_payment: z.string().nullable(),
  is_paid: z.boolean(),
  is_shipped: z.boolean(),
  create_timestamp: z.int(),
  created_timestamp: z.int(),
  update_timestamp: z.int(),
  updated_timestamp: z.int(),
  is_gift: z.boolean(),
  gift_message: z.string(),
  gift_sender: z.string(),
  grandtotal: moneySchema,
  subtotal: moneySchema,
  total_price: moneySchema,
  total_shipping_cost: moneySchema,
  total_tax_cost: moneySchema,
  total_vat_cost: moneySchema,
  discount_amt: moneySchema,
  gift_wrap_price: moneySchema,
  shipments: z.array(
    z.object({
      receipt_shipping_id: z.int().nullable(),
      shipment_notification_timestamp: z.int(),
      carrier_name: z.string(),
      tracking_code: z.string(),
    }),
  ),
  transactions: z.array(transactionSchema),
  refunds: z.array(refundSchema),
});

export const receiptPageSchema = z.object({ count: z.int(), results: z.array(receiptSchema) });
export const transactionPageSchema = z.object({ count: z.int(), results: z.array(transactionSchema) });

export type VariationWire = z.output<typeof variationSchema>;
export type TransactionWire = z.output<typeof transactionSchema>;
export type ReceiptWire = z.output<typeof receiptSchema>;
