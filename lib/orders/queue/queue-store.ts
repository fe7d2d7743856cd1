import "server-only";
import type { Database } from "../../db/database";
import { DEFAULT_TIME_ZONE } from "../day";
import type { MoveKind, OnDeadline, QueueRow, QueueState, Review } from "./states";

// Each shop's production queue in the dashboard's database: a row per item that has moved (an item with none is where
// stateOf puts it) and every move with the row before it. Every query names the shop, so two shops never meet.

export type QueueMove = {
  itemId: string;
  seq: number;
  kind: MoveKind | "undo";
  from: QueueState;
  to: QueueState;
  userId: number;
  movedAt: number;
  undoneBy: number | null;
  undoneAt: number | null;
};

/** A queue item of the shop: an order item (its id is the transaction's) or a remake of one. */
export type OwnedItem = { itemId: string; receiptId: number; transactionId: number; row: QueueRow | undefined };

type RowWire = {
  item_id: string;
  receipt_id: number;
  transaction_id: number;
  remake_of: string | null;
  reason: string | null;
  state: string;
  review: string | null;
  note: string | null;
  note_read: number | null;
  created_at: number;
  deadline: number | null;
  on_deadline: string | null;
  ship_by: number | null;
};

const COLUMNS =
  "item_id, receipt_id, transaction_id, remake_of, reason, state, review, note, created_at, deadline, on_deadline, ship_by, note_read";

const rowOf = (wire: RowWire): QueueRow => ({
  itemId: wire.item_id,
  receiptId: Number(wire.receipt_id),
  transactionId: Number(wire.transaction_id),
  remakeOf: wire.remake_of,
  reason: wire.reason,
  state: wire.state as QueueRow["state"],
  review: wire.review as Review | null,
  note: wire.note,
  createdAt: Number(wire.created_at),
  deadline: wire.deadline === null ? null : Number(wire.deadline),
  onDeadline: wire.on_deadline as OnDeadline | null,
  shipBy: wire.ship_by === null ? null : Number(wire.ship_by),
  noteRead: Number(wire.note_read ?? 0) === 1,
});

const ORIGINAL = /^[1-9][0-9]{0,15}$/;

const WAIT_DEFAULTS: { waitDays: number; onDeadline: OnDeadline } = { waitDays: 2, onDeadline: "hold" };
type SettingColumn = "time_zone" | "carrier";

