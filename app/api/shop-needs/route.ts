import { readForShop } from "@/lib/api/seller-reads";
import { shopNeedsOf } from "@/lib/shop-health/needs-attention";

export async function GET() {
  return readForShop(async (seller) => await shopNeedsOf(seller.shopId), "Your marketplace account has no shop.");
}
