import "server-only";
import type { Database } from "../db/database";
import type { ShipmentTracking } from "../marketplace/client";

// A shipment the marketplace did not answer (down, 5xx, a time-out) waits here with the items it ships, and the
// background sends it when the marketplace answers (background.ts). Its send is claimed in the shipment history like
// any other (ship-receipts.ts), so an instance retrying beside another, or a seller shipping it again, sends it once.

export type WaitingShipment = {
  shopId: number;
  userId: number;
  receiptId: number;
  tracking?: ShipmentTracking;
  itemIds: string[];
  waitingSince: number;
  /** What the marketplace said when it answered and refused it. */
  refusal: string | null;
};

type Row = {
  shop_id: number;
  receipt_id: number;
  user_id: number;
  carrier_name: string | null;
  tracking_code: string | null;
  item_ids: string;
  waiting_since: number;
  refusal: string | null;
};

const COLUMNS = "shop_id, receipt_id, user_id, carrier_name, tracking_code, item_ids, waiting_since, refusal";

const shipmentOf = (row: Row): WaitingShipment => ({
  shopId: Number(row.shop_id),
  userId: Number(row.user_id),
  receiptId: Number(row.receipt_id),
  ...(row.carrier_name &&
    row.tracking_code && { tracking: { carrierName: row.carrier_name, trackingCode: row.tracking_code } }),
  itemIds: JSON.parse(row.item_ids) as string[],
  waitingSince: Number(row.waiting_since),
  refusal: row.refusal,
});

export function waitingShipments(db: Database) {
  return {
    async keep(shipment: Omit<WaitingShipment, "waitingSince" | "refusal">) {
      await db.execute(
        `INSERT INTO waiting_shipments (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)
         ON CONFLICT (shop_id, receipt_id) DO UPDATE SET user_id = excluded.user_id, carrier_name = excluded.carrier_name,
           tracking_code = excluded.tracking_code, item_ids = excluded.item_ids, refusal = NULL`,
        [
          shipment.shopId,
          shipment.receiptId,
          shipment.userId,
          shipment.tracking?.carrierName ?? null,
          shipment.tracking?.trackingCode ?? null,
          JSON.stringify(shipment.itemIds),
          Date.now(),
        ],
      );
    },

    /** Those still to send, oldest first, of every shop. */
    async toSend(limit: number): Promise<WaitingShipment[]> {
      const rows = await db.query<Row>(
        `SELECT ${COLUMNS} FROM waiting_shipments WHERE refusal IS NULL ORDER BY waiting_since LIMIT $1`,
        [limit],
      );
      return rows.map(shipmentOf);
    },

    async ofShop(shopId: number): Promise<WaitingShipment[]> {
      const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM waiting_shipments WHERE shop_id = $1`, [shopId]);
      return rows.map(shipmentOf);
    },

    async refused(shopId: number, receiptId: number, refusal: string) {
      await db.execute("UPDATE waiting_shipments SET refusal = $3 WHERE shop_id = $1 AND receipt_id = $2", [
        shopId,
        receiptId,
        refusal,
      ]);
    },

    async done(shopId: number, receiptIds: readonly number[]) {
      for (const receiptId of receiptIds)
        await db.execute("DELETE FROM waiting_shipments WHERE shop_id = $1 AND receipt_id = $2", [shopId, receiptId]);
    },
  };
}