export function queueStore(db: Database) {
  const row = async (shopId: number, itemId: string) => {
    const [found] = await db.query<RowWire>(`SELECT ${COLUMNS} FROM queue_items WHERE shop_id = $1 AND item_id = $2`, [
      shopId,
      itemId,
    ]);
    return found && rowOf(found);
  };

  const put = async (shopId: number, next: QueueRow) =>
    db.execute(
      `INSERT INTO queue_items (shop_id, ${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (shop_id, item_id) DO UPDATE SET state = excluded.state, review = excluded.review,
         note = excluded.note, reason = excluded.reason, remake_of = excluded.remake_of, deadline = excluded.deadline,
         on_deadline = excluded.on_deadline, ship_by = excluded.ship_by,
         note_read = excluded.note_read`,
      [
        shopId,
        next.itemId,
        next.receiptId,
        next.transactionId,
        next.remakeOf,
        next.reason,
        next.state,
        next.review,
        next.note,
        next.createdAt,
        next.deadline ?? null,
        next.onDeadline ?? null,
        next.shipBy ?? null,
        next.noteRead ? 1 : 0,
      ],
    );

  // One column of the seller's settings each; a first one written takes the other columns' defaults.
  const setting = async (shopId: number, column: SettingColumn) => {
    const [found] = await db.query<Record<SettingColumn, string | null>>(
      `SELECT ${column} FROM queue_settings WHERE shop_id = $1`,
      [shopId],
    );
    return found?.[column] ?? null;
  };
  const setSetting = (shopId: number, column: SettingColumn, value: string) =>
    db.execute(
      `INSERT INTO queue_settings (shop_id, wait_days, on_deadline, ${column}) VALUES ($1, $2, $3, $4)
       ON CONFLICT (shop_id) DO UPDATE SET ${column} = excluded.${column}`,
      [shopId, WAIT_DEFAULTS.waitDays, WAIT_DEFAULTS.onDeadline, value],
    );

  return {
    row,

    async rows(shopId: number): Promise<QueueRow[]> {
      return (await db.query<RowWire>(`SELECT ${COLUMNS} FROM queue_items WHERE shop_id = $1`, [shopId])).map(rowOf);
    },

    /** The items among `itemIds` that are the shop's; an id of another shop's item is simply not found. */
    async owned(shopId: number, itemIds: readonly string[]): Promise<Map<string, OwnedItem>> {
      const owned = new Map<string, OwnedItem>();
      for (const itemId of new Set(itemIds)) {
        const kept = await row(shopId, itemId);
        if (kept) {
          owned.set(itemId, { itemId, receiptId: kept.receiptId, transactionId: kept.transactionId, row: kept });
          continue;
        }
        if (!ORIGINAL.test(itemId)) continue;
        const [item] = await db.query<{ receipt_id: number }>(
          "SELECT receipt_id FROM shop_order_items WHERE shop_id = $1 AND transaction_id = $2",
          [shopId, Number(itemId)],
        );
        if (item)
          owned.set(itemId, {
            itemId,
            receiptId: Number(item.receipt_id),
            transactionId: Number(itemId),
            row: undefined,
          });
      }
      return owned;
    },

    /** The shop's items waiting on the buyer whose deadline is at or before `now` (Unix seconds). */
    async passedDeadlines(shopId: number, now: number): Promise<QueueRow[]> {
      return (
        await db.query<RowWire>(
          `SELECT ${COLUMNS} FROM queue_items WHERE shop_id = $1 AND state = 'waiting' AND deadline <= $2`,
          [shopId, Math.floor(now)],
        )
      ).map(rowOf);
    },

    /** How long the seller gives a buyer to answer, and what then: two days and hold until the seller says otherwise. */
    async settings(shopId: number): Promise<{ waitDays: number; onDeadline: OnDeadline }> {
      const [row] = await db.query<{ wait_days: number; on_deadline: string }>(
        "SELECT wait_days, on_deadline FROM queue_settings WHERE shop_id = $1",
        [shopId],
      );
      return row ? { waitDays: Number(row.wait_days), onDeadline: row.on_deadline as OnDeadline } : WAIT_DEFAULTS;
    },

    async setSettings(shopId: number, settings: { waitDays: number; onDeadline: OnDeadline }) {
      await db.execute(
        `INSERT INTO queue_settings (shop_id, wait_days, on_deadline) VALUES ($1, $2, $3)
         ON CONFLICT (shop_id) DO UPDATE SET wait_days = excluded.wait_days, on_deadline = excluded.on_deadline`,
        [shopId, settings.waitDays, settings.onDeadline],
      );
    },

    /** The seller's time zone, as the browser said it; UTC until then. */
    timeZone: async (shopId: number) => (await setting(shopId, "time_zone")) ?? DEFAULT_TIME_ZONE,
    setTimeZone: (shopId: number, timeZone: string) => setSetting(shopId, "time_zone", timeZone),
    /** The carrier the seller last shipped with from the form, which it opens on. */
    carrier: (shopId: number) => setting(shopId, "carrier"),
    setCarrier: (shopId: number, carrier: string) => setSetting(shopId, "carrier", carrier),

    /** A remake's ship-by, set by the seller: false when the shop has no such remake. */
    async setShipBy(shopId: number, itemId: string, shipBy: number): Promise<boolean> {
      const changed = await db.execute(
        "UPDATE queue_items SET ship_by = $3 WHERE shop_id = $1 AND item_id = $2 AND remake_of IS NOT NULL",
        [shopId, itemId, shipBy],
      );
      return changed > 0;
    },

    async remakeCount(shopId: number, transactionId: number) {
      const [counted] = await db.query<{ remakes: number }>(
        "SELECT COUNT(*) AS remakes FROM queue_items WHERE shop_id = $1 AND transaction_id = $2 AND remake_of IS NOT NULL",
        [shopId, transactionId],
      );
      return Number(counted?.remakes ?? 0);
    },

    /**
     * One move: kept first, under the item's next number, so that two moves racing on one item cannot both land
     * (the second one's number is taken and it fails); then the row as it stands after it.
     */
    async move(
      shopId: number,
      move: { itemId: string; kind: MoveKind; from: QueueState; to: QueueState; userId: number },
      before: QueueRow | undefined,
      after: QueueRow,
    ): Promise<boolean> {
      const [last] = await db.query<{ seq: number | null }>(
        "SELECT MAX(seq) AS seq FROM queue_moves WHERE shop_id = $1 AND item_id = $2",
        [shopId, move.itemId],
      );
      const inserted = await db
        .execute(
          `INSERT INTO queue_moves (shop_id, item_id, seq, kind, from_state, to_state, user_id, moved_at, row_before)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            shopId,
            move.itemId,
            Number(last?.seq ?? 0) + 1,
            move.kind,
            move.from,
            move.to,
            move.userId,
            Date.now(),
            before ? JSON.stringify(before) : null,
          ],
        )
        .catch(() => 0);
      if (inserted === 0) return false;
      await put(shopId, after);
      return true;
    },

    async lastMove(shopId: number, itemId: string): Promise<QueueMove | undefined> {
      return (await this.moves(shopId, itemId)).find((move) => move.undoneAt === null);
    },

    /** The item's moves, the latest first. */
    async moves(shopId: number, itemId: string): Promise<QueueMove[]> {
      const rows = await db.query<{
        seq: number;
        kind: string;
        from_state: string;
        to_state: string;
        user_id: number;
        moved_at: number;
        undone_by: number | null;
        undone_at: number | null;
      }>(
        `SELECT seq, kind, from_state, to_state, user_id, moved_at, undone_by, undone_at FROM queue_moves
         WHERE shop_id = $1 AND item_id = $2 ORDER BY seq DESC`,
        [shopId, itemId],
      );
      return rows.map((wire) => ({
        itemId,
        seq: Number(wire.seq),
        kind: wire.kind as QueueMove["kind"],
        from: wire.from_state as QueueState,
        to: wire.to_state as QueueState,
        userId: Number(wire.user_id),
        movedAt: Number(wire.moved_at),
        undoneBy: wire.undone_by === null ? null : Number(wire.undone_by),
        undoneAt: wire.undone_at === null ? null : Number(wire.undone_at),
      }));
    },

    /** Puts the item back as it stood before its last move: that move is marked undone, by whom and when. */
    async undo(shopId: number, itemId: string, userId: number): Promise<QueueMove | undefined> {
      const [last] = await db.query<{ seq: number; row_before: string | null }>(
        `SELECT seq, row_before FROM queue_moves WHERE shop_id = $1 AND item_id = $2 AND undone_at IS NULL
         ORDER BY seq DESC LIMIT 1`,
        [shopId, itemId],
      );
      if (!last) return undefined;
      const marked = await db.execute(
        `UPDATE queue_moves SET undone_by = $1, undone_at = $2
         WHERE shop_id = $3 AND item_id = $4 AND seq = $5 AND undone_at IS NULL`,
        [userId, Date.now(), shopId, itemId, Number(last.seq)],
      );
      if (marked === 0) return undefined;
      if (last.row_before === null)
        await db.execute("DELETE FROM queue_items WHERE shop_id = $1 AND item_id = $2", [shopId, itemId]);
      else await put(shopId, JSON.parse(last.row_before) as QueueRow);
      return (await this.moves(shopId, itemId)).find((move) => move.seq === Number(last.seq));
    },
  };
}
