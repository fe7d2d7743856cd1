import { describe, expect, it } from "vitest";
import { shipmentList } from "./shipment-list";
import { LIST_MAX_BYTES, LIST_MAX_LINES } from "./shipment-list-bounds";

const shipped = (text: string) => {
  const list = shipmentList(text);
  if (!list.ok) throw new Error(list.refusal);
  return list;
};

describe("a list of shipments as label tools export it", () => {
  it("reads ShipStation's CSV by its header, whatever the columns' order", () => {
    const list = shipped(
      "Order Number,Ship Date,Carrier,Service,Tracking Number\n60001,2026-12-02,USPS,Ground Advantage,9400111\n60002,2026-12-02,stamps_com,Priority,9400222\n",
    );
    expect(list).toEqual({
      ok: true,
      shipments: [
        { line: 2, receiptId: 60001, carrierName: "usps", trackingCode: "9400111" },
        { line: 3, receiptId: 60002, carrierName: "usps", trackingCode: "9400222" },
      ],
      refused: [],
    });
  });

  it("reads Pirate Ship's and Shippo's column names, quoted cells and a byte-order mark", () => {
    expect(shipped('\uFEFF"Order ID","Tracking Number","Carrier"\n"#60003","1Z999","UPS"').shipments).toEqual([
      { line: 2, receiptId: 60003, carrierName: "ups", trackingCode: "1Z999" },
    ]);
    expect(shipped("order_number;provider;tracking_number\n60004;FedEx;7712\n").shipments).toEqual([
      { line: 2, receiptId: 60004, carrierName: "fedex", trackingCode: "7712" },
    ]);
  });

  it("reads headerless lines as order, carrier, tracking, tab-separated as a spreadsheet pastes them", () => {
    expect(shipped("60005\tUSPS\t9400555\r\n\r\n60006\tDHL Express\tJD01\r\n").shipments).toEqual([
      { line: 1, receiptId: 60005, carrierName: "usps", trackingCode: "9400555" },
      { line: 3, receiptId: 60006, carrierName: "dhl", trackingCode: "JD01" },
    ]);
  });

  it("refuses each bad line by its number and order, in words, and keeps the good ones", () => {
    const list = shipped(
      [
        "60001,USPS,9400111",
        "sixty,USPS,9400",
        "60002,Pony Express,9400",
        "60003,USPS,9400\u202e333",
        "60004,,9400444",
        "60005,USPS,",
        "60001,UPS,1Z",
        "60006,usps,9400666",
      ].join("\n"),
    );
    expect(list.shipments.map((one) => one.line)).toEqual([1, 8]);
    expect(list.refused).toEqual([
      { line: 2, receiptId: null, reason: expect.stringMatching(/^Line 2: “sixty” is not an order number/) },
      {
        line: 3,
        receiptId: 60002,
        reason: expect.stringMatching(
          /^Line 3, order 60002: “Pony Express” is not a carrier the dashboard knows; write one of USPS, UPS/,
        ),
      },
      {
        line: 4,
        receiptId: 60003,
        reason: expect.stringMatching(
          /^Line 4, order 60003: The tracking code holds characters .*U\+202E RIGHT-TO-LEFT OVERRIDE/,
        ),
      },
      { line: 5, receiptId: 60004, reason: expect.stringMatching(/^Line 5, order 60004: it names no carrier/) },
      { line: 6, receiptId: 60005, reason: "Line 6, order 60005: Type the tracking code." },
      {
        line: 7,
        receiptId: 60001,
        reason: "Line 7, order 60001: the order is on line 1 already, so this line was left out.",
      },
    ]);
    for (const refusal of list.refused) expect(refusal.reason).not.toMatch(/tracking_code|carrier_name|receipt_id/);
  });

  it("refuses a hostile list whole, before reading it: too many bytes, too many lines, nothing", () => {
    expect(shipmentList("6".repeat(LIST_MAX_BYTES + 1))).toEqual({
      ok: false,
      refusal: "The list is over 256 KB: ship it in parts of a few hundred orders.",
    });
    const lines = Array.from({ length: LIST_MAX_LINES + 1 }, (_, index) => `${60000 + index},USPS,9400${index}`);
    expect(shipmentList(lines.join("\n"))).toMatchObject({
      ok: false,
      refusal: expect.stringMatching(/over 500 lines/),
    });
    expect(shipmentList(lines.slice(0, LIST_MAX_LINES).join("\n"))).toMatchObject({ ok: true });
    expect(shipmentList(" \n\t\n")).toMatchObject({ ok: false, refusal: expect.stringMatching(/^The list is empty/) });
  });

  it("keeps a formula-looking or overlong cell out of its refusal's sentence beyond 40 characters", () => {
    const list = shipped(`=HYPERLINK("x"),USPS,1\n60001,${"X".repeat(300)},9400`);
    expect(list.refused[0]!.reason).toContain('“=HYPERLINK("x")”');
    expect(list.refused[1]!.reason).toContain(`“${"X".repeat(40)}”`);
  });
});
