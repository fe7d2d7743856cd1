import { readForShop } from "@/lib/api/seller-reads";
import { mirrorView } from "@/lib/mirror/mirror-view";

// GET /api/mirror: the shop's mirror as the listings page shows it (the fill's progress is polled from here).
export async function GET() {
  return readForShop((seller) => mirrorView(seller.shopId), "Your marketplace account has no shop.");
}
