import { db } from "@/lib/db";
import { readForShop } from "@/lib/shop-reads";
import { historyStore } from "@/lib/history/history-store";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const listingId = Number((await params).id);
  return readForShop(
    async (seller) => (Number.isSafeInteger(listingId) && listingId > 0 ? historyStore(await db()).list(seller.shopId, listingId) : undefined),
    "That is not a listing number.",
  );
}
