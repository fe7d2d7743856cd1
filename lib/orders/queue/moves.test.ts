import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { eachEngine } from "../../../test/harness/each-engine";
import { openDatabase, type Database } from "../../db/database";
import type { Order } from "../../marketplace/receipt-wire";
import { orderStore } from "../order-store";
import { BY_THE_CLOCK, moveItems, settleDeadlines, type ItemFacts } from "./moves";
import { queueStore, type OwnedItem } from "./queue-store";
import { stateOf } from "./states";
import { remakeShipBy } from "../day";
import type { Seller } from "../../marketplace/wire";

const ADA: Seller = { userId: 71, shopId: 7001 };
const BO: Seller = { userId: 72, shopId: 7002 };
const USD = { amount: 1000, divisor: 100, currencyCode: "USD" };

const order = (receiptId: number, transactionIds: number[], shipped = false): Order => ({
  receiptId,
  buyerName: `Buyer ${receiptId}`,
  messageFromBuyer: null,
  paid: true,
  shipped,
  createdAt: 1_790_000_000,
  updatedAt: 1_790_000_000,
  items: transactionIds.map((transactionId) => ({
    transactionId,
    listingId: 1,
    title: "Name necklace",
    quantity: 1,
    price: USD,
    answers: [],
    shipBy: null,
  })),
});

/** Facts as the orders would tell them: `flagged` lists the flagged transactions, `shipped` the shipped receipts. */
const facts =
  ({
    flagged = [] as number[],
    shipped = [] as number[],
    canceled = [] as number[],
    review = [] as number[],
    noted = [] as number[],
  } = {}) =>
  async (owned: OwnedItem[]) =>
    new Map<string, ItemFacts>(
      owned.map((item) => [
        item.itemId,
        {
          flagged: flagged.includes(item.transactionId),
          receiptShipped: shipped.includes(item.receiptId),
          life: canceled.includes(item.receiptId)
            ? ("canceled" as const)
            : review.includes(item.receiptId)
              ? ("payment-review" as const)
              : ("open" as const),
          buyerNote: noted.includes(item.receiptId),
          name: `Item ${item.itemId}`,
        },
      ]),
    );

async function stateNow(db: Database, mover: Seller, itemId: string, given: Parameters<typeof facts>[0] = {}) {
  const owned = (await queueStore(db).owned(mover.shopId, [itemId])).get(itemId);
  if (!owned) return undefined;
  const known = (await facts(given)([owned])).get(itemId)!;
  return stateOf(owned.row, known);
}

