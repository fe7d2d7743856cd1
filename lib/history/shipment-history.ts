import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import type { HistoryOutcome } from "./history-store";
import type { Claim } from "./write-claim";

// The shipments the dashboard sent (docs/marketplace.md §16.6), kept as a listing's writes are (history-store.ts):
// before sending, as "pending" (the shipment's claim on its receipt, write-claim.ts), then done, unknown, or
// forgotten when the marketplace certainly stored nothing.

type Row = {
  history_id: string;
  receipt_id: number;
  carrier_name: string | null;
  tracking_code: string | null;
  outcome: HistoryOutcome;
  recorded_at: number;
};

export function shipmentHistory(db: Database) {
  return {
    /** The shipment recorded as "pending", its claim on the receipt: undefined while another one to it is pending. */
    async record(entry: {
      shopId: number;
      userId: number;
      receiptId: number;
      carrierName?: string;
      trackingCode?: string;
    }): Promise<string | undefined> {
      const id = randomUUID();
      const recorded = await db.execute(
        `INSERT INTO shipment_history (history_id, shop_id, user_id, receipt_id, carrier_name, tracking_code, outcome, recorded_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7) ON CONFLICT DO NOTHING`,
        [
          id,
          entry.shopId,
          entry.userId,
          entry.receiptId,
          entry.carrierName ?? null,
          entry.trackingCode ?? null,
          Date.now(),
        ],
      );
      return recorded === 1 ? id : undefined;
    },

    /** The shipment to a receipt being sent now, if any. */
    async pending(shopId: number, receiptId: number): Promise<Claim | undefined> {
      const [row] = await db.query<{ history_id: string; recorded_at: number }>(
        "SELECT history_id, recorded_at FROM shipment_history WHERE shop_id = $1 AND receipt_id = $2 AND outcome = 'pending'",
        [shopId, receiptId],
      );
      return row && { id: row.history_id, recordedAt: Number(row.recorded_at) };
    },

    /** A pending shipment whose process stopped: unknown, so a read-back settles it. */
    async giveUp(claim: Claim) {
      await db.execute(
        "UPDATE shipment_history SET outcome = 'unknown' WHERE history_id = $1 AND outcome = 'pending'",
        [claim.id],
      );
    },

    async settle(id: string, outcome: Exclude<HistoryOutcome, "pending">) {
      await db.execute("UPDATE shipment_history SET outcome = $2 WHERE history_id = $1", [id, outcome]);
    },

    async forget(id: string) {
      await db.execute("DELETE FROM shipment_history WHERE history_id = $1", [id]);
    },

    /** A receipt's shipments, newest first. */
    async list(shopId: number, receiptId: number) {
      const rows = await db.query<Row>(
        `SELECT history_id, receipt_id, carrier_name, tracking_code, outcome, recorded_at FROM shipment_history
         WHERE shop_id = $1 AND receipt_id = $2 ORDER BY recorded_at DESC, history_id`,
        [shopId, receiptId],
      );
      return rows.map((row) => ({
        id: row.history_id,
        receiptId: Number(row.receipt_id),
        carrierName: row.carrier_name,
        trackingCode: row.tracking_code,
        outcome: row.outcome,
        recordedAt: Number(row.recorded_at),
      }));
    },
  };
}
