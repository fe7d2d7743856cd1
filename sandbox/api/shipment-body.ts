import { z } from "zod";
import { jsonError, type Ctx } from "../http.js";
import type { BodyReader } from "./routes.js";
import type { ReceiptWire } from "../receipt-wire.js";

// createReceiptShipment's body as the live OAS lists it (docs/marketplace.md §16.6): JSON as documented, form-encoded
// as older clients send it; a field the OAS does not list is refused, naming it.

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1")], {
    error: "must be true or false.",
  })
  .optional();

const number = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ],
    { error: "must be a number." },
  )
  .nullable()
  .optional();

const text = (description: string) => z.string().optional().meta({ description });
const nullableText = z.string().nullable().optional();

const customsEntry = z.strictObject({
  country_of_origin: z.string().nullable(),
  declared_value: z.number().nullable(),
  HS_code: z.string().nullable(),
});

export const shipmentBodySchema = z.strictObject({
  tracking_code: text("The tracking code; with carrier_name, or neither to mark the receipt shipped only."),
  carrier_name: text("The carrier; `other` for a carrier the marketplace does not list."),
  send_bcc: flag.meta({ description: "Also send the shipping notification to the seller." }),
  note_to_buyer: text("Included in the buyer's notification."),
  mail_class: nullableText,
  weight: number,
  weight_units: nullableText,
  length: number,
  width: number,
  height: number,
  dimension_units: nullableText,
  shipping_label_cost: number,
  shipping_label_currency: nullableText,
  revenue_eligibility: nullableText,
  ship_from_country: nullableText,
  ship_to_country: nullableText,
  incoterm: nullableText,
  customs_data: z.array(customsEntry).nullable().optional(),
  duty_amount: number,
  duty_currency: nullableText,
  ship_date: nullableText,
});

export const shipmentBody: BodyReader = {
  contentTypes: ["application/json", "application/x-www-form-urlencoded"],
  async read(c: Ctx) {
    const type = c.req.header("content-type") ?? "";
    try {
      if (type.startsWith("application/json")) return (await c.req.json()) as unknown;
      if (type.startsWith("application/x-www-form-urlencoded")) {
        const form = await c.req.parseBody();
        return Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
      }
    } catch {
      return jsonError(c, 400, "Request body could not be parsed.");
    }
    return jsonError(c, 415, "Content-Type must be application/json or application/x-www-form-urlencoded.");
  },
};

/**
 * The OAS's rule: within the United States on an order over $10, or to India, a shipment needs its tracking code and
 * carrier; otherwise neither, or both.
 */
export function shipmentRefusal(body: z.output<typeof shipmentBodySchema>, receipt: ReceiptWire): string | undefined {
  const tracking = body.tracking_code?.trim() ?? "";
  const carrier = body.carrier_name?.trim() ?? "";
  if (tracking && !carrier) return "carrier_name: is required with tracking_code; send other for an unlisted carrier.";
  if (carrier && !tracking) return "tracking_code: is required with carrier_name.";
  if (tracking) return undefined;
  const total = receipt.grandtotal.amount / receipt.grandtotal.divisor;
  if (receipt.country_iso === "IN") return "tracking_code: a shipment to India needs tracking_code and carrier_name.";
  if (receipt.country_iso === "US" && total > 10)
    return `tracking_code: an order over $10 shipped within the United States needs tracking_code and carrier_name (this one is $${total.toFixed(2)}).`;
  return undefined;
}
