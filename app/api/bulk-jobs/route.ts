import { ensureJobRunner } from "@/lib/bulk/background-runner";
import { readForShop } from "@/lib/api/seller-reads";

export async function GET() {
  return readForShop(
    async (seller) => (await ensureJobRunner()).jobs.recent(seller.shopId),
    "Your marketplace account has no shop, so it has no bulk changes.",
  );
}
