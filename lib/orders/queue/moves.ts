import "server-only";
import type { Database } from "../../db/database";
import { remakeShipBy } from "../day";
import { queueStore, type OwnedItem } from "./queue-store";
import {
  noteUnread,
  refusalOf,
  stateOf,
  type MoveKind,
  type OnDeadline,
  type OrderFacts,
  type QueueRow,
  type QueueState,
} from "./states";
import type { Seller } from "../../marketplace/wire";

// The seller's moves in the queue, each on a batch of items: every item is checked to be the shop's before anything
// moves, then moved or refused with a sentence of its own.

/** What the orders say of an item, which the queue does not keep: an answer flagged, the receipt shipped or cancelled. */
export type ItemFacts = OrderFacts & { name: string; processingDays?: number | null };

export type MoveOutcome = { done: string[]; refused: { itemId: string; reason: string }[] };

/** `deadline`: Unix seconds on the marketplace's clock, for "Ask the buyer". */
type Extra = { note?: string; reason?: string; deadline?: number; waitDays?: number; onDeadline?: OnDeadline };

/** The user id a move made by the deadline passing, not by a person, is kept under. */
export const BY_THE_CLOCK = 0;

export const NOT_FOUND = (itemId: string) =>
  `There is no item ${itemId} in your shop's orders: reload the page to see the queue as it is.`;
const RACED = (name: string) => `${name} was moved by someone else just now: reload the page and try again.`;

type Next = { from?: QueueState; to: QueueState; row: QueueRow };

const waitOver = (row: QueueRow): QueueRow => ({ ...row, deadline: null, onDeadline: null });

async function after(
  database: Database,
  shopId: number,
  kind: MoveKind,
  item: OwnedItem,
  known: ItemFacts,
  extra: Extra,
): Promise<Next> {
  const row: QueueRow = item.row ?? {
    itemId: item.itemId,
    receiptId: item.receiptId,
    transactionId: item.transactionId,
    remakeOf: null,
    reason: null,
    state: "to-make",
    review: null,
    note: null,
    createdAt: Date.now(),
  };
  switch (kind) {
    case "made":
      return { to: "made", row: { ...row, state: "made" } };
    case "shipped":
      return { to: "shipped", row: { ...row, state: "shipped" } };
    // Approving or correcting is done with the buyer's note in view (the row shows it), so it settles the note too.
    case "approve":
      return {
        to: "to-make",
        row: { ...waitOver(row), state: "to-make", review: "approved", note: null, noteRead: true },
      };
    case "correct":
      return {
        to: "to-make",
        row: { ...waitOver(row), state: "to-make", review: "corrected", note: extra.note ?? "", noteRead: true },
      };
    // The note alone is settled: an answer still flagged keeps the item in review.
    case "read-note": {
      const read = { ...row, noteRead: true };
      return { to: stateOf(read, known), row: read };
    }
    case "ask":
      return {
        to: "waiting",
        row: { ...row, state: "waiting", deadline: extra.deadline ?? null, onDeadline: extra.onDeadline ?? "hold" },
      };
    // Held, the item is back in review (its row cleared of the wait); gone ahead, it is made as the buyer wrote it.
    case "deadline":
      return row.onDeadline === "go-ahead"
        ? {
            to: "to-make",
            row: { ...waitOver(row), state: "to-make", review: "approved", note: null, noteRead: true },
          }
        : { to: "review", row: { ...waitOver(row), state: "to-make", review: null } };
    // A remake is a new item, made to the original's approval or correction: its answers were reviewed for it.
    case "remake": {
      const store = queueStore(database);
      const number = (await store.remakeCount(shopId, item.transactionId)) + 1;
      const itemId = `${item.transactionId}-r${number}`;
      const remake: QueueRow = {
        ...waitOver(row),
        itemId,
        remakeOf: item.itemId,
        reason: extra.reason ?? "",
        state: "to-make",
        shipBy: remakeShipBy(Date.now() / 1000, known.processingDays, await store.timeZone(shopId)),
      };
      return { from: "to-make", to: "to-make", row: { ...remake, createdAt: Date.now() } };
    }
  }
}

