import { readForShop } from "@/lib/api/seller-reads";
import { planRunner } from "@/lib/changes/planning";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return readForShop(async (seller) => {
    const runner = await planRunner();
    const plan = await runner.plans.find(id, seller.shopId);
    return plan && runner.plans.view(plan);
  }, "There is no such plan in your shop. Go back to your listings.");
}
