import { describe, expect, it } from "vitest";
import type { AnsweredOrder } from "../asked-questions";
import { itemName, queueItems } from "./queue-rows";
import type { QueueRow } from "./states";

const NOW = Date.parse("2026-11-28T15:00:00Z") / 1000;
const DAY = 24 * 3600;
const USD = { amount: 1000, divisor: 100, currencyCode: "USD" };

type Life = "open" | "payment-review" | "canceled";
const USD_REFUND = { amount: 500, divisor: 100, currencyCode: "USD" };

const order = (
  receiptId: number,
  shipBy: number,
  {
    shipped = false,
    paid = true,
    flagged = false,
    life = "open" as Life,
    refunded = false,
    note = null as string | null,
  } = {},
) =>
  ({
    receiptId,
    life,
    refunds: refunded ? [{ amount: USD_REFUND, reason: "Engraving smaller than asked", createdAt: shipBy }] : [],
    buyerName: `Buyer ${receiptId}`,
    messageFromBuyer: note,
    paid,
    shipped,
    createdAt: shipBy - 3 * DAY,
    updatedAt: shipBy - 3 * DAY,
    flagged: flagged ? 1 : 0,
    items: [
      {
        transactionId: receiptId * 10,
        listingId: 1,
        title: "Name necklace",
        quantity: 1,
        price: USD,
        answers: [],
        shipBy,
        questions: [
          {
            questionId: 1,
            title: "Name",
            instructions: "",
            type: "text_input",
            titleToday: undefined,
            answer: { questionId: 1, name: "Name", value: flagged ? "Lily 🌸" : "Ada", optionId: null },
            addOnPaid: null,
            flags: flagged ? [{ kind: "prints-badly", message: "May not print as shown: the emoji 🌸." }] : [],
          },
        ],
      },
    ],
  }) satisfies AnsweredOrder;

const ORDERS = [
  order(1, NOW + 3 * DAY),
  order(2, NOW - 2 * DAY, { flagged: true }),
  order(3, NOW),
  order(4, NOW - 5 * DAY, { shipped: true }),
  order(5, NOW + 10 * DAY, { paid: false }),
];

const remake: QueueRow = {
  itemId: "40-r1",
  receiptId: 4,
  transactionId: 40,
  remakeOf: "40",
  reason: "Cracked",
  state: "to-make",
  review: null,
  note: null,
  createdAt: 0,
};

const all = { due: null, openOnly: true, state: null } as const;
const ids = (result: ReturnType<typeof queueItems>) => result.items.map((item) => item.itemId);

