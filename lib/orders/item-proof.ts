import "server-only";
import { db } from "../db";
import { fontOf } from "../production/kept-fonts";
import { profileStore } from "../production/profile-store";
import { proofSvg } from "../production/proof";
import type { Seller } from "../marketplace/wire";
import { orderStore } from "./order-store";
import { answered } from "./orders-view";
import { queueStore } from "./queue/queue-store";

export type ItemProof = { ok: true; svg: string } | { ok: false; status: 404; error: string };

const NONE = "There is no such item in your shop's kept orders: reload the Orders page.";

/**
 * An item's proof, drawn from what is made now: the correction the buyer agreed to once the seller noted one, else
 * the first text answer, set in the font of the listing's production profile.
 */
export async function itemProof(seller: Seller, receiptId: number, itemId: string): Promise<ItemProof> {
  const database = await db();
  const transactionId = Number(itemId.split("-r")[0]);
  const order = (await orderStore(database).kept(seller.shopId, [receiptId])).get(receiptId);
  const item = order?.items.find((candidate) => candidate.transactionId === transactionId);
  if (!order || !item || item.listingId === null) return { ok: false, status: 404, error: NONE };
  const row = (await queueStore(database).rows(seller.shopId)).find((candidate) => candidate.itemId === itemId);
  if (itemId !== String(transactionId) && !row) return { ok: false, status: 404, error: NONE };
  const profile = (await profileStore(database).forListings(seller.shopId, [item.listingId])).get(item.listingId);
  const font = profile && fontOf({ shopId: seller.shopId, ...profile });
  if (!profile || !font)
    return { ok: false, status: 404, error: "This item's listing has no production profile, so it has no proof." };
  const [answeredOrder] = await answered(database, seller, [{ ...order, items: [item] }]);
  const text =
    row?.review === "corrected" && row.note
      ? row.note
      : (answeredOrder?.items[0]?.questions.find((question) => question.type === "text_input" && question.answer)
          ?.answer?.value ?? "");
  return { ok: true, svg: proofSvg(font, profile, text) };
}
