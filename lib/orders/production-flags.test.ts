import { describe, expect, it } from "vitest";
import type { Order } from "../marketplace/receipt-wire";
import { productionCheckOf } from "../production/answer-checks";
import { demoFontBytes } from "../production/demo-font";
import { answeredOrders } from "./asked-questions";
import { queueItems } from "./queue/queue-rows";

const NOW = Date.parse("2026-12-02T12:00:00Z") / 1000;
const USD = { amount: 1000, divisor: 100, currencyCode: "USD" };

const PROFILES = new Map([
  [
    5,
    {
      profileId: 1,
      version: 1,
      name: "Brass tag",
      fontName: "Great Vibes",
      fontData: demoFontBytes().toString("base64"),
      capHeightMm: 6,
      widthMm: 60,
      lines: 1,
      capitals: false,
      blockList: "",
      listingIds: [5],
    },
  ],
]);

const order = (receiptId: number, listingId: number, value: string): Order => ({
  receiptId,
  buyerName: "Buyer",
  messageFromBuyer: null,
  paid: true,
  shipped: false,
  createdAt: NOW,
  updatedAt: NOW,
  items: [
    {
      transactionId: receiptId * 10,
      listingId,
      title: "Tag",
      quantity: 1,
      price: USD,
      shipBy: null,
      answers: [{ questionId: 1, name: "Name", value, optionId: null }],
    },
  ],
});

const queueOf = (orders: Order[], rows: Parameters<typeof queueItems>[1] = []) =>
  queueItems(
    answeredOrders(
      orders,
      () => undefined,
      () => [],
      productionCheckOf(77, PROFILES),
    ),
    rows,
    { due: null, openOnly: true, state: null },
    NOW,
  ).items;

describe("answers checked against the listing's production profile", () => {
  it("hold an item with a finding in review, saying what is wrong, and give the items of a profiled listing a proof", () => {
    const [good, missing, other] = queueOf([order(1, 5, "Ada"), order(2, 5, "Nguyễn"), order(3, 6, "Nguyễn")]);
    expect([good?.state, good?.proof]).toEqual(["to-make", true]);
    expect(missing?.state).toBe("review");
    expect(missing?.answers[0]?.flags).toEqual([
      { kind: "missing-glyph", message: "'ễ' (U+1EC5) is not in Great Vibes." },
    ]);
    expect([other?.state, other?.proof]).toEqual(["to-make", undefined]);
  });

  it("check the correction the buyer agreed to as the answer is", () => {
    const corrected = {
      itemId: "20",
      receiptId: 2,
      transactionId: 20,
      remakeOf: null,
      reason: null,
      state: "to-make" as const,
      review: "corrected" as const,
      note: "WWWWWWWWWWW",
      createdAt: NOW,
    };
    const [item] = queueOf([order(2, 5, "Nguyễn")], [corrected]);
    expect(item?.noteFlags.map((flag) => flag.kind)).toEqual(["too-wide"]);
  });
});