describe("the queue's rows", () => {
  it("sorts open items by ship-by date, oldest first, a remake of a shipped order among them", () => {
    const result = queueItems(ORDERS, [remake], all, NOW);
    expect(ids(result)).toEqual(["40-r1", "20", "30", "10"]);
    expect(result.items.map((item) => item.state)).toEqual(["to-make", "review", "to-make", "to-make"]);
    expect(result.counts).toEqual({ items: 4, orders: 4, dueToday: 1, overdue: 2 });
  });

  it("counts due today in the seller's time zone: 4 pm in California is still today there", () => {
    const fourPm = Date.parse("2026-11-28T00:00:00Z") / 1000;
    // Due at noon on the 27th in California: today there at 4 pm, overdue by UTC's day, which turned at 4 pm.
    const noon = [order(6, Date.parse("2026-11-27T20:00:00Z") / 1000)];
    expect(ids(queueItems(noon, [], { ...all, due: "today" }, fourPm, "America/Los_Angeles"))).toEqual(["60"]);
    expect(ids(queueItems(noon, [], { ...all, due: "overdue" }, fourPm, "America/Los_Angeles"))).toEqual([]);
    expect(ids(queueItems(noon, [], { ...all, due: "overdue" }, fourPm))).toEqual(["60"]);
  });

  it("gives a remake its own ship-by, and names it by its number and order, never by its id", () => {
    const own = NOW + 4 * DAY;
    const result = queueItems(ORDERS, [{ ...remake, shipBy: own }], all, NOW);
    expect(result.items.find((item) => item.itemId === "40-r1")?.shipBy).toBe(own);
    expect(itemName("Ring", 60001, "80000001-r1")).toBe("Remake 1 of order 60001 (“Ring”)");
    expect(itemName("Ring", 60001, null)).toBe("“Ring” of order 60001");
  });

  it("filters by the seller's day: due today, overdue, this week; by state; and shows shipped and unpaid when open only is off", () => {
    expect(ids(queueItems(ORDERS, [], { ...all, due: "today" }, NOW))).toEqual(["30"]);
    expect(ids(queueItems(ORDERS, [], { ...all, due: "overdue" }, NOW))).toEqual(["20"]);
    expect(ids(queueItems(ORDERS, [], { ...all, due: "week" }, NOW))).toEqual(["20", "30", "10"]);
    expect(ids(queueItems(ORDERS, [], { ...all, state: "review" }, NOW))).toEqual(["20"]);
    expect(ids(queueItems(ORDERS, [], { ...all, openOnly: false }, NOW))).toEqual(["40", "20", "30", "10", "50"]);
  });

  it("flags a correction note that may not print as shown, as an answer is flagged, and leaves a plain one unflagged", () => {
    const corrected = (note: string): QueueRow => ({
      ...remake,
      itemId: "10",
      receiptId: 1,
      transactionId: 10,
      remakeOf: null,
      reason: null,
      review: "corrected",
      note,
    });
    const flagsOf = (note: string) =>
      queueItems(ORDERS, [corrected(note)], all, NOW).items.find((item) => item.itemId === "10")?.noteFlags;
    expect(flagsOf("Engrave \u202eAda")).toEqual([
      { kind: "prints-badly", message: "May not print as shown: U+202E RIGHT-TO-LEFT OVERRIDE." },
    ]);
    expect(flagsOf("Engrave Ada\u200b")).toEqual([
      { kind: "prints-badly", message: "May not print as shown: U+200B (invisible)." },
    ]);
    expect(flagsOf("Engrave Ada, not Adda")).toEqual([]);
  });

  it("takes a cancelled order's items off the open queue, but flags one made so the seller stops", () => {
    const cancelled = [order(6, NOW, { life: "canceled" }), order(7, NOW + DAY, { life: "canceled" })];
    const made: QueueRow = { ...remake, itemId: "70", receiptId: 7, transactionId: 70, remakeOf: null, state: "made" };
    const result = queueItems(cancelled, [made], all, NOW);
    expect(ids(result)).toEqual(["70"]);
    expect(result.items[0]?.state).toBe("cancelled-made");
    expect(result.counts.dueToday).toBe(0);
    const everything = queueItems(cancelled, [made], { ...all, openOnly: false }, NOW);
    expect(everything.items.map((item) => item.state)).toEqual(["cancelled", "cancelled-made"]);
  });

  it("shows an order in payment review as not paid yet, and says what a refund gave back and why", () => {
    const result = queueItems(
      [order(8, NOW, { paid: false, life: "payment-review" }), order(9, NOW + DAY, { refunded: true })],
      [],
      all,
      NOW,
    );
    expect(result.items.map((item) => [item.itemId, item.state])).toEqual([
      ["80", "not-paid"],
      ["90", "to-make"],
    ]);
    expect(result.items[1]?.refunds).toEqual(["Refunded $5.00: Engraving smaller than asked."]);
  });

  it("sorts by the buyer's deadline, the nearest first, the items not waiting after them", () => {
    const waiting = (itemId: string, receiptId: number, deadline: number): QueueRow => ({
      ...remake,
      itemId,
      receiptId,
      transactionId: receiptId * 10,
      remakeOf: null,
      state: "waiting",
      deadline,
      onDeadline: "hold",
    });
    const rows = [waiting("10", 1, NOW + 2 * DAY), waiting("30", 3, NOW + DAY)];
    const result = queueItems(ORDERS, rows, { ...all, sort: "deadline" }, NOW);
    expect(ids(result)).toEqual(["30", "10", "20"]);
    expect(result.items[0]).toMatchObject({ state: "waiting", deadline: NOW + DAY, onDeadline: "hold" });
  });

  it("keeps an item refunded while in review in review, saying what was refunded, so the seller decides with it", () => {
    const result = queueItems([order(2, NOW, { flagged: true, refunded: true })], [], all, NOW);
    expect(result.items.map((item) => [item.state, item.refunds])).toEqual([
      ["review", ["Refunded $5.00: Engraving smaller than asked."]],
    ]);
  });

  it("shows the buyer's note on each item of its order, lifts it into review until read, and filters on it", () => {
    const orders = [...ORDERS, order(6, NOW + DAY, { note: "Please engrave it in capitals, it is a surprise!" })];
    const result = queueItems(orders, [], all, NOW);
    expect(result.items.find((item) => item.itemId === "60")).toMatchObject({
      state: "review",
      buyerNote: "Please engrave it in capitals, it is a surprise!",
      noteRead: false,
    });
    expect(result.items.find((item) => item.itemId === "10")?.buyerNote).toBeNull();
    expect(ids(queueItems(orders, [], { ...all, hasNote: true }, NOW))).toEqual(["60"]);
    const read: QueueRow = { ...remake, itemId: "60", receiptId: 6, transactionId: 60, remakeOf: null, noteRead: true };
    expect(queueItems(orders, [read], { ...all, hasNote: true }, NOW).items[0]).toMatchObject({
      state: "to-make",
      noteRead: true,
    });
  });
});