/** Whether any of the items is the shop's and could take the move now: a batch that moves none reads nothing first. */
export async function anyMovable(
  database: Database,
  mover: Seller,
  kind: MoveKind,
  itemIds: readonly string[],
  factsOf: (owned: OwnedItem[]) => Promise<Map<string, ItemFacts>>,
): Promise<boolean> {
  const owned = [...(await queueStore(database).owned(mover.shopId, itemIds)).values()];
  const facts = await factsOf(owned);
  return owned.some((item) => {
    const known = facts.get(item.itemId);
    return (
      known !== undefined && refusalOf(kind, stateOf(item.row, known), known.name, noteUnread(item.row, known)) === null
    );
  });
}

export async function moveItems(
  database: Database,
  mover: Seller,
  kind: MoveKind | "undo",
  itemIds: readonly string[],
  factsOf: (owned: OwnedItem[]) => Promise<Map<string, ItemFacts>>,
  extra: Extra = {},
): Promise<MoveOutcome> {
  const store = queueStore(database);
  const owned = await store.owned(mover.shopId, itemIds);
  const facts = await factsOf([...owned.values()]);
  const outcome: MoveOutcome = { done: [], refused: [] };
  for (const itemId of new Set(itemIds)) {
    const item = owned.get(itemId);
    const known = facts.get(itemId);
    if (!item || !known) {
      outcome.refused.push({ itemId, reason: NOT_FOUND(itemId) });
      continue;
    }
    const from = stateOf(item.row, known);
    const refused =
      kind === "undo"
        ? await undoRefusal(database, mover, item, known, from)
        : (refusalOf(kind, from, known.name, noteUnread(item.row, known)) ??
          (await moveOne(database, mover, kind, item, known, from, extra)));
    if (refused) outcome.refused.push({ itemId, reason: refused });
    else outcome.done.push(itemId);
  }
  return outcome;
}

async function moveOne(
  database: Database,
  mover: Seller,
  kind: MoveKind,
  item: OwnedItem,
  known: ItemFacts,
  from: QueueState,
  extra: Extra,
): Promise<string | null> {
  const next = await after(database, mover.shopId, kind, item, known, extra);
  if (kind === "ask") await queueStore(database).setSettings(mover.shopId, settingsOf(next.row, extra));
  const moved = await queueStore(database).move(
    mover.shopId,
    { itemId: next.row.itemId, kind, from: next.from ?? from, to: next.to, userId: mover.userId },
    kind === "remake" ? undefined : item.row,
    next.row,
  );
  return moved ? null : RACED(known.name);
}

async function undoRefusal(
  database: Database,
  mover: Seller,
  item: OwnedItem,
  known: ItemFacts,
  from: QueueState,
): Promise<string | null> {
  if (from === "shipped" && known.receiptShipped && !item.row?.remakeOf)
    return `The marketplace shows ${known.name} shipped, so it stays shipped.`;
  const undone = await queueStore(database).undo(mover.shopId, item.itemId, mover.userId);
  return undone ? null : `${known.name} has no move to undo.`;
}

const settingsOf = (row: QueueRow, extra: Extra) => ({
  waitDays: extra.waitDays ?? 2,
  onDeadline: row.onDeadline ?? "hold",
});

/**
 * Every item of the shop waiting on the buyer whose deadline has passed on the marketplace's clock is moved as its
 * wait said (held for review, or made as written), each a move of its own in the log, by the clock. Two instances
 * settling at once cannot both move one item: the move log's next number is taken once.
 */
export async function settleDeadlines(
  database: Database,
  shopId: number,
  marketplaceNow: number,
  factsOf: (owned: OwnedItem[]) => Promise<Map<string, ItemFacts>>,
): Promise<string[]> {
  const store = queueStore(database);
  const passed = await store.passedDeadlines(shopId, marketplaceNow);
  if (passed.length === 0) return [];
  const outcome = await moveItems(
    database,
    { userId: BY_THE_CLOCK, shopId },
    "deadline",
    passed.map((row) => row.itemId),
    factsOf,
  );
  return outcome.done;
}