describe.each(eachEngine())("the production queue on %s", (engine, location) => {
  let db: Database;
  let where: string;

  beforeEach(async () => {
    where = engine === "SQLite" ? join(mkdtempSync(join(tmpdir(), "queue-")), "dashboard.db") : location();
    db = await openDatabase(where);
    for (const table of ["queue_items", "queue_moves", "shop_orders", "shop_order_items"])
      await db.execute(`DELETE FROM ${table}`);
    await orderStore(db).put(ADA.shopId, [order(501, [11, 12]), order(502, [13], true)]);
    await orderStore(db).put(BO.shopId, [order(601, [21])]);
    return () => db.close();
  });

  it("puts an item with no row in to make, or in review when an answer is flagged, and writes nothing on read", async () => {
    expect(await stateNow(db, ADA, "11")).toBe("to-make");
    expect(await stateNow(db, ADA, "12", { flagged: [12] })).toBe("review");
    expect(await stateNow(db, ADA, "13", { shipped: [502] })).toBe("shipped");
    expect(await queueStore(db).rows(ADA.shopId)).toEqual([]);
  });

  it("moves an item to made then shipped, keeping who moved it and when", async () => {
    const made = await moveItems(db, ADA, "made", ["11"], facts());
    expect(made).toEqual({ done: ["11"], refused: [] });
    expect(await stateNow(db, ADA, "11")).toBe("made");
    await moveItems(db, ADA, "shipped", ["11"], facts());
    expect(await stateNow(db, ADA, "11")).toBe("shipped");
    const moves = await queueStore(db).moves(ADA.shopId, "11");
    expect(moves.map((move) => [move.kind, move.from, move.to, move.userId])).toEqual([
      ["shipped", "made", "shipped", ADA.userId],
      ["made", "to-make", "made", ADA.userId],
    ]);
    expect(moves[0]!.movedAt).toBeGreaterThan(Date.now() - 60_000);
    const again = await moveItems(db, ADA, "made", ["11"], facts());
    expect(again.refused).toEqual([{ itemId: "11", reason: "Item 11 is shipped already." }]);
  });

  it("refuses to mark a flagged item made until it is approved, or its correction noted and kept", async () => {
    const flagged = facts({ flagged: [11, 12] });
    const refused = await moveItems(db, ADA, "made", ["11", "12"], flagged);
    expect(refused.done).toEqual([]);
    expect(refused.refused[0]?.reason).toMatch(/^Item 11 is still in review: approve its answers/);
    expect(await stateNow(db, ADA, "11", { flagged: [11] })).toBe("review");

    await moveItems(db, ADA, "approve", ["11"], flagged);
    await moveItems(db, ADA, "correct", ["12"], flagged, { note: "Buyer agreed: Lily without the flower" });
    expect(await stateNow(db, ADA, "11", { flagged: [11] })).toBe("to-make");
    expect((await queueStore(db).row(ADA.shopId, "12"))?.note).toBe("Buyer agreed: Lily without the flower");
    expect(await moveItems(db, ADA, "made", ["11", "12"], flagged)).toEqual({ done: ["11", "12"], refused: [] });
    const approveTwice = await moveItems(db, ADA, "approve", ["11"], flagged);
    expect(approveTwice.refused[0]?.reason).toMatch(/needs no review/);
  });

  it("makes a remake a new item linked to its original, with its reason, that goes through the queue again", async () => {
    expect((await moveItems(db, ADA, "remake", ["11"], facts(), { reason: "Cracked" })).refused[0]?.reason).toMatch(
      /not made yet/,
    );
    await moveItems(db, ADA, "made", ["11"], facts());
    expect(await moveItems(db, ADA, "remake", ["11"], facts(), { reason: "Engraving cracked" })).toEqual({
      done: ["11"],
      refused: [],
    });
    const remake = await queueStore(db).row(ADA.shopId, "11-r1");
    expect(remake).toMatchObject({ remakeOf: "11", reason: "Engraving cracked", state: "to-make", receiptId: 501 });
    expect(await stateNow(db, ADA, "11")).toBe("made");
    await moveItems(db, ADA, "made", ["11-r1"], facts());
    expect(await stateNow(db, ADA, "11-r1")).toBe("made");

    await moveItems(db, ADA, "remake", ["13"], facts({ shipped: [502] }), { reason: "Lost in the post" });
    expect(await stateNow(db, ADA, "13-r1", { shipped: [502] })).toBe("to-make");
  });

  it("gives a remake its own ship-by: today in the seller's time zone plus its listing's processing time", async () => {
    await queueStore(db).setTimeZone(ADA.shopId, "America/Los_Angeles");
    expect(await queueStore(db).timeZone(ADA.shopId)).toBe("America/Los_Angeles");
    await moveItems(db, ADA, "made", ["11", "12"], facts());
    const slow = async (owned: OwnedItem[]) =>
      new Map([...(await facts()(owned))].map(([id, known]) => [id, { ...known, processingDays: 5 }]));
    await moveItems(db, ADA, "remake", ["11"], slow, { reason: "Cracked" });
    await moveItems(db, ADA, "remake", ["12"], facts(), { reason: "Wrong font" });
    const now = Date.now() / 1000;
    expect((await queueStore(db).row(ADA.shopId, "11-r1"))?.shipBy).toBe(remakeShipBy(now, 5, "America/Los_Angeles"));
    expect((await queueStore(db).row(ADA.shopId, "12-r1"))?.shipBy).toBe(
      remakeShipBy(now, null, "America/Los_Angeles"),
    );
    expect(await queueStore(db).setShipBy(ADA.shopId, "11-r1", 1_800_000_000)).toBe(true);
    expect((await queueStore(db).row(ADA.shopId, "11-r1"))?.shipBy).toBe(1_800_000_000);
    // An original ships by its order's date, and another shop's remake is not found.
    expect(await queueStore(db).setShipBy(ADA.shopId, "11", 1_800_000_000)).toBe(false);
    expect(await queueStore(db).setShipBy(BO.shopId, "11-r1", 1_800_000_000)).toBe(false);
  });

  it("undoes the last move of an item, putting it back, and a remake's creation removes it", async () => {
    await moveItems(db, ADA, "approve", ["12"], facts({ flagged: [12] }));
    await moveItems(db, ADA, "made", ["12"], facts({ flagged: [12] }));
    expect(await moveItems(db, BO, "undo", ["12"], facts())).toMatchObject({ done: [] });
    expect(await moveItems(db, ADA, "undo", ["12"], facts({ flagged: [12] }))).toEqual({ done: ["12"], refused: [] });
    expect(await stateNow(db, ADA, "12", { flagged: [12] })).toBe("to-make");
    await moveItems(db, ADA, "undo", ["12"], facts({ flagged: [12] }));
    expect(await stateNow(db, ADA, "12", { flagged: [12] })).toBe("review");
    const moves = await queueStore(db).moves(ADA.shopId, "12");
    expect(moves.map((move) => [move.kind, move.undoneBy])).toEqual([
      ["made", ADA.userId],
      ["approve", ADA.userId],
    ]);
    expect((await moveItems(db, ADA, "undo", ["12"], facts())).refused[0]?.reason).toBe("Item 12 has no move to undo.");

    await moveItems(db, ADA, "made", ["11"], facts());
    await moveItems(db, ADA, "remake", ["11"], facts(), { reason: "Wrong font" });
    await moveItems(db, ADA, "undo", ["11-r1"], facts());
    expect(await queueStore(db).row(ADA.shopId, "11-r1")).toBeUndefined();
    expect(await stateNow(db, ADA, "11")).toBe("made");
  });

  it("keeps two shops' queues apart: an item of another shop is not found, and nothing of it moves", async () => {
    const across = await moveItems(db, BO, "made", ["11", "21"], facts());
    expect(across.done).toEqual(["21"]);
    expect(across.refused).toEqual([
      {
        itemId: "11",
        reason: "There is no item 11 in your shop's orders: reload the page to see the queue as it is.",
      },
    ]);
    expect(await stateNow(db, ADA, "11")).toBe("to-make");
    expect(await queueStore(db).rows(ADA.shopId)).toEqual([]);
    expect((await queueStore(db).rows(BO.shopId)).map((row) => row.itemId)).toEqual(["21"]);
  });

  it("survives reopening the database", async () => {
    await moveItems(db, ADA, "made", ["11"], facts());
    await moveItems(db, ADA, "correct", ["12"], facts({ flagged: [12] }), { note: "Ship as Lily" });
    await db.close();
    db = await openDatabase(where);
    expect(await stateNow(db, ADA, "11")).toBe("made");
    expect(await queueStore(db).row(ADA.shopId, "12")).toMatchObject({ review: "corrected", note: "Ship as Lily" });
    expect((await queueStore(db).lastMove(ADA.shopId, "11"))?.kind).toBe("made");
  });

  it("refuses to make or ship an item of a cancelled order, or one not paid yet, and flags a made one cancelled", async () => {
    await moveItems(db, ADA, "made", ["11"], facts());
    const cancelled = facts({ canceled: [501] });
    expect(await stateNow(db, ADA, "11", { canceled: [501] })).toBe("cancelled-made");
    expect(await stateNow(db, ADA, "12", { canceled: [501] })).toBe("cancelled");
    const made = await moveItems(db, ADA, "made", ["12"], cancelled);
    expect(made.refused[0]?.reason).toBe(
      "Item 12 was cancelled on the marketplace, so nothing was done: stop making it and put it aside.",
    );
    expect((await moveItems(db, ADA, "shipped", ["11"], cancelled)).refused[0]?.reason).toMatch(/was cancelled/);
    expect(await stateNow(db, ADA, "12", { review: [501] })).toBe("not-paid");
    const unpaid = await moveItems(db, ADA, "made", ["12"], facts({ review: [501] }));
    expect(unpaid.refused[0]?.reason).toMatch(/is not paid yet .*don't make or ship it until it is paid\.$/);
  });

  it("asks the buyer from review, then at the deadline holds it for review or goes ahead as written, each step kept", async () => {
    const flagged = facts({ flagged: [11, 12] });
    expect((await moveItems(db, ADA, "ask", ["11"], facts(), { deadline: 100 })).refused[0]?.reason).toMatch(
      /needs no review, so there is nothing to ask the buyer/,
    );
    await moveItems(db, ADA, "ask", ["11"], flagged, { deadline: 1_000, waitDays: 3, onDeadline: "hold" });
    await moveItems(db, ADA, "ask", ["12"], flagged, { deadline: 2_000, waitDays: 3, onDeadline: "go-ahead" });
    expect(await queueStore(db).settings(ADA.shopId)).toEqual({ waitDays: 3, onDeadline: "go-ahead" });
    expect(await queueStore(db).settings(BO.shopId)).toEqual({ waitDays: 2, onDeadline: "hold" });
    expect(await stateNow(db, ADA, "11", { flagged: [11] })).toBe("waiting");
    expect((await moveItems(db, ADA, "made", ["11"], flagged)).refused[0]?.reason).toMatch(/still in review/);

    expect(await settleDeadlines(db, ADA.shopId, 999, flagged)).toEqual([]);
    expect(await settleDeadlines(db, ADA.shopId, 1_000, flagged)).toEqual(["11"]);
    expect(await stateNow(db, ADA, "11", { flagged: [11] })).toBe("review");
    expect(await settleDeadlines(db, ADA.shopId, 5_000, flagged)).toEqual(["12"]);
    expect(await stateNow(db, ADA, "12", { flagged: [12] })).toBe("to-make");
    expect(await queueStore(db).row(ADA.shopId, "12")).toMatchObject({ review: "approved", deadline: null });
    const moves = await queueStore(db).moves(ADA.shopId, "12");
    expect(moves.map((move) => [move.kind, move.from, move.to, move.userId])).toEqual([
      ["deadline", "waiting", "to-make", BY_THE_CLOCK],
      ["ask", "review", "waiting", ADA.userId],
    ]);
    expect(await settleDeadlines(db, ADA.shopId, 9_000, flagged)).toEqual([]);
  });

  it("approves an item waiting on the buyer when the buyer answers before the deadline", async () => {
    const flagged = facts({ flagged: [11] });
    await moveItems(db, ADA, "ask", ["11"], flagged, { deadline: 1_000, onDeadline: "hold" });
    await moveItems(db, ADA, "correct", ["11"], flagged, { note: "Buyer wrote: Lily, no flower" });
    expect(await stateNow(db, ADA, "11", { flagged: [11] })).toBe("to-make");
    expect(await settleDeadlines(db, ADA.shopId, 5_000, flagged)).toEqual([]);
  });

  it("lifts an item whose buyer left a note into review until the note is marked read, a move undone like the others", async () => {
    const noted = facts({ noted: [501] });
    expect(await stateNow(db, ADA, "11", { noted: [501] })).toBe("review");
    expect((await moveItems(db, ADA, "made", ["11"], noted)).refused[0]?.reason).toMatch(/still in review/);
    expect((await moveItems(db, ADA, "read-note", ["13"], facts())).refused[0]?.reason).toBe(
      "Item 13 has no note from the buyer left to read.",
    );

    expect(await moveItems(db, ADA, "read-note", ["11"], noted)).toEqual({ done: ["11"], refused: [] });
    expect(await stateNow(db, ADA, "11", { noted: [501] })).toBe("to-make");
    expect((await queueStore(db).moves(ADA.shopId, "11")).map((move) => [move.kind, move.from, move.to])).toEqual([
      ["read-note", "review", "to-make"],
    ]);
    expect((await moveItems(db, ADA, "read-note", ["11"], noted)).refused[0]?.reason).toMatch(
      /no note .* left to read/,
    );
    await moveItems(db, ADA, "undo", ["11"], noted);
    expect(await stateNow(db, ADA, "11", { noted: [501] })).toBe("review");

    // A flagged answer keeps its item in review after the note is read; approving it settles both.
    const both = facts({ noted: [501], flagged: [12] });
    await moveItems(db, ADA, "read-note", ["12"], both);
    expect(await stateNow(db, ADA, "12", { noted: [501], flagged: [12] })).toBe("review");
    await moveItems(db, ADA, "approve", ["11", "12"], both);
    expect(await stateNow(db, ADA, "11", { noted: [501] })).toBe("to-make");
    expect(await moveItems(db, ADA, "made", ["11", "12"], both)).toEqual({ done: ["11", "12"], refused: [] });
    await db.close();
    db = await openDatabase(where);
    expect(await queueStore(db).row(ADA.shopId, "11")).toMatchObject({ noteRead: true, state: "made" });
  });
});
