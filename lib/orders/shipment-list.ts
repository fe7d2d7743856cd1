import Papa from "papaparse";
import { carrierOf, KNOWN_CARRIERS } from "./carriers";
import { LIST_MAX_BYTES, LIST_MAX_LINES } from "./shipment-list-bounds";
import { trackingCodeOf } from "./tracking-input";

// A day's shipments as label tools export them (docs/sellers.md, "Shipping a day's parcels"): one line per order,
// "order, carrier, tracking", comma-, tab- or semicolon-separated, with or without a header row. Each line is checked
// on its own, so a bad one is refused by its number and the rest still ship.

export type ListedShipment = { line: number; receiptId: number; carrierName: string; trackingCode: string };
export type ListRefusal = { line: number; receiptId: number | null; reason: string };
export type ShipmentList =
  { ok: true; shipments: ListedShipment[]; refused: ListRefusal[] } | { ok: false; refusal: string };

const fold = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, "");

// The columns' names in ShipStation, Pirate Ship, Shippo and the marketplace's own exports.
const HEADERS = {
  order: ["order", "ordernumber", "orderno", "orderid", "ordernum", "receipt", "receiptid", "salesordernumber"],
  carrier: ["carrier", "carriername", "carriercode", "shippingcarrier", "provider", "shippingprovider"],
  tracking: ["tracking", "trackingnumber", "trackingcode", "trackingno", "trackingid", "trackingnum"],
};

type Columns = { order: number; carrier: number; tracking: number };

function headerOf(row: string[]): Columns | undefined {
  const names = row.map(fold);
  const find = (kind: keyof typeof HEADERS) => names.findIndex((name) => HEADERS[kind].includes(name));
  const columns = { order: find("order"), carrier: find("carrier"), tracking: find("tracking") };
  return columns.order >= 0 && columns.tracking >= 0 ? columns : undefined;
}

const ORDER_NUMBER = /^#?\s*([1-9][0-9]{0,15})$/;

function lineOf(row: string[], line: number, columns: Columns): ListedShipment | ListRefusal {
  const cell = (index: number) => (index >= 0 ? (row[index] ?? "").trim() : "");
  const orderText = cell(columns.order);
  const matched = ORDER_NUMBER.exec(orderText);
  if (!matched)
    return {
      line,
      receiptId: null,
      reason: `Line ${line}: “${orderText.slice(0, 40)}” is not an order number; write the order's number first on the line.`,
    };
  const receiptId = Number(matched[1]);
  const refused = (reason: string): ListRefusal => ({
    line,
    receiptId,
    reason: `Line ${line}, order ${receiptId}: ${reason}`,
  });
  const carrierText = cell(columns.carrier);
  if (!carrierText) return refused(`it names no carrier; write one of ${KNOWN_CARRIERS}, or "other".`);
  const carrier = carrierOf(carrierText);
  if (!carrier)
    return refused(
      `“${carrierText.slice(0, 40)}” is not a carrier the dashboard knows; write one of ${KNOWN_CARRIERS}, or "other".`,
    );
  const code = trackingCodeOf(row[columns.tracking] ?? "");
  if ("refusal" in code) return refused(code.refusal);
  return { line, receiptId, carrierName: carrier.value, trackingCode: code.code };
}

/** The list read line by line: each line a shipment or its refusal; a list too large or empty is refused whole. */
export function shipmentList(text: string): ShipmentList {
  if (new TextEncoder().encode(text).length > LIST_MAX_BYTES)
    return {
      ok: false,
      refusal: `The list is over ${LIST_MAX_BYTES / 1024} KB: ship it in parts of a few hundred orders.`,
    };
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    delimitersToGuess: [",", "\t", ";", "|"],
    preview: LIST_MAX_LINES + 2,
  });
  const rows = parsed.data
    .map((row, index) => ({ row, line: index + 1 }))
    .filter(({ row }) => row.some((cell) => cell.trim()));
  if (rows.length === 0)
    return {
      ok: false,
      refusal: "The list is empty: paste one line per order, its order number, carrier and tracking code.",
    };
  const header = headerOf(rows[0]!.row);
  const lines = header ? rows.slice(1) : rows;
  if (lines.length > LIST_MAX_LINES)
    return {
      ok: false,
      refusal: `The list has over ${LIST_MAX_LINES} lines: ship it in parts of ${LIST_MAX_LINES} orders at most.`,
    };
  const columns = header ?? { order: 0, carrier: 1, tracking: 2 };
  const shipments: ListedShipment[] = [];
  const refused: ListRefusal[] = [];
  const seen = new Map<number, number>();
  for (const { row, line } of lines) {
    const read = lineOf(row, line, columns);
    if ("reason" in read) refused.push(read);
    else if (seen.has(read.receiptId))
      refused.push({
        line,
        receiptId: read.receiptId,
        reason: `Line ${line}, order ${read.receiptId}: the order is on line ${seen.get(read.receiptId)} already, so this line was left out.`,
      });
    else {
      seen.set(read.receiptId, line);
      shipments.push(read);
    }
  }
  return { ok: true, shipments, refused };
}
