import { readAsSeller } from "@/lib/api/seller-reads";
import { loadStateCounts } from "@/lib/listings/read";

export async function GET() {
  return readAsSeller(loadStateCounts);
}
