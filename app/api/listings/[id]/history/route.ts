import { db } from "@/lib/db";
import { marketplace } from "@/lib/marketplace";
import { readForShop } from "@/lib/api/seller-reads";
import { historyStore } from "@/lib/history/history-store";
import { settleUnknown } from "@/lib/writes/settle-unknown";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const listingId = Number((await params).id);
  return readForShop(
    async (seller) =>
      Number.isSafeInteger(listingId) && listingId > 0
        ? settleUnknown(historyStore(await db()), await marketplace(), seller, listingId)
        : undefined,
    "That is not a listing number.",
  );
}
