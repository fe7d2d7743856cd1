import { readForShop } from "@/lib/api/seller-reads";
import { mirrorView } from "@/lib/mirror/mirror-view";

export async function GET() {
  return readForShop((seller) => mirrorView(seller.shopId), "Your marketplace account has no shop.");
}
