import { db } from "@/lib/db";
import { readForShop } from "@/lib/api/seller-reads";
import { templateStore } from "@/lib/templates/template-store";

export async function GET() {
  return readForShop(
    async (seller) => templateStore(await db()).list(seller.shopId),
    "Your marketplace account has no shop, so it has no question templates.",
  );
}
